// The job card's buttons: Start (with the languages and glossaries picked in the card), Cancel, Stop and Start
// again; Retry on a failed language. Each gets its job or language from its rule (read from the store by the id
// the button carried, checked against the channel and thread); the picker's state is checked like any input.
// Cancel, Stop, Retry and Start again on a stopped job first open a dialog that says what it costs (the minutes
// used, kept or left): closing it does nothing, its submission does the act. Start and those submissions are
// acked once what they change is recorded: a failure before that (the database away) is the gate's to answer,
// busy, before any ack (access/middleware.ts).
import type { Logger } from 'pino';
import type { ButtonArgs, SelectArgs, ViewArgs } from '../../access/definitions.ts';
import type { TargetSubject } from '../../access/rules.ts';
import { checkChoice } from '../../domain/requests.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { Job, ModalGrant } from '../../store/store.ts';
import { ephemeral, escapeProse, type StateValues } from '../../ui/blocks.ts';
import { readJobChoice } from './card-blocks.ts';
import {
  cancelConfirmView,
  confirmNotice,
  restartConfirmView,
  retryConfirmView,
  stopConfirmView,
} from './confirm-views.ts';
import { pickedGlossaries } from './glossary-picker.ts';
import type { JobService } from './service.ts';

export interface CardDeps {
  jobs: JobService;
  /** The glossaries a channel is offered: the only ones a Start may pick. */
  offeredGlossaries(channel: string): Promise<{ id: string }[]>;
  /** The confirmation dialogs Retry, Stop, Cancel and Start again open. */
  slack: Pick<Interactions, 'openModal' | 'updateModal'>;
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

/** Cancel on a waiting card: asks first (nothing was used); the dialog's submission cancels. */
export function cancelJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    if (job.state !== 'picking') {
      await respond(ephemeral('This job has already started.'));
      return;
    }
    await deps.slack.openModal(body.trigger_id, cancelConfirmView({ jobId: job.id }));
  };
}

/** The Cancel dialog confirmed: the job is cancelled, acked once recorded. */
export function confirmCancel(deps: CardDeps) {
  return async ({ ack, body }: ViewArgs, grant: ModalGrant) => {
    const cancelled = await deps.jobs.cancel(grant.subject, body.user.id);
    await ack(
      cancelled
        ? undefined
        : {
            response_action: 'update',
            view: confirmNotice('Cancel this dub', 'This dub has already started.'),
          },
    );
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

/** Stop on a started job's card: asks first, with what its languages under way already used. */
export function stopJob(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    const underWay = await deps.jobs.underWay(job);
    if (underWay.langs.length === 0 || (job.state !== 'starting' && job.state !== 'running')) {
      await respond(ephemeral(NOT_RUNNING));
      return;
    }
    await deps.slack.openModal(
      body.trigger_id,
      stopConfirmView({ jobId: job.id, running: underWay.langs, spent: underWay.spent }),
    );
  };
}

const NOT_RUNNING = 'This dub is not running: nothing was stopped.';

/**
 * The Stop dialog confirmed: its projects are no longer followed (the service keeps what they spent), acked
 * once recorded.
 */
export function confirmStop(deps: CardDeps) {
  return async ({ ack, body }: ViewArgs, grant: ModalGrant) => {
    const stopped = await deps.jobs.stop(grant.subject, body.user.id);
    await ack(
      stopped ? undefined : { response_action: 'update', view: confirmNotice('Stop this dub', NOT_RUNNING) },
    );
  };
}

/**
 * A dialog whose figures ask the service (the minutes left): opened at once with a notice (the trigger
 * expires in 3 s), then filled in place.
 */
async function openPriced(
  deps: CardDeps,
  triggerId: string,
  title: string,
  fill: () => Promise<Parameters<CardDeps['slack']['updateModal']>[1]>,
): Promise<void> {
  const viewId = await deps.slack.openModal(
    triggerId,
    confirmNotice(title, '⏳ Working out the minutes it uses…'),
  );
  if (viewId) await deps.slack.updateModal(viewId, await fill());
}

/** Retry on a failed language: asks first, with what the new attempt uses and what is left. */
export function retryTarget(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { job, target }: TargetSubject) => {
    await ack();
    if (!deps.jobs.retryable(target)) {
      await respond(ephemeral(RETRIED));
      return;
    }
    await openPriced(deps, body.trigger_id, 'Retry', async () =>
      retryConfirmView({ targetId: target.id, lang: target.dstLang, price: await deps.jobs.price(job) }),
    );
  };
}

const RETRIED =
  'That language is not failed any more (it is being dubbed again, or was dubbed): nothing to retry.';

/** The Retry dialog confirmed: a new attempt, with a new project, acked once recorded. */
export function confirmRetry(deps: CardDeps) {
  return async ({ ack, body }: ViewArgs, grant: ModalGrant) => {
    const retried = await deps.jobs.retry(grant.subject, body.user.id);
    await ack(retried ? undefined : { response_action: 'update', view: confirmNotice('Retry', RETRIED) });
    if (retried) deps.logger.info({ target: grant.subject, user: body.user.id }, 'retry');
  };
}

/**
 * Start again on a stopped or cancelled card. A cancelled job's card shows its picker again (its Start prices
 * it); a stopped job's languages get new projects, so that asks first, with the minutes.
 */
export function startAgain(deps: CardDeps) {
  return async ({ ack, body, respond }: ButtonArgs, job: Job) => {
    await ack();
    if (job.state === 'cancelled') {
      if (!(await deps.jobs.reopen(job.id))) await respond(ephemeral(NOT_STOPPED));
      return;
    }
    const langs = await deps.jobs.stoppedLanguages(job.id);
    if (job.state !== 'stopped' || langs.length === 0) {
      await respond(ephemeral(NOT_STOPPED));
      return;
    }
    await openPriced(deps, body.trigger_id, 'Start again', async () =>
      restartConfirmView({ jobId: job.id, langs, price: await deps.jobs.price(job) }),
    );
  };
}

const NOT_STOPPED = 'This dub is not stopped or cancelled: nothing was started again.';

/** The Start again dialog confirmed: the stopped languages start anew, acked once recorded. */
export function confirmRestart(deps: CardDeps) {
  return async ({ ack, body }: ViewArgs, grant: ModalGrant) => {
    const restarted = await deps.jobs.restart(grant.subject, body.user.id);
    await ack(
      restarted ? undefined : { response_action: 'update', view: confirmNotice('Start again', NOT_STOPPED) },
    );
  };
}
