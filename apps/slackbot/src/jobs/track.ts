// The tracker: claims what is due from the store and moves it on. Jobs waiting to start are handed to the
// starter; projects due for a poll are read from the service (within the global request budget) and every
// status change is recorded together with the Slack writes it causes. Each project's next poll is planned
// near the likely end of its status, from what the tracker learned of the service (poll-plan.ts).
// With list sweeps (sweepEveryMs), a round that finds more projects due than a sweep of the project list has
// pages sweeps the list instead (sweep.ts, one replica at a time under the sweep's lease, at most every
// sweepEveryMs across replicas); a project's own read is made only for what the list cannot say (the outputs
// and failure details of an ended project), and for a project no sweep has seen for a while.
// Looking and recording are a pipeline: a round reads (a sweep, the polls due) and queues what it found, per
// language, for the recorder, which draws the status messages and records a batch of findings and their Slack
// writes in one transaction while the next round looks again. A language found again before it was recorded
// keeps only its newest finding; a finding is recorded only over the status it was seen from (recordPolls), so
// nothing is recorded twice or out of order, here or by another replica.
import type { Project, ProjectListItem } from '@dubkit/core';
import type { Logger } from 'pino';
import { type DubbingService, ProjectGoneError, SlowDownError, type StatusInfo } from '../dubbing/service.ts';
import { LEASE_MS } from '../runtime/leases.ts';
import { Runner } from '../runtime/runner.ts';
import type {
  DeliveryInput,
  EstimateStore,
  Job,
  JobStore,
  OutboxStore,
  PollResult,
  RecordedPoll,
  Store,
  SweepStore,
  Target,
} from '../store/store.ts';
import { SWEEP_NAME } from '../store/sweeps.ts';
import type { ThreadDrawer } from '../thread/drawer.ts';
import { type IntervalPolicy, withJitter } from './intervals.ts';
import { changeDeliveries, replacedDeliveries } from './notify.ts';
import { PollPlanner } from './poll-plan.ts';
import { StageEstimates } from './stage-estimates.ts';
import type { JobStarter } from './start.ts';
import { chooseLook, sweepCost, sweepList } from './sweep.ts';

/** A failed start is tried again after 5 s, doubling to 5 min; after this many failures in a row, it ends. */
const START_RETRY_MS = 5_000;
const START_RETRY_MAX_MS = 5 * 60_000;
const MAX_START_FAILURES = 8;
/** How often this process adds what it learned to the store and reads what every replica learned. */
const ESTIMATES_SYNC_MS = 5_000;
/** A sweep reads no further than this many pages (100,000 projects). */
const MAX_SWEEP_PAGES = 1_000;
/** Followed projects a sweep looks for at most (their rows are read once per sweep interval). */
const MAX_SWEPT = 50_000;
/** While sweeps run, a project is read on its own only once no sweep has seen it this long after it was due. */
const SWEEP_GRACE_SWEEPS = 5;
/** Findings waiting for the recorder at most: a round finding more waits for it to catch up. */
const MAX_PENDING = 20_000;
/** Findings recorded in one transaction at most (SQLite runs a transaction's statements without a pause). */
const RECORD_BATCH = 500;
/** Status messages drawn at once while a batch is prepared (each reads the store a few times). */
const DRAW_CONCURRENCY = 16;

export interface TrackerOptions {
  store: JobStore &
    EstimateStore &
    SweepStore &
    Pick<OutboxStore, 'getDelivery' | 'deliveredRenders'> &
    Pick<Store, 'renewLeases'>;
  dubbing: DubbingService;
  starter: JobStarter;
  polling: IntervalPolicy;
  logger: Logger;
  owner: string;
  /** Called when Slack writes were enqueued. */
  onDeliveries: () => void;
  /** Draws a language's status message and replies as its status changes. */
  drawer: ThreadDrawer;
  /** Polls in flight at once (they still share the budget). */
  concurrency?: number;
  /** How often to look for due work when idle. */
  idleMs?: number;
  now?: () => number;
  random?: () => number;
  /** Plan polls from learned stage durations (default); false: the adaptive intervals alone. */
  learn?: boolean;
  /** Longest wait after a status's likely end before looking again (poll-plan.ts). */
  freshMs?: number;
  /** Sweep the project list at most this often (sweep.ts); absent: every project is polled on its own. */
  sweepEveryMs?: number;
}

/** How the last round looked at the projects due, for the log when it changes. */
type Look = 'idle' | 'sweep' | 'polls';

/** A claimed target, and what a sweep saw of its project. */
interface Due {
  target: Target;
  listed?: ProjectListItem;
}

/** A project as read, from the list or on its own. */
type ReadProject = Pick<Project, 'id' | 'status' | 'status_updated_at'> & Partial<Project>;

/**
 * What a look at a claimed language found, waiting for the recorder: its project with a status to record, the
 * project gone from the service, or nothing new (look again at `againAt`).
 */
type Finding = { target: Target; job: Job } & (
  | { project: ReadProject & { status: string } }
  | { gone: true }
  | { againAt: number }
);

/** Starts (an upload can take minutes) and polls in progress keep their short leases while they run. */
export class Tracker extends Runner<'jobs' | 'targets' | 'sweeps'> {
  readonly #o: TrackerOptions;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #starting = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  readonly #estimates: StageEstimates | undefined;
  readonly #planner: PollPlanner;
  #estimatesSyncedAt = Number.NEGATIVE_INFINITY;
  /** Pages the last sweep took (what the next is expected to cost). */
  #sweepPages: number | undefined;
  #look: Look = 'idle';
  /** The last way of looking the log announced (sweeps, or polls one by one). */
  #announced: Look = 'idle';
  /** When this replica last weighed a sweep (reading every followed project), at most once per sweep. */
  #lookedAt = Number.NEGATIVE_INFINITY;
  /** Sweeps, their pages, and the times the projects due were polled instead (a sweep costing more), since start. */
  readonly sweepCounts = { sweeps: 0, pages: 0, pollRounds: 0 };
  /** Findings not yet recorded, by target id (a newer finding replaces an older one). */
  readonly #pending = new Map<string, Finding>();
  /** The recorder while it runs (until the queue is empty). */
  #recorder: Promise<void> | undefined;

  constructor(options: TrackerOptions) {
    const { store, owner, logger } = options;
    // A sweep is due every sweepEveryMs: an idle loop looks often enough that it starts within a quarter of that.
    const idleMs =
      options.idleMs ?? Math.min(1000, options.polling.minMs, (options.sweepEveryMs ?? Infinity) / 4);
    super({ name: 'tracker', idleMs, store, owner, logger, tables: ['jobs', 'targets', 'sweeps'] });
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#estimates = options.learn === false ? undefined : new StageEstimates(options.store);
    this.#planner = new PollPlanner({
      polling: options.polling,
      estimates: this.#estimates,
      freshMs: options.freshMs,
      sweepEveryMs: options.sweepEveryMs,
      random: this.#random,
    });
  }

  /**
   * The learned time a language still running likely has left (its status, its pace, the video's length), in
   * ms; undefined while the stages it has ahead are not learned, or it is not on the pipeline.
   */
  timeLeft(target: Target, videoSeconds: number | null, now: number): number | undefined {
    if (!this.#estimates || target.terminal || target.status === null) return undefined;
    const since = target.stageSince ?? target.statusAt ?? now;
    return this.#estimates.timeLeft(
      target.status,
      videoSeconds ?? undefined,
      { sum: target.paceSum, count: target.paceCount },
      Math.max(0, now - since),
    );
  }

  /** Stopping aborts uploads in progress; their jobs resume on the next start. */
  protected override interrupt(): void {
    this.#abort.abort(new Error('the app is stopping'));
  }

  protected override async drain(): Promise<void> {
    await Promise.allSettled([...this.#starting.values(), this.#recorder]);
  }

  protected override async release(): Promise<void> {
    await this.#syncEstimates(Number.POSITIVE_INFINITY, 'what was learned since the last share is lost');
  }

  /** Shares what this process learned and takes in what the others did, every few seconds. */
  async #syncEstimates(now: number, ifFailed = 'will try again'): Promise<void> {
    if (!this.#estimates || now - this.#estimatesSyncedAt < ESTIMATES_SYNC_MS) return;
    this.#estimatesSyncedAt = now;
    try {
      await this.#estimates.sync();
    } catch (error) {
      this.#o.logger.warn({ err: error }, `sharing the learned stage durations failed; ${ifFailed}`);
    }
  }

  protected async round(): Promise<boolean> {
    const { store, owner, dubbing } = this.#o;
    const now = this.#now();
    const jobs = await store.claimJobsToStart(owner, now, LEASE_MS, 8);
    for (const job of jobs) {
      if (this.#starting.has(job.id)) continue;
      this.leases('jobs').hold(job.id);
      const run = this.#o.starter
        .run(job, this.#abort.signal)
        // Given back at once: a job with more to do (an admitted command now starting) goes on in the next
        // round, and its count of failed tries starts again.
        .then(() => store.releaseJob(job.id, owner, 0))
        .catch((error: unknown) => this.#startFailed(job, error))
        // The database failed again while the failure was being recorded (it is away): the lease expires and
        // the start is tried again then. Nothing may escape from here, or the process ends.
        .catch((error: unknown) =>
          this.#o.logger.warn(
            { err: error, job: job.id },
            'recording how the start ended failed; it is tried again when its lease ends',
          ),
        )
        .finally(() => {
          this.leases('jobs').drop(job.id);
          this.#starting.delete(job.id);
          this.wake();
        });
      this.#starting.set(job.id, run);
    }
    await this.#syncEstimates(now);
    const swept =
      this.#o.sweepEveryMs === undefined ? undefined : await this.#sweep(now, this.#o.sweepEveryMs);
    const claimed = await store.claimDueTargets(owner, now, LEASE_MS, 500, swept?.dueBy ?? now);
    const queue: Due[] = [...(swept?.found ?? []), ...claimed.map((target) => ({ target }))];
    // A round that polled or recorded anything, from a sweep or its own claims, was busy: go on at once.
    const busy = queue.length > 0;
    // Their jobs in one read: a status message needs its job, and a read per poll cost a round trip each.
    const jobsOf = await store.getJobs(queue.map((due) => due.target.jobId));
    for (const { target } of queue) this.leases('targets').hold(target.id);
    // The recorder is far behind: wait for it before finding more (the queue stays bounded).
    while (this.#pending.size >= MAX_PENDING && this.#recorder) await this.#recorder;
    const read = async (due: Due) => {
      const job = jobsOf.get(due.target.jobId);
      const finding = job && (await this.#read(due.target, job, due.listed));
      // Queued for the recorder, replacing an older finding of its language not yet recorded.
      if (finding) this.#pending.set(finding.target.id, finding);
      else this.leases('targets').drop(due.target.id);
    };
    // What the list said in full is queued at once and recorded in one batch; the projects read on their own
    // (ended, or not seen by a sweep) follow as their reads come back.
    const inFull = (due: Due) =>
      due.listed !== undefined && !dubbing.describeStatus(due.listed.status).terminal;
    const listed = queue.filter(inFull);
    const reads = queue.filter((due) => !inFull(due));
    try {
      for (let due = listed.shift(); due; due = listed.shift()) await read(due);
      this.#startRecorder();
      const workers = Array.from({ length: Math.min(reads.length, this.#o.concurrency ?? 16) }, async () => {
        for (let due = reads.shift(); due; due = reads.shift()) {
          await read(due);
          this.#startRecorder();
        }
      });
      await Promise.all(workers);
    } finally {
      // A round that failed part-way leaves the rest of its claims to expire.
      for (const { target } of [...listed, ...reads]) this.leases('targets').drop(target.id);
    }
    return busy;
  }

  /** Starts the recorder unless it runs (it goes on while findings are queued). */
  #startRecorder(): void {
    if (this.#pending.size === 0) return;
    this.#recorder ??= this.#record().finally(() => {
      this.#recorder = undefined;
    });
  }

  /** Records the queued findings, a batch at a time, until none is left. */
  async #record(): Promise<void> {
    while (this.#pending.size > 0) {
      const batch = [...this.#pending.values()].slice(0, RECORD_BATCH);
      for (const { target } of batch) this.#pending.delete(target.id);
      try {
        await this.#recordBatch(batch);
      } catch (error) {
        // The store failed (the database away): their leases expire, and the next sweep sees them again.
        this.#o.logger.warn(
          { err: error, findings: batch.length },
          'recording what the tracker found failed; it is looked at again',
        );
      } finally {
        // A language found again while it was recorded stays held for its newer finding.
        for (const { target } of batch)
          if (!this.#pending.has(target.id)) this.leases('targets').drop(target.id);
      }
    }
  }

  /**
   * One transaction for a batch of findings and the Slack writes they cause; then the cards of the jobs whose
   * languages ended are drawn again (read after recording, so two languages ending at once both see it; the
   * card's one key keeps it one edit).
   */
  async #recordBatch(batch: Finding[]): Promise<void> {
    const { store, owner } = this.#o;
    const now = this.#now();
    const polls: RecordedPoll[] = [];
    const drawing = [...batch];
    const drawers = Array.from({ length: Math.min(drawing.length, DRAW_CONCURRENCY) }, async () => {
      for (let finding = drawing.shift(); finding; finding = drawing.shift()) {
        polls.push(await this.#recordedPoll(finding, now));
        // SQLite answers at once (no I/O to wait on): a batch drawn without a pause would hold the event loop
        // for all of it, and every request and Slack write in flight with it.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await Promise.all(drawers);
    const recorded = new Set(await store.recordPolls(polls, owner, now));
    const jobOf = new Map(batch.map((finding) => [finding.target.id, finding.job.id]));
    const ended = new Set<string>();
    let changed = false;
    for (const poll of polls) {
      if (!recorded.has(poll.targetId) || !poll.result.changed) continue;
      changed = true;
      if (poll.result.terminal) ended.add(jobOf.get(poll.targetId)!);
    }
    for (const jobId of ended) await this.#o.drawer.redrawCard(jobId, now);
    if (changed) this.#o.onDeliveries();
  }

  /** What a finding records: the status and the next look it plans, and the Slack writes a change causes. */
  async #recordedPoll(finding: Finding, now: number): Promise<RecordedPoll> {
    const { dubbing, store } = this.#o;
    const { target, job } = finding;
    const poll = (result: PollResult, deliveries: DeliveryInput[] = []): RecordedPoll => ({
      targetId: target.id,
      result,
      deliveries,
      from: target.status,
    });
    if ('againAt' in finding) {
      const status = target.status ?? '';
      return poll({
        status,
        changed: false,
        terminal: false,
        nextPollAt: finding.againAt,
        intervalMs: target.intervalMs,
      });
    }
    if ('gone' in finding) {
      const gone = { id: target.projectId!, status: 'failed' };
      const info = dubbing.describeStatus('failed');
      const result = {
        status: 'failed',
        changed: true,
        terminal: true,
        nextPollAt: Number.MAX_SAFE_INTEGER,
        intervalMs: 0,
      };
      return poll(
        result,
        await changeDeliveries(this.#o.drawer, job, target, gone, info, now, 'the project no longer exists'),
      );
    }
    const { project } = finding;
    const { status } = project;
    const info = dubbing.describeStatus(status);
    const changed = status !== target.status;
    const plan = this.#planner.afterPoll(
      target,
      {
        status,
        changed,
        statusUpdatedAt: project.status_updated_at,
        duration: project.duration ?? job.mediaSeconds,
      },
      now,
    );
    if (changed) this.#o.logger.debug({ project: project.id, status }, 'status changed');
    // The status message keeps whoever is assigned to review the language.
    const deliveries = changed
      ? [
          ...(await changeDeliveries(this.#o.drawer, job, target, project, info, now)),
          ...(await replacedDeliveries(store, target, info)),
        ]
      : [];
    return poll({ status, changed, terminal: info.terminal, ...plan }, deliveries);
  }

  /**
   * Sweeps the project list when more projects are due than it has pages, and this replica holds the sweep:
   * the changes it saw, claimed for this round, and how overdue a project must be for its own poll (a project
   * seen unchanged is due again at the next sweep). When polling the due projects costs no more, they are
   * polled as without sweeps.
   */
  async #sweep(now: number, everyMs: number): Promise<{ dueBy: number; found: Due[] }> {
    const { store, owner, dubbing } = this.#o;
    const overdueBy = now - SWEEP_GRACE_SWEEPS * everyMs;
    // Rounds come often (every start and poll wakes the loop); the followed projects are weighed once a sweep.
    if (now - this.#lookedAt < everyMs) return { dueBy: this.#look === 'polls' ? now : overdueBy, found: [] };
    this.#lookedAt = now;
    // The next sweep is due in everyMs: a round then, not at the idle loop's next look (up to idleMs later).
    setTimeout(() => this.wake(), everyMs).unref();
    const followed = await store.trackedTargets(MAX_SWEPT);
    const due = followed.filter((t) => t.nextPollAt <= now).length;
    const cost = sweepCost(followed.length, this.#sweepPages);
    const look = chooseLook(due, cost);
    this.#logLook(look, due, cost, followed.length);
    const overdue = { dueBy: overdueBy, found: [] };
    if (look === 'polls') {
      this.sweepCounts.pollRounds++;
      return { dueBy: now, found: [] };
    }
    if (look === 'idle' || !(await store.claimSweep(owner, now, LEASE_MS, everyMs))) return overdue;
    this.leases('sweeps').hold(SWEEP_NAME);
    try {
      const byProject = new Map(followed.map((t) => [t.projectId!, t]));
      const { seen, pages } = await sweepList(
        (query) => dubbing.listProjects(query),
        new Set(byProject.keys()),
        MAX_SWEEP_PAGES,
      );
      this.#sweepPages = pages;
      this.sweepCounts.sweeps++;
      this.sweepCounts.pages += pages;
      const changed: string[] = [];
      const unchanged: string[] = [];
      for (const [projectId, item] of seen) {
        const target = byProject.get(projectId)!;
        if (item.status && item.status !== target.status) changed.push(target.id);
        else if (target.nextPollAt <= now) unchanged.push(target.id);
      }
      const at = this.#now();
      await store.markSeen(unchanged, at + everyMs, at);
      // A change of a language still waiting for the recorder is this replica's already: its newer status
      // replaces the finding. (One being recorded now is seen again by the next sweep.)
      const waiting = changed.flatMap((id) => this.#pending.get(id)?.target ?? []);
      const claimed = await store.claimTargets(
        changed.filter((id) => !this.#pending.has(id)),
        owner,
        at,
        LEASE_MS,
      );
      return {
        dueBy: overdue.dueBy,
        found: [...waiting, ...claimed].map((target) => ({ target, listed: seen.get(target.projectId!) })),
      };
    } catch (error) {
      // The list failed (the service away, a 429): the projects are polled one by one meanwhile.
      this.#o.logger.warn(
        { err: error },
        'sweeping the project list failed; polling the projects due instead',
      );
      this.#look = 'polls';
      return { dueBy: now, found: [] };
    } finally {
      this.leases('sweeps').drop(SWEEP_NAME);
      await store.releaseSweep(owner);
    }
  }

  /** Says when the tracker starts sweeping the list, or falls back to polling each project due. */
  #logLook(look: Look, due: number, cost: number, followed: number): void {
    this.#look = look;
    if (look === this.#announced || look === 'idle') return;
    this.#announced = look;
    const pages = `a sweep of the project list (${cost} page${cost === 1 ? '' : 's'})`;
    this.#o.logger.info(
      { due, followed, sweepPages: cost },
      look === 'sweep'
        ? `${due} of ${followed} followed projects are due: ${pages} costs fewer requests, so the tracker sweeps the list`
        : `only ${due} of ${followed} followed projects are due: ${pages} costs as many requests or more, so the tracker polls each one`,
    );
  }

  /** Records a start that failed: tried again later with backoff, or given up after too many tries. */
  async #startFailed(job: Job, error: unknown): Promise<void> {
    const { store, owner } = this.#o;
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
  }

  /**
   * Looks at a project: from `listed`, what a sweep saw, unless the status it shows has ended (the outputs and
   * failure details are in the project alone), else its own read. Undefined: nothing to record.
   */
  async #read(target: Target, job: Job, listed?: ProjectListItem): Promise<Finding | undefined> {
    const { dubbing, polling } = this.#o;
    if (target.projectId === null) return undefined;
    const lookAgain = () =>
      this.#now() + withJitter(Math.max(target.intervalMs, polling.minMs), polling, this.#random);
    let project: ReadProject;
    try {
      project =
        listed && !dubbing.describeStatus(listed.status).terminal
          ? listed
          : await dubbing.getProject(target.projectId);
    } catch (error) {
      // The request budget paused itself on the 429; this project waits as long as the service asked.
      if (error instanceof SlowDownError) return { target, job, againAt: this.#now() + error.retryAfterMs };
      if (error instanceof ProjectGoneError) return { target, job, gone: true };
      this.#o.logger.warn({ err: error, project: target.projectId }, 'polling the project failed');
      return { target, job, againAt: this.#now() + polling.maxMs };
    }
    const status = project.status;
    // A status the service does not know yet is no news: the project is looked at again as before.
    if (status === null || status === undefined) return { target, job, againAt: lookAgain() };
    // Status moves forward only: an earlier stage than the one shown (an answer overtaken by a later one, a
    // replica behind the others) is no news.
    const info = dubbing.describeStatus(status);
    if (target.status !== null && isEarlierStage(info, dubbing.describeStatus(target.status)))
      return { target, job, againAt: lookAgain() };
    return { target, job, project: { ...project, status } };
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
