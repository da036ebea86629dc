// Block actions: the job card, Retry, the buttons of a dubbed language, the review modal's pages, the
// project list, the glossary report; and the selects whose value a later submission reads (an ack only).
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { trackButton, turnProjectPage } from '../features/account/listeners.ts';
import { PROJECT_LIST } from '../features/account/project-list.ts';
import { approveLanguage } from '../features/approval/listeners.ts';
import { ackOnly, cancelJob, retryTarget, startJob } from '../features/dub/card.ts';
import { GLOSSARY_UI } from '../features/glossary/blocks.ts';
import { makeDefault } from '../features/glossary/listeners.ts';
import { LIPSYNC_UI } from '../features/lipsync/blocks.ts';
import { openLipsync } from '../features/lipsync/listeners.ts';
import { reviewFlagged } from '../features/qa/listeners.ts';
import {
  backToReview,
  openNewLine,
  openReview,
  openSpeakers,
  renderAgain,
  turnReviewPage,
} from '../features/review/listeners.ts';
import { REVIEW } from '../features/review/modal.ts';
import { NEW_LINE } from '../features/review/new-line.ts';
import { SOURCE_FIX } from '../features/source-fix/blocks.ts';
import { backFromSourceFix, openSourceFix } from '../features/source-fix/listeners.ts';
import { APPROVAL_ACTIONS } from '../ui/approval.ts';
import { JOB_CARD } from '../ui/job-card.ts';
import { MILESTONE_ACTIONS } from '../ui/milestones.ts';
import { QA_ACTIONS } from '../ui/qa-line.ts';
import { THREAD_ACTIONS } from '../ui/thread-actions.ts';
import type { ListenerDeps } from './deps.ts';

export function registerActions(app: App, deps: ListenerDeps): void {
  const button = (id: string, handler: Parameters<typeof app.action<BlockAction<ButtonAction>>>[1]) =>
    app.action<BlockAction<ButtonAction>>(id, handler);
  button(JOB_CARD.start, startJob(deps));
  button(JOB_CARD.cancel, cancelJob(deps));
  button(MILESTONE_ACTIONS.retry, retryTarget(deps));
  button(THREAD_ACTIONS.review, openReview(deps));
  button(QA_ACTIONS.reviewFlagged, reviewFlagged(deps));
  button(APPROVAL_ACTIONS.approve, approveLanguage(deps));
  button(SOURCE_FIX.open, openSourceFix(deps));
  button(SOURCE_FIX.back, backFromSourceFix(deps));
  button(REVIEW.next, turnReviewPage(deps, 1));
  button(REVIEW.previous, turnReviewPage(deps, -1));
  button(NEW_LINE.open, openNewLine(deps));
  button(NEW_LINE.back, backToReview(deps));
  button(THREAD_ACTIONS.render, renderAgain(deps));
  button(THREAD_ACTIONS.speakers, openSpeakers(deps));
  button(THREAD_ACTIONS.lipsync, openLipsync(deps));
  button(PROJECT_LIST.page, turnProjectPage(deps));
  button(PROJECT_LIST.track, trackButton(deps));
  button(GLOSSARY_UI.makeDefault, makeDefault(deps));
  for (const select of [
    JOB_CARD.dstAction,
    JOB_CARD.srcAction,
    JOB_CARD.speakersAction,
    REVIEW.speakerAction,
    REVIEW.removeAction,
    THREAD_ACTIONS.speakersAction,
    LIPSYNC_UI.facesAction,
    LIPSYNC_UI.kindAction,
  ]) {
    app.action(select, ackOnly);
  }
}
