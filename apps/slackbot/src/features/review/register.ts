// The review feature: a dubbed language's Review translation, Render again and Speakers buttons; inside the
// review modal, its pages, a missing line and the selects; and the submissions of the review, the render
// dialog, the new line and the speakers dialog. Buttons inside a modal act on the review its grant is for.
import { button, select, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import { replyButton } from '../current-render.ts';
import {
  askApproverFirst,
  backToReview,
  openNewLine,
  openReview,
  openSpeakers,
  type ReviewDeps,
  renderAgain,
  turnReviewPage,
} from './listeners.ts';
import { REVIEW } from './modal.ts';
import { NEW_LINE } from './new-line.ts';
import { RENDER_UI } from './render-modal.ts';
import { THREAD_ACTIONS } from './thread-blocks.ts';
import { submitNewLine, submitRender, submitReview, submitSpeakers } from './view-listeners.ts';

/** Review translation, on a dubbed language's reply: the review modal of the render it shows. */
export const review = replyButton(THREAD_ACTIONS.review, openReview);

/** Render again, on a dubbed reply or an edit's line: its price first, in a dialog to confirm. */
export const render = replyButton(THREAD_ACTIONS.render, renderAgain);

/** Speakers & voices, on a dubbed language's reply: how many speakers, and a voice for each. */
export const speakers = replyButton(THREAD_ACTIONS.speakers, openSpeakers);

const inReview = rules.inModal(REVIEW.callbackId);

export const reviewInteractions = [
  review,
  render,
  speakers,
  button({ id: REVIEW.next, rule: inReview, handler: (deps: ReviewDeps) => turnReviewPage(deps, 1) }),
  button({ id: REVIEW.previous, rule: inReview, handler: (deps: ReviewDeps) => turnReviewPage(deps, -1) }),
  button({ id: NEW_LINE.open, rule: inReview, handler: openNewLine }),
  button({ id: NEW_LINE.back, rule: rules.inModal(NEW_LINE.callbackId), handler: backToReview }),
  button({ id: RENDER_UI.askApprover, rule: rules.inModal(RENDER_UI.callbackId), handler: askApproverFirst }),
  select(REVIEW.speakerAction),
  select(REVIEW.removeAction),
  select(THREAD_ACTIONS.speakersAction),
  view({
    callbackId: REVIEW.callbackId,
    rule: rules.opener,
    handler: (deps: ReviewDeps) => submitReview(deps, false),
  }),
  view({
    callbackId: REVIEW.forceCallbackId,
    rule: rules.opener,
    handler: (deps: ReviewDeps) => submitReview(deps, true),
  }),
  view({ callbackId: RENDER_UI.callbackId, rule: rules.opener, handler: submitRender }),
  view({ callbackId: NEW_LINE.callbackId, rule: rules.opener, handler: submitNewLine }),
  view({ callbackId: THREAD_ACTIONS.speakersCallbackId, rule: rules.opener, handler: submitSpeakers }),
];

export function registerReview(r: Registry, deps: ReviewDeps): void {
  r.register(reviewInteractions, deps);
}
