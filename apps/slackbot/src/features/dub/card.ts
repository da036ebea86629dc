// The job card's buttons: Start (with the languages picked in the card) and Cancel. The button carries only
// the job id; the rest comes from the store and from the picker's state, which is checked like any input.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { pickedGlossaries, recordGlossaryChoice } from '../glossary/choice.ts';
import { checkChoice } from '../../domain/requests.ts';
import { readJobChoice } from '../../ui/job-card.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export function startJob(deps: ListenerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs) => {
    await ack();
    const jobId = action.value ?? '';
    const choice = checkChoice(
      readJobChoice((body.state?.values ?? {}) as Parameters<typeof readJobChoice>[0]),
    );
    if (!choice.ok) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: `⚠️ ${choice.problem}` });
      return;
    }
    const picked = pickedGlossaries((body.state?.values ?? {}) as Parameters<typeof pickedGlossaries>[0]);
    const job = await deps.store.getJob(jobId);
    if (picked && job?.state === 'picking') recordGlossaryChoice(deps.store, jobId, choice.value, picked);
    if (!deps.jobs.start(jobId, choice.value)) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'This job has already started.',
      });
      return;
    }
    deps.logger.info({ job: jobId, langs: choice.value.dstLangs, user: body.user.id }, 'job started');
  };
}

export function cancelJob(deps: ListenerDeps) {
  return async ({ ack, action, respond }: ButtonArgs) => {
    await ack();
    if (!deps.jobs.cancel(action.value ?? '')) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'This job has already started.',
      });
    }
  };
}

/** Retry on a failed language: a new attempt, with a new project. */
export function retryTarget(deps: ListenerDeps) {
  return async ({ ack, action, respond, body }: ButtonArgs) => {
    await ack();
    if (!deps.jobs.retry(action.value ?? '')) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'That language is already being dubbed again.',
      });
      return;
    }
    deps.logger.info({ target: action.value, user: body.user.id }, 'retry');
  };
}

/** Changing a picker's selection needs only an ack: Start reads the card's state. */
export async function ackOnly({ ack }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> {
  await ack();
}
