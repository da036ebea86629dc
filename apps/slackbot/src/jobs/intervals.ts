// How long to wait before polling a project again: after a change, as long as the stage just seen took
// (one project's stages move at a pace set by its video's length, so the last stage predicts the next),
// doubling while nothing changes, between a floor and a cap; with jitter so that projects started together
// do not poll together.

export interface IntervalPolicy {
  minMs: number;
  maxMs: number;
}

/** `lastStageMs`: how long the status that just changed had been seen (unknown for a new project). */
export function nextInterval(
  previousMs: number,
  changed: boolean,
  policy: IntervalPolicy,
  lastStageMs?: number,
): number {
  const clamp = (ms: number) => Math.min(policy.maxMs, Math.max(policy.minMs, ms));
  if (changed || previousMs <= 0) return clamp(lastStageMs ?? 0);
  return clamp(previousMs * 2);
}

/** ±15 %, never above the cap. */
export function withJitter(ms: number, policy: IntervalPolicy, random: () => number = Math.random): number {
  return Math.min(policy.maxMs, Math.round(ms * (0.85 + 0.3 * random())));
}
