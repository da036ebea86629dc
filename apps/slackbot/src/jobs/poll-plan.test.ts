// Planning polls from learned durations: near the likely end of a status, the adaptive intervals without data,
// and never longer than the cap, so that a stage far slower than learned is still seen soon after it ends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Target } from '../store/store.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { PollPlanner } from './poll-plan.ts';
import { StageEstimates } from './stage-estimates.ts';

let temp: TempStore;
beforeEach(async () => {
  temp = await tempStore();
});
afterEach(async () => {
  await temp.cleanup();
});

const polling = { minMs: 1_000, maxMs: 30_000 };
const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const target = (over: Partial<Target> = {}): Target => ({
  id: 't1',
  jobId: 'j1',
  dstLang: 'es',
  attempt: 1,
  projectId: 'p1',
  createIntentAt: null,
  status: 'transcription_done',
  statusAt: T0 - 500,
  startedAt: T0 - 60_000,
  terminal: false,
  nextPollAt: T0,
  intervalMs: 5_000,
  stageSince: T0 - 500,
  paceSum: 0,
  paceCount: 0,
  stoppedBy: null,
  ...over,
});

/** Estimates that have seen separate_background take 20 s on two-minute videos, give or take 10 %. */
function trained(): StageEstimates {
  const estimates = new StageEstimates(temp.store);
  const none = { sum: 0, count: 0 };
  for (const factor of [0.9, 1.1, 1, 0.95, 1.05, 1, 0.92, 1.08, 1, 1]) {
    estimates.observe('separate_background_started', 'separate_background_done', 120, 20_000 * factor, none);
  }
  return estimates;
}

/** Polls as the tracker would while the stage really takes `stageMs`: when the change was seen, and every wait. */
function follow(planner: PollPlanner, stageMs: number) {
  const seen = { status: 'separate_background_started', statusUpdatedAt: iso(T0), duration: 120 };
  let plan = planner.afterPoll(target(), { ...seen, changed: true }, T0 + 300);
  let current = target({ status: seen.status, stageSince: plan.stageSince!, statusAt: T0 + 300 });
  const waits = [plan.nextPollAt - (T0 + 300)];
  for (let i = 0; i < 100; i++) {
    const now = plan.nextPollAt;
    if (now >= T0 + stageMs) return { seenAfterMs: now - (T0 + stageMs), waits, polls: waits.length };
    plan = planner.afterPoll(current, { ...seen, changed: false }, now);
    current = { ...current, intervalMs: plan.intervalMs };
    waits.push(plan.nextPollAt - now);
  }
  throw new Error('the change was never seen');
}

describe('poll planning', () => {
  it('without data for a status, falls back to the adaptive intervals, at most freshMs apart', () => {
    const planner = new PollPlanner({
      polling,
      estimates: new StageEstimates(temp.store),
      random: () => 0.5,
    });
    const seen = {
      status: 'separate_background_started',
      changed: true,
      statusUpdatedAt: iso(T0),
      duration: 120,
    };
    // The status before it was seen 3.5 s: the adaptive policy waits that long.
    const plan = planner.afterPoll(target(), seen, T0 + 3_000);
    expect(plan.intervalMs).toBe(3_500);
    expect(plan.stageSince).toBe(T0);
    // Seen 20.5 s, it would wait that long; a status not learned yet is looked at every 7 s at most.
    expect(planner.afterPoll(target(), seen, T0 + 20_000).intervalMs).toBe(7_000);
  });

  it('looks first near the likely end of the status, dated by the service', () => {
    const planner = new PollPlanner({ polling, estimates: trained() });
    const plan = planner.afterPoll(
      target(),
      { status: 'separate_background_started', changed: true, statusUpdatedAt: iso(T0), duration: 120 },
      T0 + 3_000,
    );
    // 20 s after the service's change, give or take its spread, not 20 s after this poll.
    expect(plan.nextPollAt - T0).toBeGreaterThan(17_000);
    expect(plan.nextPollAt - T0).toBeLessThan(27_000);
    const { polls, seenAfterMs } = follow(planner, 20_000);
    expect(polls).toBeLessThanOrEqual(2);
    expect(seenAfterMs).toBeLessThanOrEqual(7_000);
  });

  it('still sees a stage that suddenly takes 5× longer than learned within the cap', () => {
    const cap = { minMs: 1_000, maxMs: 15_000 };
    const planner = new PollPlanner({ polling: cap, estimates: trained(), freshMs: 30_000 });
    const { waits, seenAfterMs } = follow(planner, 5 * 20_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(cap.maxMs);
    expect(seenAfterMs).toBeLessThanOrEqual(cap.maxMs);
    // With the default freshness, sooner still.
    const fresh = follow(new PollPlanner({ polling: cap, estimates: trained() }), 5 * 20_000);
    expect(fresh.seenAfterMs).toBeLessThanOrEqual(7_000);
  });

  it('never trusts a service date later than its own clock', () => {
    const planner = new PollPlanner({ polling, estimates: trained() });
    const plan = planner.afterPoll(
      target(),
      {
        status: 'separate_background_started',
        changed: true,
        statusUpdatedAt: iso(T0 + 60_000),
        duration: 120,
      },
      T0,
    );
    expect(plan.stageSince).toBe(T0);
  });
});
