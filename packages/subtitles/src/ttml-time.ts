// TTML time expressions: clock times (`01:02:03.500`, `01:02:03:12` with frames) and offsets (`12.5s`, `300f`,
// `90000t`), in the media or the SMPTE time base (drop-frame when `ttp:dropMode` says so).
import { type FrameRate, msAtFrame, smpteFrames } from './frame-rate.ts';

export interface TimeParameters {
  smpte: boolean;
  /** ttp:frameRate (30 when absent, as TTML says). */
  frameRate: number;
  /** ttp:frameRateMultiplier as a fraction. */
  multiplier: number;
  /** ttp:tickRate; 1 when absent and no frame rate, else frame rate × multiplier (TTML's default). */
  tickRate: number;
  /** The FrameRate of @dubkit/subtitles an SMPTE time base counts in, when it is one. */
  smpteRate?: FrameRate;
}

const CLOCK = /^(\d{2,}):(\d{2}):(\d{2})(?:\.(\d+)|:(\d{2,})(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

/** Milliseconds (rounded to the nearest) for a time expression, or undefined when it is not one. */
export function parseTtmlTime(text: string, parameters: TimeParameters): number | undefined {
  const value = text.trim();
  if (value.length > 40) return undefined;
  const effectiveRate = parameters.frameRate * parameters.multiplier;
  const clock = CLOCK.exec(value);
  if (clock) {
    const [, h, m, s, fraction, frames] = clock;
    const hours = Number(h);
    const minutes = Number(m);
    const seconds = Number(s);
    if (minutes > 59 || seconds > 60) return undefined;
    if (frames !== undefined) {
      const f = Number(frames);
      if (parameters.smpte && parameters.smpteRate !== undefined) {
        return msAtFrame(smpteFrames(hours, minutes, seconds, f, parameters.smpteRate), parameters.smpteRate);
      }
      if (parameters.smpte) {
        const count = ((hours * 60 + minutes) * 60 + seconds) * parameters.frameRate + f;
        return Math.round((count * 1000) / effectiveRate);
      }
      return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000 + (f * 1000) / effectiveRate);
    }
    const ms = fraction === undefined ? 0 : Number(`0.${fraction}`) * 1000;
    return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000 + ms);
  }
  const offset = OFFSET.exec(value);
  if (!offset) return undefined;
  const amount = Number(offset[1]);
  switch (offset[2]) {
    case 'h':
      return Math.round(amount * 3_600_000);
    case 'm':
      return Math.round(amount * 60_000);
    case 's':
      return Math.round(amount * 1000);
    case 'ms':
      return Math.round(amount);
    case 'f':
      return Math.round((amount * 1000) / effectiveRate);
    default:
      return Math.round((amount * 1000) / parameters.tickRate);
  }
}
