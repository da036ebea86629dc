// `dubkit-srt lint`: a file's parse issues as `check` prints them, then its style-guide findings (lintSubtitles)
// in the same <file>:<line>: form, then a summary. Its options are its own, so it parses them itself.

import { lintSubtitles } from './lint.ts';
import type { LintLimits, LintPreset } from './lint-presets.ts';
import { parseSrtLocated } from './parse.ts';
import type { SrtIssue } from './types.ts';

export const LINT_HELP = `Usage: dubkit-srt lint <file> [--preset netflix|netflix-children|bbc] [--lang <code>]
                       [--frame-rate <fps>] [limit options]

Check the subtitles against a style guide: line length, lines per cue, reading speed, duration, gaps and
overlaps. Parse issues come first, as check prints them, then each finding as
<file>:<line>: warning <rule>: <message> (value …, limit …) on standard error, then a summary.

Options:
  --preset <name>            netflix (default), netflix-children or bbc
  --lang <code>              the subtitles' language (ja, ko, zh use Netflix's figures for them)
  --frame-rate <fps>         for limits counted in frames (default 24)
  --max-chars-per-line <n>   override the preset's limits; each takes a number
  --max-lines <n>
  --max-cps <n>              characters per second
  --min-duration <ms>
  --max-duration <ms>
  --min-gap <ms>

Exit status: 0 no issue at all, 1 any issue (parse or lint), 2 the command line is wrong (an unknown preset
too) or the file cannot be read.`;

/** The limit options and the LintLimits key each sets. */
const LIMIT_OPTIONS: Readonly<Record<string, keyof LintLimits>> = {
  '--max-chars-per-line': 'maxCharsPerLine',
  '--max-lines': 'maxLines',
  '--max-cps': 'maxCharsPerSecond',
  '--min-duration': 'minDurationMs',
  '--max-duration': 'maxDurationMs',
  '--min-gap': 'minGapMs',
};

export interface LintArguments {
  file: string;
  preset: string;
  lang?: string;
  frameRate?: number;
  limits: LintLimits;
}

export class LintUsageError extends Error {}

function number(option: string, given: string): number {
  const value = Number(given);
  if (given.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new LintUsageError(`${option} takes a number (0 or more), not ${given}`);
  }
  return value;
}

/** Reads lint's arguments (after the word `lint`); 'help' for --help. Throws LintUsageError. */
export function parseLintArguments(args: readonly string[]): LintArguments | 'help' {
  const files: string[] = [];
  const parsed: Omit<LintArguments, 'file'> = { preset: 'netflix', limits: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new LintUsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--preset') parsed.preset = value();
    else if (arg === '--lang') parsed.lang = value();
    else if (arg === '--frame-rate') parsed.frameRate = number(arg, value());
    else if (Object.hasOwn(LIMIT_OPTIONS, arg)) {
      (parsed.limits as Record<string, number>)[LIMIT_OPTIONS[arg]!] = number(arg, value());
    } else if (arg.startsWith('-') && arg !== '-') throw new LintUsageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length === 0) throw new LintUsageError('lint needs a file (or - for standard input)');
  if (files.length > 1)
    throw new LintUsageError(`one file at a time; unexpected ${files.slice(1).join(' ')}`);
  return { file: files[0]!, ...parsed };
}

export interface LintReport {
  /** Lines for standard error: parse issues, then lint findings. */
  issueLines: string[];
  summary: string;
  issueCount: number;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Parses and lints `bytes`; `formatParseIssue` prints parse issues exactly as `check` does. Throws RangeError
 * for an unknown preset or a frame rate lintSubtitles refuses: a command line mistake for the caller.
 */
export function lintFile(
  name: string,
  bytes: Uint8Array,
  options: Omit<LintArguments, 'file'>,
  formatParseIssue: (file: string, issue: SrtIssue) => string,
): LintReport {
  const { cues, issues, lines } = parseSrtLocated(bytes);
  const { issues: findings } = lintSubtitles(cues, {
    preset: options.preset as LintPreset,
    lang: options.lang,
    frameRate: options.frameRate,
    limits: options.limits,
    lines,
  });
  const parseIssues = [...issues];
  if (cues.length === 0 && !issues.some((issue) => issue.severity === 'error')) {
    parseIssues.push({ line: 0, severity: 'error', code: 'no-cues', message: 'the file has no subtitles' });
  }
  const issueLines = parseIssues.map((issue) => formatParseIssue(name, issue));
  for (const finding of findings) {
    const where = finding.fileLine !== undefined ? `${name}:${finding.fileLine}` : name;
    issueLines.push(
      `${where}: warning ${finding.rule}: ${finding.message} (value ${finding.value}, limit ${finding.limit})\n`,
    );
  }
  const errors = parseIssues.filter((issue) => issue.severity === 'error').length;
  const summary =
    `${name}: ${plural(cues.length, 'cue')}, ${plural(errors, 'error')}, ` +
    `${plural(parseIssues.length - errors, 'warning')}, ${plural(findings.length, 'lint issue')} (${options.preset})\n`;
  return { issueLines, summary, issueCount: parseIssues.length + findings.length };
}
