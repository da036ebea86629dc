// Modal submissions: the shortcut's job modal, the review (Save, and Save mine anyway after a conflict),
// Speakers, lip-sync, the glossary upload and the channel settings.
import type { App } from '@slack/bolt';
import { submitJobModal } from '../features/dub/modal.ts';
import { GLOSSARY_UI } from '../features/glossary/blocks.ts';
import { submitGlossaryModal } from '../features/glossary/listeners.ts';
import { LIPSYNC_UI } from '../features/lipsync/blocks.ts';
import { submitLipsync } from '../features/lipsync/listeners.ts';
import { REVIEW } from '../features/review/modal.ts';
import { NEW_LINE } from '../features/review/new-line.ts';
import { RENDER_UI } from '../features/review/render-modal.ts';
import {
  submitNewLine,
  submitRender,
  submitReview,
  submitSpeakers,
} from '../features/review/view-listeners.ts';
import { SETTINGS_UI } from '../features/settings/blocks.ts';
import { submitSettings } from '../features/settings/listeners.ts';
import { SOURCE_FIX } from '../features/source-fix/blocks.ts';
import { submitSourceFix } from '../features/source-fix/listeners.ts';
import { JOB_MODAL } from '../ui/job-modal.ts';
import { THREAD_ACTIONS } from '../ui/thread-actions.ts';
import type { ListenerDeps } from './deps.ts';

export function registerViews(app: App, deps: ListenerDeps): void {
  const submission = (callbackId: string) => ({ type: 'view_submission' as const, callback_id: callbackId });
  app.view(submission(JOB_MODAL.callbackId), submitJobModal(deps));
  app.view(submission(REVIEW.callbackId), submitReview(deps, false));
  app.view(submission(REVIEW.forceCallbackId), submitReview(deps, true));
  app.view(submission(RENDER_UI.callbackId), submitRender(deps));
  app.view(submission(NEW_LINE.callbackId), submitNewLine(deps));
  app.view(submission(THREAD_ACTIONS.speakersCallbackId), submitSpeakers(deps));
  app.view(submission(LIPSYNC_UI.callbackId), submitLipsync(deps));
  app.view(submission(GLOSSARY_UI.callbackId), submitGlossaryModal(deps));
  app.view(submission(SETTINGS_UI.callbackId), submitSettings(deps));
  app.view(submission(SOURCE_FIX.callbackId), submitSourceFix(deps));
}
