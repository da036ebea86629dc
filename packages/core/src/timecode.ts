// Timecodes as the service writes them ("HH:MM:SS,mmm", comma before the milliseconds) ⇄ milliseconds.

const TIMECODE = /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})$/;

/** True when `value` is a well-formed `HH:MM:SS,mmm` timecode (minutes and seconds below 60). */
export function isTimecode(value: string): boolean {
  return TIMECODE.test(value);
}

/** Parses `HH:MM:SS,mmm` into milliseconds. Throws a RangeError naming the bad input; nothing is guessed. */
export function timecodeToMs(timecode: string): number {
  const match = TIMECODE.exec(timecode);
  if (!match) {
    throw new RangeError(
      `Invalid timecode ${JSON.stringify(timecode)}: expected HH:MM:SS,mmm (for example 00:01:02,345)`,
    );
  }
  const [, h, m, s, ms] = match;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** Formats milliseconds (a non-negative integer) as `HH:MM:SS,mmm`. */
export function msToTimecode(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new RangeError(`Invalid milliseconds ${ms}: expected a non-negative integer`);
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)},${pad(ms % 1000, 3)}`;
}
