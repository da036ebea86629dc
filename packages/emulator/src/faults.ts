// Faults on demand: added latency, a share of 500/503 answers, 429 bursts, failing stages, connection resets.
import { PIPELINE_STAGES, type PipelineStage } from './projects/pipeline.ts';

/** Stages that `failStage` can break: the pipeline's, plus the face check and the lip-sync job. */
export const FAULT_STAGES = [...PIPELINE_STAGES, 'check_face', 'lipsync'] as const;
export type FaultStage = PipelineStage | 'check_face' | 'lipsync';

export interface Faults {
  /** Added to every API answer: a fixed delay, or [min, max] spread evenly over requests. */
  latencyMs?: number | [number, number];
  /** Share (0..1) of requests answered 500 or 503 (alternating), spread evenly and deterministically. */
  errorRate?: number;
  /** The next N requests are answered 503 (then the count drops to 0). */
  errorNext?: number;
  /** The next N requests are answered 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext?: number;
  /** Share (0..1) of requests answered 429. */
  rateLimitRate?: number;
  /** Seconds sent in Retry-After with each 429 (default 1). */
  retryAfterSeconds?: number;
  /** Share (0..1) of requests whose connection is reset without an answer. */
  resetRate?: number;
  /** The next N requests have their connection reset. */
  resetNext?: number;
  /** Projects (and face checks, lip-syncs) started from now on fail at this stage: `<stage>_failed`. */
  failStage?: FaultStage;
  /** Only requests whose path starts with one of these are affected (default: every API path). */
  paths?: string[];
}

export type FaultAction =
  | { kind: 'none'; delayMs: number }
  | { kind: 'reset'; delayMs: number }
  | { kind: 'error'; delayMs: number; status: number }
  | { kind: 'rate-limit'; delayMs: number; retryAfter: number };

const isShare = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Checks a faults object from options or the admin endpoint; returns a list of problems (empty when fine). */
export function faultProblems(input: unknown): string[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return ['faults must be an object'];
  const faults = input as Record<string, unknown>;
  const problems: string[] = [];
  const known = new Set([
    'latencyMs',
    'errorRate',
    'errorNext',
    'rateLimitNext',
    'rateLimitRate',
    'retryAfterSeconds',
    'resetRate',
    'resetNext',
    'failStage',
    'paths',
  ]);
  for (const key of Object.keys(faults)) if (!known.has(key)) problems.push(`unknown fault "${key}"`);
  const latency = faults.latencyMs;
  if (
    latency !== undefined &&
    !(typeof latency === 'number' && latency >= 0) &&
    !(Array.isArray(latency) && latency.length === 2 && latency.every((n) => typeof n === 'number' && n >= 0))
  ) {
    problems.push('latencyMs must be a number of milliseconds or [min, max]');
  }
  for (const key of ['errorRate', 'rateLimitRate', 'resetRate']) {
    if (faults[key] !== undefined && !isShare(faults[key]))
      problems.push(`${key} must be a number from 0 to 1`);
  }
  for (const key of ['errorNext', 'rateLimitNext', 'resetNext', 'retryAfterSeconds']) {
    if (faults[key] !== undefined && !isCount(faults[key]))
      problems.push(`${key} must be a whole number ≥ 0`);
  }
  if (faults.failStage !== undefined && !(FAULT_STAGES as readonly unknown[]).includes(faults.failStage)) {
    problems.push(`failStage must be one of ${FAULT_STAGES.join(', ')}`);
  }
  if (
    faults.paths !== undefined &&
    !(Array.isArray(faults.paths) && faults.paths.every((path) => typeof path === 'string'))
  ) {
    problems.push('paths must be a list of path prefixes');
  }
  return problems;
}

/** Picks what happens to each request; counters make every share exact and repeatable (no randomness). */
export class FaultInjector {
  private faults: Faults = {};
  private seen = 0;
  private empty = true;

  get current(): Faults {
    return { ...this.faults };
  }

  set(faults: Faults): void {
    const problems = faultProblems(faults);
    if (problems.length > 0) throw new TypeError(`Invalid faults: ${problems.join('; ')}`);
    this.faults = { ...faults };
    this.empty = Object.keys(faults).length === 0;
    this.seen = 0;
  }

  update(faults: Faults): void {
    this.set({ ...this.faults, ...faults });
  }

  clear(): void {
    this.set({});
  }

  /** Paths faults apply to, or undefined for the default (the service's endpoints). Cheap: read per request. */
  get paths(): readonly string[] | undefined {
    return this.faults.paths;
  }

  get failStage(): FaultStage | undefined {
    return this.faults.failStage;
  }

  /** True for the k-th of a run of events when a share `rate` of them should be hit, spread evenly. */
  private static hits(rate: number | undefined, k: number): boolean {
    return rate !== undefined && rate > 0 && Math.floor(k * rate) > Math.floor((k - 1) * rate);
  }

  /** True when no fault is set: requests skip `decide`. */
  get idle(): boolean {
    return this.empty;
  }

  decide(path: string): FaultAction {
    const f = this.faults;
    if (f.paths && !f.paths.some((prefix) => path.startsWith(prefix))) return { kind: 'none', delayMs: 0 };
    const k = ++this.seen;
    let delayMs = 0;
    if (typeof f.latencyMs === 'number') delayMs = f.latencyMs;
    else if (Array.isArray(f.latencyMs)) {
      const [min, max] = f.latencyMs;
      delayMs = min + ((k * 0.618033988749895) % 1) * (max - min);
    }
    if (f.resetNext) {
      f.resetNext--;
      return { kind: 'reset', delayMs };
    }
    if (FaultInjector.hits(f.resetRate, k)) return { kind: 'reset', delayMs };
    const retryAfter = f.retryAfterSeconds ?? 1;
    if (f.rateLimitNext) {
      f.rateLimitNext--;
      return { kind: 'rate-limit', delayMs, retryAfter };
    }
    if (FaultInjector.hits(f.rateLimitRate, k)) return { kind: 'rate-limit', delayMs, retryAfter };
    if (f.errorNext) {
      f.errorNext--;
      return { kind: 'error', delayMs, status: 503 };
    }
    if (FaultInjector.hits(f.errorRate, k)) {
      return { kind: 'error', delayMs, status: Math.floor(k * (f.errorRate ?? 0)) % 2 === 1 ? 500 : 503 };
    }
    return { kind: 'none', delayMs };
  }
}
