// The review feature: a dubbed language's Review translation, Render again and Speakers buttons; inside the
// review modal, its pages, a missing line and the selects; and the submissions of the review, the render
// dialog, the new line and the speakers dialog. Buttons inside a modal act on the review its grant is for.
import type { Registry } from '../../access/registry.ts';
import { rules } from '../../access/rules.ts';
import { THREAD_ACTIONS } from '../../ui/thread-actions.ts';
import { onNewestRender } from '../current-render.ts';
import {
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
import { submitNewLine, submitRender, submitReview, submitSpeakers } from './view-listeners.ts';

export function registerReview(r: Registry, deps: ReviewDeps): void {
  r.button(THREAD_ACTIONS.review, rules.targetMember, onNewestRender(openReview(deps)));
  r.button(THREAD_ACTIONS.render, rules.targetMember, onNewestRender(renderAgain(deps)));
  r.button(THREAD_ACTIONS.speakers, rules.targetMember, onNewestRender(openSpeakers(deps)));
  r.button(REVIEW.next, rules.inModal(REVIEW.callbackId), turnReviewPage(deps, 1));
  r.button(REVIEW.previous, rules.inModal(REVIEW.callbackId), turnReviewPage(deps, -1));
  r.button(NEW_LINE.open, rules.inModal(REVIEW.callbackId), openNewLine(deps));
  r.button(NEW_LINE.back, rules.inModal(NEW_LINE.callbackId), backToReview(deps));
  for (const select of [REVIEW.speakerAction, REVIEW.removeAction, THREAD_ACTIONS.speakersAction])
    r.select(select);
  r.view(REVIEW.callbackId, rules.opener, submitReview(deps, false));
  r.view(REVIEW.forceCallbackId, rules.opener, submitReview(deps, true));
  r.view(RENDER_UI.callbackId, rules.opener, submitRender(deps));
  r.view(NEW_LINE.callbackId, rules.opener, submitNewLine(deps));
  r.view(THREAD_ACTIONS.speakersCallbackId, rules.opener, submitSpeakers(deps));
}
