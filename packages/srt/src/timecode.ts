// Timecodes: milliseconds ⇄ the service's `HH:MM:SS,mmm` (and WebVTT's `HH:MM:SS.mmm`).
import { TimecodeError } from './errors.ts';

// Lookup tables: serializing 100,000 cues formats 200,000 timecodes, and table lookups beat padStart.
const PAD2: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const PAD3: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

function format(ms: number, separator: string): string {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new TimecodeError(`a timecode needs a whole, non-negative number of milliseconds; got ${ms}`);
  }
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return (
    (hours < 100 ? PAD2[hours] : String(hours)) +
    ':' +
    PAD2[minutes] +
    ':' +
    PAD2[seconds] +
    separator +
    PAD3[ms % 1000]
  );
}

/** `3723004` → `01:02:03,004`. Hours take more digits past 99. Throws TimecodeError for a negative or fractional time. */
export function formatTimecode(ms: number): string {
  return format(ms, ',');
}

/** The WebVTT form, `01:02:03.004`. */
export function formatVttTimestamp(ms: number): string {
  return format(ms, '.');
}

const STRICT = /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})$/;

/**
 * `01:02:03,004` → `3723004`. Strict: exactly the service's form (two or more hour digits, comma, three
 * millisecond digits); anything else throws a TimecodeError saying what was expected. For lenient reading of
 * SRT files use parseSrt.
 */
export function parseTimecode(timecode: string): number {
  const match = STRICT.exec(timecode);
  if (!match) {
    throw new TimecodeError(
      `cannot read the timecode ${JSON.stringify(timecode)}: expected HH:MM:SS,mmm, for example 00:01:02,500`,
    );
  }
  const [, hours, minutes, seconds, millis] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}
