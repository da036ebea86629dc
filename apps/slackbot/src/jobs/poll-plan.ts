// When to poll a project next. With learned estimates (stage-estimates.ts): near the likely end of its current
// status, reckoned from when the service says the status began — late enough that one look usually finds the
// change, early enough that a change that came early is seen within `freshMs`; after a look that found nothing
// new, again every `freshMs`. Without data for the status yet, the adaptive intervals (intervals.ts), at most
// `freshMs` apart: statuses are learned from changes seen one at a time, which sparse polls would skip. Every wait
// is at most the cap, so an estimate that has gone wrong (a stage suddenly much slower) still leaves no project
// unpolled for longer than that, and at least the floor.
// With list sweeps (sweep.ts, `sweepEveryMs`), looking costs a share of a page: a project is due from the
// earliest likely end of its status (the 5 % quantile), then at every sweep until its status changes; without
// an estimate, at every sweep. The estimates then only let sweeps be skipped while nothing is due.
import type { Target } from '../store/store.ts';
import { type IntervalPolicy, nextInterval, withJitter } from './intervals.ts';
import type { Pace, StageEstimates } from './stage-estimates.ts';

/** z of the 5 % and 95 % quantiles of a normal distribution. */
const Z95 = 1.645;
/** Default of `freshMs`: the p95 goal is 10 s from a change to Slack, and a Slack write takes its share. */
export const DEFAULT_FRESH_MS = 7_000;

export interface PollPlan {
  nextPollAt: number;
  intervalMs: number;
  stageSince?: number;
  pace?: Pace;
}

/** What a poll found, as far as planning the next one goes. */
export interface PollSeen {
  status: string;
  changed: boolean;
  /** The service's `status_updated_at`. */
  statusUpdatedAt?: string | null | undefined;
  /** The project's video length in seconds. */
  duration?: number | null | undefined;
}

export interface PollPlannerOptions {
  polling: IntervalPolicy;
  /** Learned estimates; without them every plan is the adaptive one. */
  estimates?: StageEstimates | undefined;
  /** Longest wait after a status's likely end before looking again (default 7 s; at most the cap). */
  freshMs?: number;
  /** The tracker sweeps the project list this often: plans say when a project is due for a sweep. */
  sweepEveryMs?: number;
  random?: () => number;
}

export class PollPlanner {
  readonly #o: PollPlannerOptions;
  readonly #freshMs: number;

  constructor(options: PollPlannerOptions) {
    this.#o = options;
    this.#freshMs = Math.min(
      options.polling.maxMs,
      Math.max(options.polling.minMs, options.freshMs ?? DEFAULT_FRESH_MS),
    );
  }

  afterPoll(target: Target, seen: PollSeen, now: number): PollPlan {
    const { polling, estimates } = this.#o;
    // The service's clock, when it says and that is not later than ours; else the change is dated now.
    const said = Date.parse(seen.statusUpdatedAt ?? '');
    const since = seen.changed
      ? Number.isFinite(said) && said <= now
        ? said
        : now
      : (target.stageSince ?? now);
    const videoSeconds = seen.duration ?? undefined;
    let pace: Pace = { sum: target.paceSum, count: target.paceCount };
    if (estimates && seen.changed && target.status && target.stageSince !== null && videoSeconds) {
      pace = estimates.observe(target.status, seen.status, videoSeconds, since - target.stageSince, pace);
    }
    const learned = { stageSince: since, pace };
    const estimate = estimates?.estimate(seen.status, videoSeconds, pace);
    const sweepEveryMs = this.#o.sweepEveryMs;
    if (sweepEveryMs !== undefined) {
      const earliest =
        estimate && seen.changed ? since + estimate.medianMs * Math.exp(-Z95 * estimate.sigma) : 0;
      const intervalMs = Math.round(Math.min(polling.maxMs, Math.max(sweepEveryMs, earliest - now)));
      return { nextPollAt: now + intervalMs, intervalMs, ...learned };
    }
    if (!estimate) {
      const lastStageMs = target.statusAt === null ? undefined : now - target.statusAt;
      const intervalMs = Math.min(
        this.#freshMs,
        nextInterval(target.intervalMs, seen.changed, polling, lastStageMs),
      );
      return { nextPollAt: now + withJitter(intervalMs, polling, this.#o.random), intervalMs, ...learned };
    }
    const at = (z: number) => since + estimate.medianMs * Math.exp(z * estimate.sigma);
    // The first look: by then 95 % of projects have moved on, unless looking that late would see one that moved
    // on among the earliest 5 % more than freshMs after it did.
    const first = Math.min(at(Z95), at(-Z95) + this.#freshMs);
    // After a look that found nothing new: again within freshMs (unless that look came before the first).
    const wanted = seen.changed || now < first - polling.minMs ? first : now + this.#freshMs;
    const intervalMs = Math.round(Math.min(polling.maxMs, Math.max(polling.minMs, wanted - now)));
    return { nextPollAt: now + intervalMs, intervalMs, ...learned };
  }
}
