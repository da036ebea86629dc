// Registers the modal submissions.
import type { App } from '@slack/bolt';
import { JOB_MODAL } from '../../ui/job-modal.ts';
import type { ListenerDeps } from '../deps.ts';
import { submitJobModal } from '../../features/dub/modal.ts';
import { registerReviewViews } from '../../features/review/view-listeners.ts';

export function registerViews(app: App, deps: ListenerDeps): void {
  app.view({ type: 'view_submission', callback_id: JOB_MODAL.callbackId }, submitJobModal(deps));
  registerReviewViews(app, deps);
}
