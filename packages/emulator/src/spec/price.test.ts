import { describe, expect, it } from 'vitest';
import { redubCharge } from './price.ts';

const at = (minutes: number, seconds: number, ms = 0) => (minutes * 60 + seconds) * 1000 + ms;

describe('redubCharge, the re-dub price in the words of the documents', () => {
  it('charges nothing when nothing changed', () => {
    expect(redubCharge(0)).toBe(0);
  });

  it('charges one minute from 1 s to 59 s, and for a change shorter than a second', () => {
    for (const ms of [1, 999, at(0, 1), at(0, 30), at(0, 59), at(0, 59, 999)])
      expect(redubCharge(ms), String(ms)).toBe(1);
  });

  it('rounds to the nearest minute from there: 1:29 is one, 1:30 two', () => {
    expect(redubCharge(at(1, 0))).toBe(1);
    expect(redubCharge(at(1, 29))).toBe(1);
    expect(redubCharge(at(1, 29, 999))).toBe(1);
    expect(redubCharge(at(1, 30))).toBe(2);
    expect(redubCharge(at(2, 29, 999))).toBe(2);
    expect(redubCharge(at(2, 30))).toBe(3);
    expect(redubCharge(at(59, 45))).toBe(60);
  });
});
