// The loop's behaviour when its rounds fail (the database away): waits that double up to a cap, one log line
// when the outage begins and one when it ends, wake-ups that do not cut the backoff short, and a round as
// soon as it is woken once healthy again.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Loop } from './loop.ts';

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { logger, lines };
}

describe('Loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off on consecutive failed rounds, logs the outage once, and resumes by itself', async () => {
    const { logger, lines } = recordingLogger();
    const roundsAt: number[] = [];
    let failing = true;
    const loop = new Loop(
      async () => {
        roundsAt.push(Date.now());
        if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return false;
      },
      { idleMs: 100, maxBackoffMs: 800, logger, name: 'test' },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const gaps = roundsAt.slice(1).map((at, i) => at - (roundsAt[i] as number));
    // 100, 200, 400, then the cap: not one round per idle interval.
    expect(gaps.slice(0, 5)).toEqual([100, 200, 400, 800, 800]);
    expect(roundsAt.length).toBeLessThan(12);
    expect(loop.failures).toBe(roundsAt.length);
    expect(lines.filter((line) => line.msg.includes('round failed'))).toHaveLength(1);

    // Woken while failing (a request came in): the backoff still holds.
    const before = roundsAt.length;
    loop.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(roundsAt.length).toBe(before);

    failing = false;
    await vi.advanceTimersByTimeAsync(800);
    expect(loop.failures).toBe(0);
    expect(lines.filter((line) => line.msg === 'rounds succeed again')).toHaveLength(1);
    // Healthy again: idle rounds every idleMs, and a wake-up runs one at once.
    const healthyFrom = roundsAt.length;
    await vi.advanceTimersByTimeAsync(300);
    expect(roundsAt.length - healthyFrom).toBe(3);
    const woken = roundsAt.length;
    loop.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(roundsAt.length).toBe(woken + 1);
    expect(lines.filter((line) => line.msg.includes('round failed'))).toHaveLength(1);
    await loop.stop();
  });

  it('a new outage after recovery is logged again', async () => {
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const loop = new Loop(
      async () => {
        calls += 1;
        // fails on rounds 1-2 and 5-6
        if (calls <= 2 || (calls >= 5 && calls <= 6)) throw new Error('Connection terminated');
        return false;
      },
      { idleMs: 50, logger, name: 'test' },
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(2_000);
    await loop.stop();
    expect(lines.filter((line) => line.msg.includes('round failed'))).toHaveLength(2);
    expect(lines.filter((line) => line.msg === 'rounds succeed again')).toHaveLength(2);
  });
});
