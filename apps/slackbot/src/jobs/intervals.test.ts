import { describe, expect, it } from 'vitest';
import { nextInterval, withJitter } from './intervals.ts';

const policy = { minMs: 1000, maxMs: 8000 };

describe('polling intervals', () => {
  it('polls quickly after a change and backs off to the cap while stable', () => {
    let interval = nextInterval(0, false, policy);
    const seen = [interval];
    for (let i = 0; i < 5; i++) {
      interval = nextInterval(interval, false, policy);
      seen.push(interval);
    }
    expect(seen).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(nextInterval(8000, true, policy)).toBe(1000);
  });

  it('after a change, waits as long as the stage just seen took, within the floor and the cap', () => {
    expect(nextInterval(8000, true, policy, 3000)).toBe(3000);
    expect(nextInterval(8000, true, policy, 500)).toBe(1000);
    expect(nextInterval(1000, true, policy, 60_000)).toBe(8000);
    expect(nextInterval(3000, false, policy, 6000)).toBe(6000);
  });

  it('jitters by at most 15 % and never above the cap', () => {
    expect(withJitter(1000, policy, () => 0)).toBe(850);
    expect(withJitter(1000, policy, () => 1)).toBe(1150);
    expect(withJitter(8000, policy, () => 1)).toBe(8000);
  });
});
