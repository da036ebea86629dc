// The job card's buttons: Start (with the languages and glossaries picked in the card) and Cancel; Retry on
// a failed language; the pickers, which need only an ack. Buttons carry only an id; the rest comes from the
// store and from the picker's state, which is checked like any input.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { checkChoice } from '../../domain/requests.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { escapeText } from '../../ui/blocks.ts';
import { pickedGlossaries } from '../../ui/glossary-picker.ts';
import { readJobChoice } from '../../ui/job-card.ts';
import { orBusy } from './busy.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const ephemeral = (text: string) => ({ response_type: 'ephemeral' as const, replace_original: false, text });

export function startJob(deps: ListenerDeps) {
  return async ({ ack, body, action, respond }: ButtonArgs) => {
    await ack();
    const jobId = action.value ?? '';
    const values = (body.state?.values ?? {}) as Parameters<typeof readJobChoice>[0];
    const choice = checkChoice(readJobChoice(values));
    if (!choice.ok) {
      await respond(ephemeral(`⚠️ ${escapeText(choice.problem)}`));
      return;
    }
    await orBusy(
      deps,
      'a Start',
      async () => {
        // The picker's ids come from the client: only the glossaries this channel is offered are taken.
        const offered = new Set((await deps.glossaries.offered(body.channel?.id ?? '')).map((g) => g.id));
        const picked = pickedGlossaries(values as Parameters<typeof pickedGlossaries>[0])?.filter((id) =>
          offered.has(id),
        );
        if (!(await deps.jobs.start(jobId, choice.value, picked))) {
          await respond(ephemeral('This job has already started.'));
          return;
        }
        deps.logger.info({ job: jobId, langs: choice.value.dstLangs, user: body.user.id }, 'job started');
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

export function cancelJob(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    await orBusy(
      deps,
      'a Cancel',
      async () => {
        if (!(await deps.jobs.cancel(action.value ?? '', body.user.id)))
          await respond(ephemeral('This job has already started.'));
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

/** Retry on a failed language: a new attempt, with a new project. */
export function retryTarget(deps: ListenerDeps) {
  return async ({ ack, action, respond, body }: ButtonArgs) => {
    await ack();
    await orBusy(
      deps,
      'a Retry',
      async () => {
        if (!(await deps.jobs.retry(action.value ?? ''))) {
          await respond(ephemeral('That language is already being dubbed again.'));
          return;
        }
        deps.logger.info({ target: action.value, user: body.user.id }, 'retry');
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

/** Changing a selection (a picker, a checkbox) needs only an ack: the button that follows reads the state. */
export async function ackOnly({ ack }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> {
  await ack();
}
