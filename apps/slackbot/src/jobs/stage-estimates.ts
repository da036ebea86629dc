// How long a project stays in each status, learned from the projects already followed. The service's stages
// take time in proportion to the video (a fixed part plus so much per second of it), and some projects are
// slower than others throughout: so per status a straight-line fit of duration against video length, and per
// project a pace (how much slower or faster than the fit its stages have been), which narrows its later stages.
// Observations are added to the store as sums (replicas add theirs, a restart keeps them) and the sums of all
// writers are read back now and then.
import { describeStatus, PROJECT_STATUSES, pipelineIndex } from '@dubkit/core';
import type { EstimateStore, StageSums } from '../store/estimates.ts';

/** A status's fit is used from this many observations on; before that the tracker falls back. */
const MIN_OBSERVATIONS = 5;
/** The spread assumed of a status barely seen (σ of the log of seen / estimated), given the weight of this many observations. */
const PRIOR_SIGMA = 0.5;
const PRIOR_WEIGHT = 3;
/** No estimate below this: the service's timestamps are in ms but a poll takes longer than that. */
const FLOOR_MS = 100;
/**
 * Stages only a render after edits goes through: a first run goes from `translation_done` straight to
 * `voiceover_started`, past the four statuses of these stages that sit between them in the pipeline's order.
 */
const RENDER_ONLY_STAGES = new Set<string>(['edits', 'voice_update']);
/** The normal run's statuses, each at its pipeline index. */
const RUN_ORDER: string[] = [];
for (const status of PROJECT_STATUSES)
  if (pipelineIndex(status) >= 0) RUN_ORDER[pipelineIndex(status)] = status;

export interface StageEstimate {
  /** The likely time in the status, in ms (the median: half of the projects take longer). */
  medianMs: number;
  /** σ of the log of the time: how far off the median a project may be. */
  sigma: number;
}

export interface Pace {
  sum: number;
  count: number;
}

const empty = (status: string): StageSums => ({
  status,
  count: 0,
  sumX: 0,
  sumY: 0,
  sumXX: 0,
  sumXY: 0,
  residualCount: 0,
  residualSum: 0,
  residualSquares: 0,
  pacedCount: 0,
  pacedSum: 0,
  pacedSquares: 0,
});

const FIELDS = Object.keys(empty('')).filter((key) => key !== 'status') as Exclude<
  keyof StageSums,
  'status'
>[];

export class StageEstimates {
  readonly #store: EstimateStore;
  /** Everyone's sums as last read, plus this process's observations since. */
  #sums = new Map<string, StageSums>();
  /** This process's observations not yet added to the store. */
  #pending = new Map<string, StageSums>();

  constructor(store: EstimateStore) {
    this.#store = store;
  }

  /** Adds this process's observations to the store and reads everyone's back. */
  async sync(): Promise<void> {
    const pending = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      if (pending.length > 0) await this.#store.addStageSums(pending);
    } catch (error) {
      // Kept for the next try: an observation is never lost to a database that was briefly away.
      for (const sums of pending) add(this.#pendingOf(sums.status), sums);
      throw error;
    }
    const all = await this.#store.stageSums();
    this.#sums = new Map(all.map((sums) => [sums.status, sums]));
    for (const sums of this.#pending.values()) add(this.#sumsOf(sums.status), sums);
  }

  /** The estimated time in `status` for a video of `videoSeconds`, at the project's pace; undefined until learned. */
  estimate(status: string, videoSeconds: number | undefined, pace: Pace): StageEstimate | undefined {
    const sums = this.#sums.get(status);
    const fitted = sums && fit(sums, videoSeconds);
    if (!sums || fitted === undefined) return undefined;
    if (pace.count > 0 && sums.pacedCount > 0) {
      const { mean, sigma } = spread(sums.pacedCount, sums.pacedSum, sums.pacedSquares);
      return { medianMs: fitted * Math.exp(pace.sum / pace.count + mean), sigma };
    }
    const { mean, sigma } = spread(sums.residualCount, sums.residualSum, sums.residualSquares);
    return { medianMs: fitted * Math.exp(mean), sigma };
  }

  /**
   * The likely time until a project in `status` for `inStatusMs` now is done: what is left of its status, then
   * each status its run still passes through (past the render-only stages on a first run), at the project's
   * pace. Undefined for a status off the pipeline, or while any of them is not learned yet: a figure made of
   * guesses for some stages would promise what the app does not know.
   */
  timeLeft(
    status: string,
    videoSeconds: number | undefined,
    pace: Pace,
    inStatusMs: number,
  ): number | undefined {
    const start = pipelineIndex(status);
    if (start < 0) return undefined;
    const skipRenderOnly = !RENDER_ONLY_STAGES.has(describeStatus(status).stage);
    let left = 0;
    for (let index = start; index < RUN_ORDER.length; index++) {
      const next = RUN_ORDER[index];
      if (next === undefined || describeStatus(next).terminal) break;
      if (index > start && skipRenderOnly && RENDER_ONLY_STAGES.has(describeStatus(next).stage)) continue;
      const estimate = this.estimate(next, videoSeconds, pace);
      if (!estimate) return undefined;
      left += index === start ? Math.max(0, estimate.medianMs - inStatusMs) : estimate.medianMs;
    }
    return left;
  }

  /**
   * Learns from a change the tracker saw: the project entered `from` at a known time and `to` `ms` later.
   * Counted only when `to` is the next status, or the one after a working status's hand-off (`X_started` →
   * `Y_started`, skipping `X_done`): a poll that skipped more cannot say how long `from` took. Resolves to the
   * project's pace after it.
   */
  observe(from: string, to: string, videoSeconds: number, ms: number, pace: Pace): Pace {
    const steps = runSteps(from, to);
    const working = from.endsWith('_started') || from === 'uploading';
    if (pipelineIndex(from) < 0 || !(steps === 1 || (steps === 2 && working)) || !(ms > 0)) return pace;
    if (!Number.isFinite(videoSeconds) || videoSeconds <= 0) return pace;
    const seen: StageSums = {
      ...empty(from),
      count: 1,
      sumX: videoSeconds,
      sumY: ms,
      sumXX: videoSeconds ** 2,
      sumXY: videoSeconds * ms,
    };
    const sums = this.#sums.get(from);
    const fitted = sums && fit(sums, videoSeconds);
    let next = pace;
    if (fitted !== undefined) {
      const residual = Math.log(ms / fitted);
      seen.residualCount = 1;
      seen.residualSum = residual;
      seen.residualSquares = residual ** 2;
      if (pace.count > 0) {
        const paced = residual - pace.sum / pace.count;
        seen.pacedCount = 1;
        seen.pacedSum = paced;
        seen.pacedSquares = paced ** 2;
      }
      // Only working statuses inform the pace: a hand-off between stages says nothing of the video.
      if (working) next = { sum: pace.sum + residual, count: pace.count + 1 };
    }
    add(this.#sumsOf(from), seen);
    add(this.#pendingOf(from), seen);
    return next;
  }

  #sumsOf(status: string): StageSums {
    return rowOf(this.#sums, status);
  }

  #pendingOf(status: string): StageSums {
    return rowOf(this.#pending, status);
  }
}

/**
 * How many statuses a run passes through from `from` to `to`: the pipeline's order, except that from outside the
 * render-only stages their statuses are not counted (the run that leaves `translation_done` goes past them).
 */
function runSteps(from: string, to: string): number {
  const start = pipelineIndex(from);
  const end = pipelineIndex(to);
  if (start < 0 || end < 0) return end - start;
  const skipRenderOnly = !RENDER_ONLY_STAGES.has(describeStatus(from).stage);
  let steps = 0;
  for (let index = start + 1; index <= end; index++) {
    const renderOnly = RENDER_ONLY_STAGES.has(describeStatus(RUN_ORDER[index]).stage);
    if (index === end || !(skipRenderOnly && renderOnly)) steps++;
  }
  return steps;
}

function rowOf(rows: Map<string, StageSums>, status: string): StageSums {
  const row = rows.get(status) ?? empty(status);
  rows.set(status, row);
  return row;
}

function add(into: StageSums, more: StageSums): void {
  for (const field of FIELDS) into[field] += more[field];
}

/** The least-squares line of time against video length at `videoSeconds` (the mean length when unknown). */
function fit(sums: StageSums, videoSeconds: number | undefined): number | undefined {
  const { count: n, sumX, sumY, sumXX, sumXY } = sums;
  if (n < MIN_OBSERVATIONS) return undefined;
  const x = videoSeconds !== undefined && videoSeconds > 0 ? videoSeconds : sumX / n;
  const spreadX = n * sumXX - sumX ** 2;
  // Videos all of one length (or a line that falls with length, which no stage does): the mean.
  const slope = spreadX > 1e-9 * n * sumXX ? (n * sumXY - sumX * sumY) / spreadX : 0;
  const line = slope > 0 ? (sumY - slope * sumX) / n + slope * x : sumY / n;
  return Math.max(FLOOR_MS, line);
}

/** Mean and σ of log residuals, the σ drawn towards a cautious prior while there are few. */
function spread(count: number, sum: number, squares: number): { mean: number; sigma: number } {
  const mean = count > 0 ? sum / count : 0;
  const variance = count > 0 ? Math.max(0, squares / count - mean ** 2) : 0;
  const sigma = Math.sqrt((variance * count + PRIOR_SIGMA ** 2 * PRIOR_WEIGHT) / (count + PRIOR_WEIGHT));
  return { mean, sigma };
}
