// Frame-based timing. Media time is milliseconds; a frame rate snaps times to frames and, in TTML, writes frames.
//
// Rounding, documented once for every format: a time becomes the NEAREST frame (half a frame rounds up), and a
// frame becomes the nearest millisecond (half rounds up). No overlap appears (see quantize.ts): a cue that would
// last no frame is given one, and a cue starting within that frame starts on the next.
// Drop-frame (29.97df) changes how frames are LABELLED as SMPTE timecodes (frame numbers 00 and 01 skipped at
// each minute not divisible by ten), not which frames exist: snapping at 29.97 and 29.97df is the same.

export type FrameRate = '23.976' | '24' | '25' | '29.97' | '29.97df' | '30';

export const FRAME_RATES: readonly FrameRate[] = ['23.976', '24', '25', '29.97', '29.97df', '30'];

interface Rate {
  /** Frames per second = numerator / denominator. */
  numerator: number;
  denominator: number;
  /** The whole number of frames a label counts per second (ttp:frameRate). */
  base: number;
  drop: boolean;
}

const RATES: Record<FrameRate, Rate> = {
  '23.976': { numerator: 24_000, denominator: 1001, base: 24, drop: false },
  '24': { numerator: 24, denominator: 1, base: 24, drop: false },
  '25': { numerator: 25, denominator: 1, base: 25, drop: false },
  '29.97': { numerator: 30_000, denominator: 1001, base: 30, drop: false },
  '29.97df': { numerator: 30_000, denominator: 1001, base: 30, drop: true },
  '30': { numerator: 30, denominator: 1, base: 30, drop: false },
};

const ALIASES: Record<string, FrameRate> = {
  '23.98': '23.976',
  '24000/1001': '23.976',
  '29.97ndf': '29.97',
  '30000/1001': '29.97',
  '29.97-df': '29.97df',
  '29.97drop': '29.97df',
};

/** The frame rate a person wrote (`25`, `23.976`, `29.97df`...), or undefined when it is not one of FRAME_RATES. */
export function parseFrameRate(text: string): FrameRate | undefined {
  const lower = text.trim().toLowerCase();
  if ((FRAME_RATES as readonly string[]).includes(lower)) return lower as FrameRate;
  return ALIASES[lower];
}

export function rateOf(rate: FrameRate): Readonly<Rate> {
  return RATES[rate];
}

/** The frame nearest to a time. */
export function frameAt(ms: number, rate: FrameRate): number {
  const { numerator, denominator } = RATES[rate];
  return Math.floor((ms * numerator) / (denominator * 1000) + 0.5);
}

/** The millisecond nearest to the start of a frame. */
export function msAtFrame(frame: number, rate: FrameRate): number {
  const { numerator, denominator } = RATES[rate];
  return Math.floor((frame * denominator * 1000) / numerator + 0.5);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A frame count as an SMPTE label `HH:MM:SS:FF` (drop-frame: `HH:MM:SS;FF`, numbers skipped as SMPTE 12M says). */
export function formatSmpteTimecode(frame: number, rate: FrameRate): string {
  const { base, drop } = RATES[rate];
  let label = frame;
  if (drop) {
    const tens = Math.floor(frame / 17_982);
    const rest = frame % 17_982;
    label += 18 * tens + (rest > 2 ? 2 * Math.floor((rest - 2) / 1798) : 0);
  }
  const ff = label % base;
  const seconds = Math.floor(label / base);
  return `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}${drop ? ';' : ':'}${pad2(ff)}`;
}

/** The frame count of an SMPTE label's fields; in drop-frame, the skipped numbers are not counted. */
export function smpteFrames(
  hours: number,
  minutes: number,
  seconds: number,
  frames: number,
  rate: FrameRate,
): number {
  const { base, drop } = RATES[rate];
  const count = ((hours * 60 + minutes) * 60 + seconds) * base + frames;
  if (!drop) return count;
  const totalMinutes = hours * 60 + minutes;
  return count - 2 * (totalMinutes - Math.floor(totalMinutes / 10));
}
