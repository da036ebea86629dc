// The tracker: claims what is due from the store and moves it on. Jobs waiting to start are handed to the
// starter; projects due for a poll are read from the service (within the global request budget) and every
// status change is recorded together with the Slack writes it causes. Intervals adapt per project.
import type { Logger } from 'pino';
import { type DubbingService, ProjectGoneError, SlowDownError, type StatusInfo } from '../dubbing/service.ts';
import { Loop } from '../loop.ts';
import type { Job, Store, Target } from '../store/store.ts';
import { type IntervalPolicy, nextInterval, withJitter } from './intervals.ts';
import { changeDeliveries, replacedDeliveries } from './notify.ts';
import type { JobStarter } from './start.ts';

const TARGET_LEASE_MS = 60_000;
/** A start (upload + projects) in progress is re-claimed by its own process each round, which renews it. */
const START_LEASE_MS = 2 * 60_000;
/** A failed start is tried again after 5 s, doubling to 5 min; after this many failures in a row, it ends. */
const START_RETRY_MS = 5_000;
const START_RETRY_MAX_MS = 5 * 60_000;
const MAX_START_FAILURES = 8;

export interface TrackerOptions {
  store: Store;
  service: DubbingService;
  starter: JobStarter;
  polling: IntervalPolicy;
  logger: Logger;
  owner: string;
  /** Called when Slack writes were enqueued. */
  onDeliveries: () => void;
  /** Polls in flight at once (they still share the budget). */
  concurrency?: number;
  /** How often to look for due work when idle. */
  idleMs?: number;
  now?: () => number;
  random?: () => number;
}

export class Tracker {
  readonly #o: TrackerOptions;
  readonly #loop: Loop;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #starting = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();

  constructor(options: TrackerOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#loop = new Loop(() => this.#tick(), {
      idleMs: options.idleMs ?? Math.min(1000, options.polling.minMs),
      logger: options.logger,
      name: 'tracker',
    });
  }

  start(): void {
    this.#loop.start();
  }

  wake(): void {
    this.#loop.wake();
  }

  /** Stops polling and aborts uploads in progress; their jobs resume on the next start. */
  async stop(): Promise<void> {
    this.#abort.abort(new Error('the app is stopping'));
    await this.#loop.stop();
    await Promise.allSettled([...this.#starting.values()]);
  }

  async #tick(): Promise<boolean> {
    const { store, owner } = this.#o;
    const now = this.#now();
    const jobs = await store.claimJobsToStart(owner, now, START_LEASE_MS, 8);
    for (const job of jobs) {
      if (this.#starting.has(job.id)) continue;
      const run = this.#o.starter
        .run(job, this.#abort.signal)
        // Claimed again while it ran, its lease runs on: a job with more to do (an admitted command now
        // starting) is given back at once, and its count of failed tries starts again.
        .then(() => store.releaseJob(job.id, owner, 0))
        .catch(async (error: unknown) => {
          if (this.#abort.signal.aborted) {
            // Stopping: hand the job to the next start at once.
            await store.releaseJob(job.id, owner, 0);
            return;
          }
          const failures = job.startFailures + 1;
          if (failures >= MAX_START_FAILURES) {
            this.#o.logger.error({ err: error, job: job.id, failures }, 'starting the job failed for good');
            await this.#o.starter.giveUp(
              job,
              `it could not be started after ${failures} tries (${plainReason(error)})`,
            );
            await store.releaseJob(job.id, owner, 0);
            return;
          }
          const waitMs = Math.min(START_RETRY_MAX_MS, START_RETRY_MS * 2 ** (failures - 1));
          this.#o.logger.warn(
            { err: error, job: job.id, failures, waitMs },
            'starting the job failed; will try again',
          );
          await store.releaseJob(job.id, owner, this.#now() + waitMs, true);
        })
        .finally(() => {
          this.#starting.delete(job.id);
          this.wake();
        });
      this.#starting.set(job.id, run);
    }
    const targets = await store.claimDueTargets(owner, now, TARGET_LEASE_MS, 500);
    // Their jobs in one read: a status message needs its job, and a read per poll cost a round trip each.
    const jobsOf = await store.getJobs(targets.map((t) => t.jobId));
    const queue = [...targets];
    const workers = Array.from({ length: Math.min(queue.length, this.#o.concurrency ?? 16) }, async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const job = jobsOf.get(target.jobId);
        if (job) await this.#poll(target, job);
      }
    });
    await Promise.all(workers);
    return targets.length > 0;
  }

  async #poll(target: Target, job: Job): Promise<void> {
    const { store, service, polling } = this.#o;
    if (target.projectId === null) return;
    const unchanged = (nextPollAt: number) =>
      store.recordPoll(
        target.id,
        {
          status: target.status ?? '',
          changed: false,
          terminal: false,
          nextPollAt,
          intervalMs: target.intervalMs,
        },
        this.#now(),
        [],
      );
    let project: Awaited<ReturnType<DubbingService['getProject']>>;
    try {
      project = await service.getProject(target.projectId);
    } catch (error) {
      // The request budget paused itself on the 429; this project waits as long as the service asked.
      if (error instanceof SlowDownError) {
        return unchanged(this.#now() + error.retryAfterMs);
      }
      if (error instanceof ProjectGoneError) {
        const now = this.#now();
        const gone = { id: target.projectId, status: 'failed' };
        await store.recordPoll(
          target.id,
          {
            status: 'failed',
            changed: true,
            terminal: true,
            nextPollAt: Number.MAX_SAFE_INTEGER,
            intervalMs: 0,
          },
          now,
          changeDeliveries(
            job,
            target,
            gone,
            service.describeStatus('failed'),
            now,
            'the project no longer exists',
          ),
        );
        this.#o.onDeliveries();
        return;
      }
      this.#o.logger.warn({ err: error, project: target.projectId }, 'polling the project failed');
      return unchanged(this.#now() + polling.maxMs);
    }
    const status = project.status;
    // A status the service does not know yet is no news: the project is looked at again as before.
    if (status === null || status === undefined) {
      return unchanged(
        this.#now() + withJitter(Math.max(target.intervalMs, polling.minMs), polling, this.#random),
      );
    }
    const now = this.#now();
    const info = service.describeStatus(status);
    // Status moves forward only: an earlier stage than the one shown (an answer overtaken by a later one, a
    // replica behind the others) is no news.
    if (target.status !== null && isEarlierStage(info, service.describeStatus(target.status))) {
      return unchanged(now + withJitter(Math.max(target.intervalMs, polling.minMs), polling, this.#random));
    }
    const changed = status !== target.status;
    const lastStageMs = target.statusAt === null ? undefined : now - target.statusAt;
    const intervalMs = nextInterval(target.intervalMs, changed, polling, lastStageMs);
    const deliveries = changed
      ? [
          ...changeDeliveries(job, target, { ...project, status }, info, now),
          ...(await replacedDeliveries(store, target, info)),
        ]
      : [];
    await store.recordPoll(
      target.id,
      {
        status,
        changed,
        terminal: info.terminal,
        nextPollAt: now + withJitter(intervalMs, polling, this.#random),
        intervalMs,
      },
      now,
      deliveries,
    );
    if (changed) {
      this.#o.logger.debug({ project: project.id, status }, 'status changed');
      this.#o.onDeliveries();
    }
  }
}

/** A running stage before `shown` in the pipeline (a failure, or a stage after a failure, is never earlier). */
function isEarlierStage(seen: StatusInfo, shown: StatusInfo): boolean {
  return !seen.failed && !shown.failed && seen.progress < shown.progress;
}

/** What kept a job from starting, in words for its thread: never an internal host, a token or a stack. */
function plainReason(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('slack_webapi')) return 'Slack did not answer';
  if (
    error instanceof Error &&
    /timeout|ECONN|ENOTFOUND|socket|fetch failed|Connection/i.test(`${error.name} ${error.message}`)
  )
    return 'the dubbing service could not be reached';
  return 'the dubbing service kept failing';
}
