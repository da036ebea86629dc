// How long to wait before polling a project again: short right after a change (a new stage often follows
// soon), doubling while nothing changes, up to a cap; with jitter so that projects started together do not
// poll together.

export interface IntervalPolicy {
  minMs: number;
  maxMs: number;
}

export function nextInterval(previousMs: number, changed: boolean, policy: IntervalPolicy): number {
  if (changed || previousMs <= 0) return policy.minMs;
  return Math.min(policy.maxMs, Math.max(policy.minMs, previousMs * 2));
}

/** ±15 %, never above the cap. */
export function withJitter(ms: number, policy: IntervalPolicy, random: () => number = Math.random): number {
  return Math.min(policy.maxMs, Math.round(ms * (0.85 + 0.3 * random())));
}
