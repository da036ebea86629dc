import { describe, expect, it } from 'vitest';
import { isTimecode, msToTimecode, timecodeToMs } from './timecode.ts';

describe('timecodes', () => {
  it('converts both ways', () => {
    expect(timecodeToMs('00:00:00,000')).toBe(0);
    expect(timecodeToMs('01:02:03,456')).toBe(3_723_456);
    expect(msToTimecode(3_723_456)).toBe('01:02:03,456');
    expect(msToTimecode(100 * 3_600_000)).toBe('100:00:00,000');
    for (const ms of [0, 1, 999, 59_999, 3_599_999, 86_400_001])
      expect(timecodeToMs(msToTimecode(ms))).toBe(ms);
  });
  it('is strict on input', () => {
    for (const bad of ['00:00:01.000', '0:00:01,000', '00:61:00,000', '00:00:01,00', ' 00:00:01,000', '']) {
      expect(isTimecode(bad), bad).toBe(false);
      expect(() => timecodeToMs(bad)).toThrow(/expected HH:MM:SS,mmm/);
    }
    expect(() => msToTimecode(-1)).toThrow(RangeError);
    expect(() => msToTimecode(1.5)).toThrow(RangeError);
  });
});
