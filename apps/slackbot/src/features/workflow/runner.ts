// The loop that ends the "Dub a video" step's runs: each run not ended is a due piece of work, leased to one
// replica at a time (a replica killed mid-run leaves it to another within LEASE_MS), checked against its job
// until it can end, then ended with one call to Slack — completeSuccess with its outputs, or completeError
// with the reason — made with the run's own token. The call is recorded as tried before it is made: a try
// whose answer was lost is made again, and Slack's answer that the run is past ending then means it was heard.
import type { Logger } from 'pino';
import type { DubbingService } from '../../dubbing/service.ts';
import { LEASE_MS } from '../../runtime/leases.ts';
import { Runner } from '../../runtime/runner.ts';
import { runIsGone, type StepCompletion } from '../../slack/functions.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { Store, WorkflowStep } from '../../store/store.ts';
import { isStoreUnavailable } from '../../store/unavailable.ts';
import { approvalNotice } from './approval-notice.ts';
import { stepOutcome } from './outcome.ts';

/** Runs claimed in one round. */
const BATCH = 8;
/** How often a waiting run is looked at again (each look is a few indexed reads). */
const CHECK_MS = 1_000;
/** A failed completion call waits 2 s, doubling, at most 5 minutes. */
const retryMs = (failures: number) => Math.min(5 * 60_000, 2_000 * 2 ** failures);

export interface StepRunnerOptions {
  store: Store;
  dubbing: Pick<DubbingService, 'describeStatus' | 'getProject'>;
  slack: Pick<Interactions, 'permalink'>;
  completion: StepCompletion;
  owner: string;
  logger: Logger;
  /** Wakes the deliverer (a notice was enqueued). */
  wakeDeliverer: () => void;
  now?: () => number;
}

export class StepRunner extends Runner<'workflow_steps'> {
  readonly #o: StepRunnerOptions;
  readonly #now: () => number;

  constructor(options: StepRunnerOptions) {
    super({ ...options, name: 'workflow steps', idleMs: CHECK_MS, tables: ['workflow_steps'] });
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  protected async round(): Promise<boolean> {
    const { store, owner } = this.#o;
    const leases = this.leases('workflow_steps');
    const due = await store.claimDueSteps(owner, this.#now(), LEASE_MS, BATCH);
    for (const step of due) leases.hold(step.executionId);
    try {
      for (const step of due) {
        try {
          await this.#settle(step);
        } catch (error) {
          // Slack or the service could not say how the run stands (a permalink, a video's link): looked at
          // again later, without holding up the other runs. A store that is away fails the round instead.
          if (isStoreUnavailable(error)) throw error;
          this.#o.logger.warn({ err: error, execution: step.executionId }, 'checking a workflow step failed');
          await store.deferStep(step.executionId, owner, this.#now() + retryMs(step.failures), true);
        }
      }
    } finally {
      for (const step of due) leases.drop(step.executionId);
    }
    // A full batch: more runs may be due now.
    return due.length === BATCH;
  }

  async #settle(step: WorkflowStep): Promise<void> {
    const { store, dubbing, slack, owner } = this.#o;
    const outcome = await stepOutcome(step, {
      store,
      describe: (status) => dubbing.describeStatus(status),
      videoLink: async (projectId) => (await dubbing.getProject(projectId)).translated_video ?? undefined,
      permalink: (channel, ts) => slack.permalink(channel, ts),
    });
    if (outcome.kind === 'wait') {
      if (outcome.approvalsAwaited && step.jobId !== null) {
        await store.enqueue(
          approvalNotice(step.jobId, outcome.approvalsAwaited, step.inputs.approvers),
          this.#now(),
        );
        this.#o.wakeDeliverer();
      }
      await store.deferStep(step.executionId, owner, this.#now() + CHECK_MS);
      return;
    }
    const heardBefore = step.state === 'completing';
    await store.markStepCompleting(step.executionId);
    try {
      if (outcome.kind === 'success')
        await this.#o.completion.success(step.token, step.executionId, { ...outcome.outputs });
      else await this.#o.completion.error(step.token, step.executionId, outcome.reason);
      this.#o.logger.info(
        { execution: step.executionId, job: step.jobId, outcome: outcome.kind },
        'workflow step ended',
      );
    } catch (error) {
      if (!runIsGone(error)) {
        this.#o.logger.warn(
          { err: error, execution: step.executionId },
          'ending a workflow step failed; will try again',
        );
        await store.deferStep(step.executionId, owner, this.#now() + retryMs(step.failures), true);
        return;
      }
      // Past ending: an earlier try was heard, or the run expired before it could be ended.
      if (!heardBefore)
        this.#o.logger.warn(
          { err: error, execution: step.executionId },
          'Slack no longer takes this workflow step’s end',
        );
    }
    await store.endStep(step.executionId, this.#now());
  }
}
