// The shortcut's modal submitted: check the choice (errors shown in the modal), then start the job the modal
// was opened for (its grant's subject, recorded by the app), acked once the start is recorded: a failure before
// that (the database away) is the gate's to answer, busy, in the ack (access/middleware.ts).
import type { Logger } from 'pino';
import type { ViewArgs } from '../../access/definitions.ts';
import { checkChoice } from '../../domain/requests.ts';
import type { ModalGrant } from '../../store/store.ts';
import { JOB_CARD, readJobChoice } from './card-blocks.ts';
import type { JobService } from './service.ts';

export function submitJobModal(deps: { jobs: JobService; logger: Logger }) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const choice = checkChoice(readJobChoice(view.state.values as Parameters<typeof readJobChoice>[0]));
    if (!choice.ok) {
      await ack({ response_action: 'errors', errors: { [JOB_CARD.dstBlock]: choice.problem } });
      return;
    }
    const started = await deps.jobs.start(grant.subject, choice.value, undefined, body.user.id);
    await ack();
    deps.logger.info({ job: grant.subject, started, user: body.user.id }, 'job started from the modal');
  };
}
