// lintSubtitles: checks cues against a style guide's limits (line length, lines, reading speed, duration, gaps,
// overlaps) and says, for each cue, which limit it passes and by how much. One pass over the cues and their text.
import { type LimitOptions, type LintLimits, resolveLimits } from './lint-presets.ts';
import { countCharacters, visibleText } from './reading-length.ts';
import { formatTimecode } from './timecode.ts';
import type { Cue } from './types.ts';

export type LintRule =
  | 'chars-per-line'
  | 'lines-per-cue'
  | 'reading-speed'
  | 'min-duration'
  | 'max-duration'
  | 'min-gap'
  | 'overlap';

export interface LintIssue {
  /** 0-based position of the cue in the array given. */
  cue: number;
  /** The cue's own number (`Cue.index`). */
  index: number;
  /** 1-based line within the cue's text, for `chars-per-line`. */
  line?: number;
  /**
   * The line in the file, when `options.lines` gave each cue's timecode line (as parseSrtLocated returns them):
   * the timecode line, or for `chars-per-line` the text line itself.
   */
  fileLine?: number;
  rule: LintRule;
  /** What was measured: characters, lines, characters per second (2 decimals) or milliseconds. */
  value: number;
  /** The limit it passes (for overlaps, 0 ms). */
  limit: number;
  message: string;
}

export interface LintOptions extends LimitOptions {
  /** The timecode line of each cue in its file, to report `fileLine`. */
  lines?: readonly number[];
}

export interface LintResult {
  issues: LintIssue[];
  /** The limits checked (preset, language and your own, resolved). */
  limits: LintLimits;
}

/** A time for a message; cues from JSON may hold times formatTimecode refuses (they are still linted). */
function describeTime(ms: number): string {
  return Number.isSafeInteger(ms) && ms >= 0 ? formatTimecode(ms) : `${ms} ms`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Checks every cue against the limits of `options` (a preset, a language, your own limits; see resolveLimits).
 * Issues come in cue order, and within a cue in the order of the rules above. A rule whose limit is not set is
 * not checked; overlaps always are. Gaps and overlaps are measured against the latest end among the cues above,
 * so a long cue is not forgotten after a short one.
 */
export function lintSubtitles(cues: readonly Cue[], options: LintOptions = {}): LintResult {
  const limits = resolveLimits(options);
  const rules = { narrowCountsHalf: limits.narrowCountsHalf === true };
  const issues: LintIssue[] = [];
  let latestEnd = Number.NEGATIVE_INFINITY;
  let latestIndex = 0;

  cues.forEach((cue, position) => {
    const fileLine = options.lines?.[position];
    const report = (rule: LintRule, value: number, limit: number, message: string, line?: number) => {
      const issue: LintIssue = { cue: position, index: cue.index, rule, value, limit, message };
      if (line !== undefined) issue.line = line;
      if (fileLine !== undefined) issue.fileLine = fileLine + (line ?? 0);
      issues.push(issue);
    };
    const name = `cue ${cue.index}`;

    // Lines as shown: markup removed, and a line left empty by that (a lone `{\an8}`) is no line.
    let lineCount = 0;
    let characters = 0;
    let lineNumber = 0;
    for (const raw of cue.text.split(/\r\n|\r|\n/)) {
      lineNumber++;
      const shown = visibleText(raw);
      if (shown.trim() === '') continue;
      lineCount++;
      const length = countCharacters(shown, rules);
      characters += length;
      if (limits.maxCharsPerLine !== undefined && length > limits.maxCharsPerLine) {
        report(
          'chars-per-line',
          length,
          limits.maxCharsPerLine,
          `${name}, line ${lineNumber}: ${length} characters; at most ${limits.maxCharsPerLine} per line`,
          lineNumber,
        );
      }
    }
    if (limits.maxLines !== undefined && lineCount > limits.maxLines) {
      report(
        'lines-per-cue',
        lineCount,
        limits.maxLines,
        `${name}: ${lineCount} lines; at most ${limits.maxLines}`,
      );
    }

    const duration = cue.endMs - cue.startMs;
    if (limits.maxCharsPerSecond !== undefined && duration > 0) {
      const speed = round2((characters * 1000) / duration);
      if (speed > limits.maxCharsPerSecond) {
        report(
          'reading-speed',
          speed,
          limits.maxCharsPerSecond,
          `${name}: ${characters} characters in ${duration} ms is ${speed} characters per second; at most ${limits.maxCharsPerSecond}`,
        );
      }
    }
    if (limits.minDurationMs !== undefined && duration < limits.minDurationMs) {
      report(
        'min-duration',
        duration,
        limits.minDurationMs,
        `${name}: shown ${duration} ms; at least ${limits.minDurationMs} ms`,
      );
    }
    if (limits.maxDurationMs !== undefined && duration > limits.maxDurationMs) {
      report(
        'max-duration',
        duration,
        limits.maxDurationMs,
        `${name}: shown ${duration} ms; at most ${limits.maxDurationMs} ms`,
      );
    }

    if (position > 0) {
      const gap = cue.startMs - latestEnd;
      if (gap < 0) {
        report(
          'overlap',
          -gap,
          0,
          `${name} starts (${describeTime(cue.startMs)}) ${-gap} ms before cue ${latestIndex} ends (${describeTime(latestEnd)})`,
        );
      } else if (limits.minGapMs !== undefined && gap < limits.minGapMs) {
        report(
          'min-gap',
          gap,
          limits.minGapMs,
          `${name} starts ${gap} ms after cue ${latestIndex} ends; leave at least ${limits.minGapMs} ms`,
        );
      }
    }
    if (cue.endMs > latestEnd) {
      latestEnd = cue.endMs;
      latestIndex = cue.index;
    }
  });
  return { issues, limits };
}
