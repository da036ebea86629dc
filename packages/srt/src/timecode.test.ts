import { describe, expect, it } from 'vitest';
import { TimecodeError } from './errors.ts';
import { formatTimecode, formatVttTimestamp, parseTimecode } from './timecode.ts';

describe('formatTimecode', () => {
  it('writes HH:MM:SS,mmm with zero padding', () => {
    expect(formatTimecode(0)).toBe('00:00:00,000');
    expect(formatTimecode(3_723_004)).toBe('01:02:03,004');
    expect(formatVttTimestamp(3_723_004)).toBe('01:02:03.004');
  });

  it('writes hours past 99 with more digits', () => {
    expect(formatTimecode(360_000_000 + 61_001)).toBe('100:01:01,001');
  });

  it('refuses negative, fractional and non-finite times', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatTimecode(bad)).toThrow(TimecodeError);
    }
  });
});

describe('parseTimecode', () => {
  it('reads the service form', () => {
    expect(parseTimecode('01:02:03,004')).toBe(3_723_004);
    expect(parseTimecode('100:00:00,000')).toBe(360_000_000);
  });

  it('is strict: anything but HH:MM:SS,mmm throws, naming the input and the expected form', () => {
    for (const bad of [
      '01:02:03.004',
      '1:02:03,004',
      '01:2:03,004',
      '01:02:03,04',
      '01:60:00,000',
      ' 01:02:03,004',
      '',
    ]) {
      expect(() => parseTimecode(bad)).toThrow(TimecodeError);
    }
    expect(() => parseTimecode('01:02:03.004')).toThrow(
      'cannot read the timecode "01:02:03.004": expected HH:MM:SS,mmm',
    );
  });

  it('round-trips with formatTimecode', () => {
    for (const ms of [0, 1, 999, 59_999, 3_599_999, 86_400_000, 999_999_999]) {
      expect(parseTimecode(formatTimecode(ms))).toBe(ms);
    }
  });
});
