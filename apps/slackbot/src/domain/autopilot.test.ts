// The cap's periods, counted in UTC so that every replica agrees, and what a job counts against them.
import { describe, expect, it } from 'vitest';
import { minutesCounted, periodEnd, periodStart } from './autopilot.ts';

const at = (iso: string) => Date.parse(iso);

describe('autopilot periods', () => {
  it('a day runs from midnight UTC to the next', () => {
    expect(periodStart(at('2026-11-29T23:59:59.999Z'), 'day')).toBe(at('2026-11-29T00:00:00Z'));
    expect(periodEnd(at('2026-11-29T00:00:00Z'), 'day')).toBe(at('2026-11-30T00:00:00Z'));
  });

  it('a week runs from Monday midnight UTC, whatever the day', () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    for (const day of ['2026-11-23T00:00:00Z', '2026-11-26T12:00:00Z', '2026-11-29T23:59:59Z'])
      expect(periodStart(at(day), 'week')).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart(at('2026-11-30T00:00:00Z'), 'week')).toBe(at('2026-11-30T00:00:00Z'));
    expect(periodEnd(at('2026-11-26T12:00:00Z'), 'week')).toBe(at('2026-11-30T00:00:00Z'));
  });

  it('counts the video’s whole minutes per language once known, a minute per language before', () => {
    expect(minutesCounted(61, 2)).toBe(4);
    expect(minutesCounted(null, 3)).toBe(3);
  });
});
