// The job card's buttons: Start (with the languages and glossaries picked in the card) and Cancel; Retry on
// a failed language. Each gets its job or language from its rule (read from the store by the id the button
// carried, checked against the channel and thread); the picker's state is checked like any input. Start, Cancel,
// Stop and Retry are acked once what they change is recorded: a failure before that (the database away) is the
// gate's to answer, busy, before any ack (access/middleware.ts).
import type { Logger } from 'pino';
import type { ButtonArgs, SelectArgs } from '../../access/definitions.ts';
import type { TargetSubject } from '../../access/rules.ts';
import { checkChoice } from '../../domain/requests.ts';
import type { Job } from '../../store/store.ts';
import { ephemeral, escapeProse, type StateValues } from '../../ui/blocks.ts';
import { readJobChoice } from './card-blocks.ts';
import { pickedGlossaries } from './glossary-picker.ts';
import type { JobService } from './service.ts';

export interface CardDeps {
  jobs: JobService;
  /** The glossaries a channel is offered: the only ones a Start may pick. */
  offeredGlossaries(channel: string): Promise<{ id: string }[]>;
  logger: Logger;
}

export function startJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    const values = (body.state?.values ?? {}) as Parameters<typeof readJobChoice>[0];
    const choice = checkChoice(readJobChoice(values));
    if (!choice.ok) {
      await ack();
      await respond(ephemeral(`⚠️ ${escapeProse(choice.problem)}`));
      return;
    }
    const problem = await deps.jobs.startProblem(job, choice.value.dstLangs);
    if (problem) {
      await ack();
      await respond(ephemeral(problem));
      return;
    }
    // The picker's ids come from the client: only the glossaries this channel is offered are taken.
    const offered = new Set((await deps.offeredGlossaries(job.channel)).map((g) => g.id));
    const picked = pickedGlossaries(values as Parameters<typeof pickedGlossaries>[0])?.filter((id) =>
      offered.has(id),
    );
    const started = await deps.jobs.start(job.id, choice.value, picked, body.user.id);
    await ack();
    if (!started) {
      await respond(ephemeral('This job has already started.'));
      return;
    }
    deps.logger.info({ job: job.id, langs: choice.value.dstLangs, user: body.user.id }, 'job started');
  };
}

export function cancelJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    const cancelled = await deps.jobs.cancel(job.id, body.user.id);
    await ack();
    if (!cancelled) await respond(ephemeral('This job has already started.'));
  };
}

/**
 * A change of the languages or the source language on a waiting card: recorded, and the card drawn again when
 * what it says changes (the minutes the languages need, the source language).
 */
export function pickerChanged(deps: CardDeps) {
  return async ({ ack, body }: SelectArgs, job: Job) => {
    await ack();
    await deps.jobs.pickerChanged(job, (body.state?.values ?? {}) as StateValues);
  };
}

/** Stop on a started job's card: its projects are no longer followed (the service keeps what they spent). */
export function stopJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    const stopped = await deps.jobs.stop(job.id, body.user.id);
    await ack();
    if (!stopped) await respond(ephemeral('This dub is not running: nothing was stopped.'));
  };
}

/** Retry on a failed language: a new attempt, with a new project. */
export function retryTarget(deps: CardDeps) {
  return async ({ ack, respond, body }: ButtonArgs, { target }: TargetSubject) => {
    const retried = await deps.jobs.retry(target.id, body.user.id);
    await ack();
    if (!retried) {
      await respond(ephemeral('That language is already being dubbed again.'));
      return;
    }
    deps.logger.info({ target: target.id, user: body.user.id }, 'retry');
  };
}
