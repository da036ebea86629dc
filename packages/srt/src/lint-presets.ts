// The limits lintSubtitles checks, and where each figure comes from. The documents are named in the README; the
// figures are those the documents state, except where a comment says the figure is ours.

export interface LintLimits {
  /** Most characters on one line (see countCharacters for what counts). */
  maxCharsPerLine?: number;
  /** Most lines in one cue. */
  maxLines?: number;
  /** Most characters per second over the cue's duration (reading speed). */
  maxCharsPerSecond?: number;
  minDurationMs?: number;
  maxDurationMs?: number;
  /** Least time between a cue's start and the end of the cues before it; a shorter, non-negative gap is reported. */
  minGapMs?: number;
  /** Japanese and Korean in Netflix's guides: characters that are not wide count half. */
  narrowCountsHalf?: boolean;
}

export type LintPreset = 'netflix' | 'netflix-children' | 'bbc';

export const LINT_PRESETS: readonly LintPreset[] = ['netflix', 'netflix-children', 'bbc'];

/** Frame rate for limits given in frames when the caller gives none: Netflix's own example (20 frames at 24 fps). */
export const DEFAULT_FRAME_RATE = 24;

/** Milliseconds of `frames` frames, to the nearest millisecond (SRT's precision). */
function framesMs(frames: number, frameRate: number): number {
  return Math.round((frames * 1000) / frameRate);
}

/**
 * Netflix, "Timed Text Style Guide: General Requirements": at least 5/6 of a second and at most 7 seconds per
 * event, 2 lines at most, 2 frames at least between events (whatever the frame rate). "English (USA) Timed Text
 * Style Guide": 42 characters per line, reading speed up to 20 characters per second for adult programs and 17
 * for children's programs.
 */
function netflix(frameRate: number, charsPerSecond: number): LintLimits {
  return {
    maxCharsPerLine: 42,
    maxLines: 2,
    maxCharsPerSecond: charsPerSecond,
    minDurationMs: Math.round(5000 / 6),
    maxDurationMs: 7000,
    minGapMs: framesMs(2, frameRate),
  };
}

/**
 * BBC, "Subtitle Guidelines" (bbc.co.uk/accessibility/forproducts/guides/subtitles): 37 characters per line (the
 * fixed-width line of broadcast subtitles), no more than 2 lines, a reading rate of 160 to 180 words per minute.
 * Words to characters is ours: 160 words per minute at about 5.6 characters per word (letters and the space after)
 * is 15 characters per second. The guidelines set no fixed duration or gap in this form, so none is checked.
 */
const BBC: LintLimits = { maxCharsPerLine: 37, maxLines: 2, maxCharsPerSecond: 15 };

/**
 * Netflix's language guides, over the general requirements: "Japanese Timed Text Style Guide" (13 full-width
 * characters per horizontal line, a half-width character counts 0.5; 4 characters per second), "Korean Timed
 * Text Style Guide" (16 characters per line, Latin characters, spaces and punctuation count 0.5; 12 characters per
 * second), "Simplified Chinese" and "Traditional Chinese Timed Text Style Guide" (16 characters per line; 9
 * characters per second). The guides give no lower rate for children's programs, so both presets use these.
 */
const NETFLIX_LANGUAGES: Readonly<Record<string, LintLimits>> = {
  ja: { maxCharsPerLine: 13, maxCharsPerSecond: 4, narrowCountsHalf: true },
  ko: { maxCharsPerLine: 16, maxCharsPerSecond: 12, narrowCountsHalf: true },
  zh: { maxCharsPerLine: 16, maxCharsPerSecond: 9 },
};

export interface LimitOptions {
  preset?: LintPreset;
  /** The subtitles' language (`ja`, `zh-Hant`, `pt_BR`): Netflix presets then use that language's figures. */
  lang?: string;
  /** Frames per second, for limits given in frames (Netflix's 2-frame gap); 24 when not given. */
  frameRate?: number;
  /** Your own limits, over the preset's; `undefined` leaves the preset's, and a rule with no limit is not checked. */
  limits?: LintLimits;
}

/** The limits a lint run checks: the preset, its language's figures, then the caller's own. */
export function resolveLimits(options: LimitOptions = {}): LintLimits {
  const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
  if (!(frameRate > 0) || !Number.isFinite(frameRate)) {
    throw new RangeError(`frameRate must be a positive number of frames per second, not ${frameRate}`);
  }
  let limits: LintLimits = {};
  const preset = options.preset;
  if (preset === 'netflix' || preset === 'netflix-children') {
    limits = netflix(frameRate, preset === 'netflix' ? 20 : 17);
    const base = options.lang?.trim().toLowerCase().split(/[-_]/, 1)[0];
    if (base !== undefined && Object.hasOwn(NETFLIX_LANGUAGES, base)) {
      limits = { ...limits, ...NETFLIX_LANGUAGES[base] };
    }
  } else if (preset === 'bbc') {
    limits = { ...BBC };
  } else if (preset !== undefined) {
    throw new RangeError(
      `unknown preset ${JSON.stringify(preset)}; the presets are ${LINT_PRESETS.join(', ')}`,
    );
  }
  for (const [key, value] of Object.entries(options.limits ?? {})) {
    if (value !== undefined) (limits as Record<string, unknown>)[key] = value;
  }
  return limits;
}
