// The shortcut's modal submitted: check the choice (errors shown in the modal), then start the job.
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { checkChoice } from '../../domain/requests.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { JOB_CARD, readJobChoice } from '../../ui/job-card.ts';

export function submitJobModal(deps: ListenerDeps) {
  return async ({ ack, view, body }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const choice = checkChoice(readJobChoice(view.state.values as Parameters<typeof readJobChoice>[0]));
    if (!choice.ok) {
      await ack({ response_action: 'errors', errors: { [JOB_CARD.dstBlock]: choice.problem } });
      return;
    }
    await ack();
    const started = await deps.jobs.start(view.private_metadata, choice.value);
    deps.logger.info(
      { job: view.private_metadata, started, user: body.user.id },
      'job started from the modal',
    );
  };
}
