// The job card's buttons: Start (with the languages and glossaries picked in the card) and Cancel; Retry on
// a failed language. Each gets its job or language from its rule (read from the store by the id the button
// carried, checked against the channel and thread); the picker's state is checked like any input.
import type { Logger } from 'pino';
import type { ButtonArgs } from '../../access/registry.ts';
import type { TargetSubject } from '../../access/rules.ts';
import { checkChoice } from '../../domain/requests.ts';
import type { JobService } from '../../jobs/service.ts';
import { orBusy } from '../../slack/busy.ts';
import type { Job } from '../../store/store.ts';
import { ephemeral, escapeProse } from '../../ui/blocks.ts';
import { pickedGlossaries } from '../../ui/glossary-picker.ts';
import { readJobChoice } from '../../ui/job-card.ts';

export interface CardDeps {
  jobs: JobService;
  /** The glossaries a channel is offered: the only ones a Start may pick. */
  offeredGlossaries(channel: string): Promise<{ id: string }[]>;
  logger: Logger;
}

export function startJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    const values = (body.state?.values ?? {}) as Parameters<typeof readJobChoice>[0];
    const choice = checkChoice(readJobChoice(values));
    if (!choice.ok) {
      await respond(ephemeral(`⚠️ ${escapeProse(choice.problem)}`));
      return;
    }
    await orBusy(
      deps,
      'a Start',
      async () => {
        const short = notEnoughMinutes(choice.value.dstLangs.length, await deps.jobs.minutesLeft());
        if (short) {
          await respond(ephemeral(short));
          return;
        }
        // The picker's ids come from the client: only the glossaries this channel is offered are taken.
        const offered = new Set((await deps.offeredGlossaries(job.channel)).map((g) => g.id));
        const picked = pickedGlossaries(values as Parameters<typeof pickedGlossaries>[0])?.filter((id) =>
          offered.has(id),
        );
        if (!(await deps.jobs.start(job.id, choice.value, picked, body.user.id))) {
          await respond(ephemeral('This job has already started.'));
          return;
        }
        deps.logger.info({ job: job.id, langs: choice.value.dstLangs, user: body.user.id }, 'job started');
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

/**
 * Why a Start cannot fit, before anything is created: every language uses at least a minute, whatever the
 * video's length (known only after the upload, when the starter checks the rest).
 */
export function notEnoughMinutes(languages: number, left: number | undefined): string | undefined {
  if (left === undefined || languages <= left) return undefined;
  const langs = `${languages} language${languages === 1 ? '' : 's'}`;
  return (
    `⚠️ Not started: dubbing into ${langs} uses at least ${languages} minutes (each language uses the video’s ` +
    `length in whole minutes), and ${left} ${left === 1 ? 'is' : 'are'} left on the account. Pick fewer ` +
    'languages and press Start again, or add minutes to the account. Nothing was created.'
  );
}

export function cancelJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    await orBusy(
      deps,
      'a Cancel',
      async () => {
        if (!(await deps.jobs.cancel(job.id, body.user.id)))
          await respond(ephemeral('This job has already started.'));
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

/** Stop on a started job's card: its projects are no longer followed (the service keeps what they spent). */
export function stopJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    await orBusy(
      deps,
      'a Stop',
      async () => {
        if (!(await deps.jobs.stop(job.id, body.user.id)))
          await respond(ephemeral('This dub is not running: nothing was stopped.'));
      },
      (text) => respond(ephemeral(text)),
    );
  };
}

/** Retry on a failed language: a new attempt, with a new project. */
export function retryTarget(deps: CardDeps) {
  return async ({ ack, respond, body }: ButtonArgs, { target }: TargetSubject) => {
    await ack();
    await orBusy(
      deps,
      'a Retry',
      async () => {
        if (!(await deps.jobs.retry(target.id, body.user.id))) {
          await respond(ephemeral('That language is already being dubbed again.'));
          return;
        }
        deps.logger.info({ target: target.id, user: body.user.id }, 'retry');
      },
      (text) => respond(ephemeral(text)),
    );
  };
}
