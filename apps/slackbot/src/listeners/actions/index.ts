// Registers the block actions: the job card's buttons and pickers, and Retry on a failed language.
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { JOB_CARD } from '../../ui/job-card.ts';
import { MILESTONE_ACTIONS } from '../../ui/milestones.ts';
import { registerAccountActions } from '../../features/account/listeners.ts';
import { registerGlossaryListeners } from '../../features/glossary/listeners.ts';
import { registerSettings } from '../../features/settings/listeners.ts';
import type { ListenerDeps } from '../deps.ts';
import { ackOnly, cancelJob, retryTarget, startJob } from '../../features/dub/card.ts';
import { registerLipsyncListeners } from '../../features/lipsync/listeners.ts';
import { registerReviewActions } from '../../features/review/listeners.ts';

export function registerActions(app: App, deps: ListenerDeps): void {
  app.action<BlockAction<ButtonAction>>(JOB_CARD.start, startJob(deps));
  app.action<BlockAction<ButtonAction>>(JOB_CARD.cancel, cancelJob(deps));
  app.action<BlockAction<ButtonAction>>(MILESTONE_ACTIONS.retry, retryTarget(deps));
  for (const picker of [JOB_CARD.dstAction, JOB_CARD.srcAction, JOB_CARD.speakersAction]) {
    app.action(picker, ackOnly);
  }
  registerReviewActions(app, deps);
  registerAccountActions(app, deps);
  registerGlossaryListeners(app, deps);
  registerLipsyncListeners(app, deps);
  registerSettings(app, deps);
}
