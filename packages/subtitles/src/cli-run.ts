// The dubkit-subtitles commands, apart from the process: arguments and file reading in, output, issues and exit
// code out.
import { readFileSync } from 'node:fs';
import { type CliIo, formatIssue, processIo, readCliInput } from '@dubkit/srt';
import {
  parseFormatName,
  readSubtitles,
  SUBTITLE_FORMATS,
  type SubtitleFormat,
  writeSubtitles,
} from './formats.ts';
import { FRAME_RATES, type FrameRate, parseFrameRate } from './frame-rate.ts';
import { anchoredCount } from './model.ts';

export const USAGE = `Usage: dubkit-subtitles <command> <file> [options]

Commands:
  convert <file> --to <format>   write the file in another format
  check <file>                   list the file's issues with their line numbers; exit 1 if any is an error

Formats: srt, vtt (WebVTT), ttml (IMSC 1.1 Text Profile), ebu-tt-d (EBU Tech 3380), ass (also reads SSA).

Options:
  --to <format>          convert: the format to write
  --from <format>        the format of <file>, when neither its name nor its first lines tell
  --frame-rate <rate>    convert: put every time on a frame (${FRAME_RATES.join(', ')}; nearest frame,
                         half a frame rounds up); ttml then writes frames
  --lang <code>          convert: the language to declare (ttml, ebu-tt-d, ass), when the file has none or
                         a wrong one
  -h, --help             show this help
  -V, --version          print the version

<file> may be - for standard input. Output goes to standard output; issues go to standard error as
<file>:<line>: <severity> <code>: <message>, including what the target format cannot carry. Exit status:
0 done, 1 the input has errors (what could be used is still written), 2 the command line is wrong or the
file cannot be read.`;

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

export type { CliIo };

interface Options {
  command: 'convert' | 'check';
  file: string;
  to?: SubtitleFormat;
  from?: SubtitleFormat;
  frameRate?: FrameRate;
  lang?: string;
}

class UsageError extends Error {}

function formatOption(flag: string, value: string): SubtitleFormat {
  const format = parseFormatName(value);
  if (!format) throw new UsageError(`${flag} takes one of ${SUBTITLE_FORMATS.join(', ')}, not ${value}`);
  return format;
}

function parseArguments(args: readonly string[]): Options | 'help' | 'version' {
  const positional: string[] = [];
  const options: Partial<Options> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '-V' || arg === '--version') return 'version';
    if (arg === '--to') options.to = formatOption(arg, value());
    else if (arg === '--from') options.from = formatOption(arg, value());
    else if (arg === '--frame-rate') {
      const given = value();
      const rate = parseFrameRate(given);
      if (!rate) throw new UsageError(`--frame-rate takes one of ${FRAME_RATES.join(', ')}, not ${given}`);
      options.frameRate = rate;
    } else if (arg === '--lang') {
      const given = value();
      if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(given)) {
        throw new UsageError(`--lang takes a language code such as en or pt-BR, not ${given}`);
      }
      options.lang = given;
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  const [command, file, ...extra] = positional;
  if (command === undefined) throw new UsageError('no command given');
  if (command !== 'convert' && command !== 'check') throw new UsageError(`unknown command ${command}`);
  if (file === undefined) throw new UsageError(`${command} needs a file (or - for standard input)`);
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected ${extra.join(' ')}`);
  if (command === 'convert' && !options.to)
    throw new UsageError(`convert needs --to <format>: ${SUBTITLE_FORMATS.join(', ')}`);
  return { ...options, command, file };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What the target format cannot carry of what was read, said once per kind. */
function lossWarnings(
  name: string,
  to: SubtitleFormat,
  speakers: boolean,
  lang: boolean,
  anchored: number,
): string[] {
  const lost: string[] = [];
  if (anchored > 0 && to === 'srt')
    lost.push(
      `${name}: warning position-dropped: ${anchored === 1 ? '1 cue is' : `${anchored} cues are`} placed at a point of the frame, which srt cannot say; written at the top or bottom (convert --to vtt, ttml or ass keeps it)\n`,
    );
  if (speakers && (to === 'srt' || to === 'ebu-tt-d'))
    lost.push(`${name}: warning speakers-dropped: ${to} has no place for speakers; they are not written\n`);
  if (lang && (to === 'srt' || to === 'vtt'))
    lost.push(`${name}: warning language-dropped: ${to} has no place for the language; it is not written\n`);
  return lost;
}

/** Runs one command; returns the exit status. */
export function runCli(args: readonly string[], io: CliIo = processIo): number {
  let options: ReturnType<typeof parseArguments>;
  try {
    options = parseArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(
      `dubkit-subtitles: ${error.message}\nRun dubkit-subtitles --help for the commands and their options.\n`,
    );
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
  const input = readCliInput(io, 'dubkit-subtitles', options.file);
  if (typeof input === 'number') return input;
  const { name, bytes } = input;
  const read = readSubtitles(bytes, {
    ...(options.from ? { format: options.from } : {}),
    fileName: options.file,
  });
  const issues = [...read.issues];
  if (read.subtitles.cues.length === 0 && !issues.some((issue) => issue.severity === 'error')) {
    issues.push({ line: 0, severity: 'error', code: 'no-cues', message: 'the file has no subtitles' });
  }
  for (const issue of issues) io.stderr(formatIssue(name, issue));
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  if (options.command === 'check') {
    io.stdout(
      `${name}: ${read.format}, ${count(read.subtitles.cues.length, 'cue')}, ${count(errors, 'error')}, ${count(issues.length - errors, 'warning')}\n`,
    );
    return errors > 0 ? 1 : 0;
  }
  const to = options.to!;
  const subtitles = options.lang ? { ...read.subtitles, lang: options.lang } : read.subtitles;
  const speakers = subtitles.cues.some((cue) => cue.speaker !== undefined);
  const anchored = anchoredCount(subtitles.cues);
  for (const warning of lossWarnings(name, to, speakers, subtitles.lang !== undefined, anchored))
    io.stderr(warning);
  io.stdout(writeSubtitles(subtitles, to, options.frameRate ? { frameRate: options.frameRate } : {}));
  return errors > 0 ? 1 : 0;
}
