import { describe, expect, it } from 'vitest';
import { redubMinutes } from './redub.ts';

describe('redubMinutes', () => {
  it('charges nothing when nothing changed', () => {
    expect(redubMinutes(0)).toBe(0);
  });
  it('charges one minute from the first second to 59 s', () => {
    for (const ms of [1, 1000, 30_000, 59_000, 59_999]) expect(redubMinutes(ms), String(ms)).toBe(1);
  });
  it('rounds to the nearest minute after that, half a minute up', () => {
    expect(redubMinutes(60_000)).toBe(1);
    expect(redubMinutes(89_000)).toBe(1); // 1:29
    expect(redubMinutes(90_000)).toBe(2); // 1:30
    expect(redubMinutes(149_999)).toBe(2);
    expect(redubMinutes(150_000)).toBe(3);
  });
});
