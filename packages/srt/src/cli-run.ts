// The dubkit-srt commands, apart from the process: arguments and file reading in, output, issues and exit code out.
import { readFileSync } from 'node:fs';
import { checkCues } from './check-cues.ts';
import { type CliIo, formatIssue, processIo, readCliInput } from './cli-format.ts';
import { LINT_HELP, LintUsageError, lintFile, parseLintArguments } from './cli-lint.ts';
import { parseSrt } from './parse.ts';
import { segmentsToCues } from './segments.ts';
import { serializeSrt } from './serialize.ts';
import type { Cue, SegmentSide, SrtIssue } from './types.ts';

export const USAGE = `Usage: dubkit-srt <command> <file> [options]

Commands:
  check <file>       list the file's issues with their line numbers; exit 1 if any is an error
  to-json <file>     write the usable cues as JSON: [{"index", "startMs", "endMs", "text"}, ...]
  from-json <file>   write SRT from JSON: cues as to-json writes them (or {"cues": [...]}), or the
                     service's segments ([...] or {"segments": [...]}) with --side
  fix <file>         write a clean SRT: usable cues renumbered, HH:MM:SS,mmm times, one line ending, UTF-8
  lint <file>        check against a style guide (--preset netflix|netflix-children|bbc, --lang, --frame-rate,
                     limit overrides: dubkit-srt lint --help); exit 1 on any issue

Options:
  --side src|dst     from-json with segments: write the source or the translated text
  --eol crlf|lf      line ending written by from-json and fix (default crlf)
  --strict           check: exit 1 on warnings too
  -h, --help         show this help (dubkit-srt <command> --help: that command's)
  -V, --version      print the version

<file> may be - for standard input. Output goes to standard output; issues go to standard error as
<file>:<line>: <severity> <code>: <message>. A file without any cue is an error, and so is a file that is
not text (a video, for example). Exit status: 0 done, 1 the input has errors (what could be used is still
written), 2 the command line is wrong or the file cannot be read.`;

/** `dubkit-srt <command> --help`: the command's own line and the options it takes. */
const COMMAND_HELP: Record<string, string> = {
  check: `Usage: dubkit-srt check <file> [--strict]

List the file's issues as <file>:<line>: <severity> <code>: <message> on standard error, then a summary.
Exit 1 if any issue is an error (with --strict: any issue at all).`,
  'to-json': `Usage: dubkit-srt to-json <file>

Write the usable cues as JSON: [{"index", "startMs", "endMs", "text"}, ...].`,
  'from-json': `Usage: dubkit-srt from-json <file> [--side src|dst] [--eol crlf|lf]

Write SRT from JSON: cues as to-json writes them (or {"cues": [...]}), or the service's segments
([...] or {"segments": [...]}), of which --side picks the source or the translated text.`,
  fix: `Usage: dubkit-srt fix <file> [--eol crlf|lf]

Write a clean SRT: usable cues renumbered, HH:MM:SS,mmm times, one line ending (default crlf), UTF-8.`,
};

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

const COMMANDS = new Set(['check', 'to-json', 'from-json', 'fix']);

export { type CliIo, processIo } from './cli-format.ts';

interface Options {
  command: string;
  file: string;
  side?: SegmentSide;
  eol: '\r\n' | '\n';
  strict: boolean;
}

class UsageError extends Error {}

function parseArguments(args: readonly string[]): Options | 'help' | 'version' | { help: string } {
  const positional: string[] = [];
  let side: SegmentSide | undefined;
  let eol: Options['eol'] = '\r\n';
  let strict = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') {
      const command = positional[0] ?? args.find((given) => COMMANDS.has(given));
      return command && COMMAND_HELP[command] ? { help: COMMAND_HELP[command] } : 'help';
    }
    if (arg === '-V' || arg === '--version') return 'version';
    if (arg === '--strict') strict = true;
    else if (arg === '--side') {
      const given = value();
      if (given !== 'src' && given !== 'dst') throw new UsageError(`--side takes src or dst, not ${given}`);
      side = given;
    } else if (arg === '--eol') {
      const given = value().toLowerCase();
      if (given !== 'crlf' && given !== 'lf') throw new UsageError(`--eol takes crlf or lf, not ${given}`);
      eol = given === 'crlf' ? '\r\n' : '\n';
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const [command, file, ...extra] = positional;
  if (command === undefined) throw new UsageError('no command given');
  if (command === 'to-vtt') {
    // One WebVTT writer for every dubkit tool: @dubkit/subtitles', which this package cannot depend on.
    throw new UsageError(
      'to-vtt has moved: use dubkit-subtitles convert <file> --to vtt (@dubkit/subtitles)',
    );
  }
  if (!COMMANDS.has(command)) throw new UsageError(`unknown command ${command}`);
  if (file === undefined) throw new UsageError(`${command} needs a file (or - for standard input)`);
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected ${extra.join(' ')}`);
  return { command, file, side, eol, strict };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Cues from to-json's output, or from the service's segments (one side); throws an Error saying what is wrong. */
function cuesFromJson(text: string, side: SegmentSide | undefined): Cue[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`);
  }
  const items = isRecord(data) ? (data.cues ?? data.segments) : data;
  if (!Array.isArray(items)) {
    throw new Error('expected an array of cues or segments, or an object with "cues" or "segments"');
  }
  if (items.length > 0 && isRecord(items[0]) && typeof items[0].start === 'string') {
    if (!side) throw new Error('these are segments: say which text to write with --side src or --side dst');
    items.forEach((item, position) => {
      if (!isRecord(item) || typeof item.start !== 'string' || typeof item.end !== 'string') {
        throw new Error(`segment ${position + 1}: expected {"start", "end", "src", "dst"}`);
      }
    });
    return segmentsToCues(items, side);
  }
  return items.map((item, position): Cue => {
    const valid =
      isRecord(item) &&
      typeof item.startMs === 'number' &&
      typeof item.endMs === 'number' &&
      typeof item.text === 'string' &&
      (item.index === undefined || typeof item.index === 'number');
    if (!valid) {
      throw new Error(`cue ${position + 1}: expected {"startMs": number, "endMs": number, "text": string}`);
    }
    const cue: Cue = {
      index: (item.index as number | undefined) ?? position + 1,
      startMs: item.startMs as number,
      endMs: item.endMs as number,
      text: item.text as string,
    };
    if (isRecord(item.position)) cue.position = item.position as unknown as Cue['position'];
    return cue;
  });
}

function usageFailure(io: CliIo, message: string): number {
  io.stderr(`dubkit-srt: ${message}\nRun dubkit-srt --help for the commands and their options.\n`);
  return 2;
}

/** `dubkit-srt lint …`: its options differ from the other commands', so it has its own argument reader. */
function runLint(args: readonly string[], io: CliIo): number {
  let options: ReturnType<typeof parseLintArguments>;
  try {
    options = parseLintArguments(args);
  } catch (error) {
    if (!(error instanceof LintUsageError)) throw error;
    return usageFailure(io, error.message);
  }
  if (options === 'help') {
    io.stdout(`${LINT_HELP}\n`);
    return 0;
  }
  const input = readCliInput(io, 'dubkit-srt', options.file);
  if (typeof input === 'number') return input;
  const { name, bytes } = input;
  let report: ReturnType<typeof lintFile>;
  try {
    report = lintFile(name, bytes, options, formatIssue);
  } catch (error) {
    // lintSubtitles refuses an unknown preset or frame rate with a RangeError: the command line is wrong.
    if (!(error instanceof RangeError)) throw error;
    return usageFailure(io, error.message);
  }
  for (const line of report.issueLines) io.stderr(line);
  io.stdout(report.summary);
  return report.issueCount > 0 ? 1 : 0;
}

/** Runs one command; returns the exit status. */
export function runCli(args: readonly string[], io: CliIo = processIo): number {
  if (args[0] === 'lint') return runLint(args.slice(1), io);
  let options: ReturnType<typeof parseArguments>;
  try {
    options = parseArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`dubkit-srt: ${error.message}\nRun dubkit-srt --help for the commands and their options.\n`);
    return 2;
  }
  if (options === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (options === 'version') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if ('help' in options) {
    io.stdout(`${options.help}\n`);
    return 0;
  }
  const { command, file } = options;
  const input = readCliInput(io, 'dubkit-srt', file);
  if (typeof input === 'number') return input;
  const { name, bytes } = input;

  let cues: Cue[];
  let issues: SrtIssue[];
  if (command === 'from-json') {
    try {
      ({ cues, issues } = checkCues(cuesFromJson(new TextDecoder().decode(bytes), options.side)));
    } catch (error) {
      io.stderr(`dubkit-srt: ${name}: ${(error as Error).message}\n`);
      return 1;
    }
  } else {
    ({ cues, issues } = parseSrt(bytes));
    if (cues.length === 0 && !issues.some((issue) => issue.severity === 'error')) {
      issues = [
        ...issues,
        { line: 0, severity: 'error', code: 'no-cues', message: 'the file has no subtitles' },
      ];
    }
  }
  for (const issue of issues) io.stderr(formatIssue(name, issue));
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const warnings = issues.length - errors;

  switch (command) {
    case 'check':
      io.stdout(
        `${name}: ${count(cues.length, 'cue')}, ${count(errors, 'error')}, ${count(warnings, 'warning')}\n`,
      );
      return errors > 0 || (options.strict && warnings > 0) ? 1 : 0;
    case 'to-json':
      io.stdout(`${JSON.stringify(cues, null, 2)}\n`);
      break;
    default:
      io.stdout(serializeSrt(cues, { eol: options.eol }));
  }
  return errors > 0 ? 1 : 0;
}
