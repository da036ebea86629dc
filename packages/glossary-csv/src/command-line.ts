// The `dubkit-glossary` command: check a term-list file, turn it into the service's create body, or write a
// glossary's JSON back out as CSV/TSV. Kept apart from cli.ts so that tests run it without a process.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDelimiter } from './delimiter.ts';
import { GlossaryCsvError } from './errors.ts';
import { formatGlossaryCsv } from './format.ts';
import { parseGlossaryCsv } from './parse.ts';
import { validateGlossaryEntries } from './rules.ts';
import type { GlossaryIssue, ParsedGlossary } from './types.ts';

export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a file, or standard input for `-`. */
  readFile(path: string): Promise<Uint8Array>;
}

export const USAGE = `Usage: dubkit-glossary <command> <file> [options]

Commands:
  check <file>       report every problem with its line number; exit 1 if any is an error
  to-json <file>     print the service's create body {name, src_lang, dst_lang, entries}
  from-json <file>   print a glossary's JSON (a glossary, a create body, or bare entries) as CSV or TSV

Options:
  --src <lang>         source language (picks the column when the file has several languages)
  --dst <lang>         target language
  --delimiter <d>      any one character, or "tab" (default: detected among , ; and tab)
  --name <name>        glossary name for to-json (default: the file name)
  --format csv|tsv     from-json output format (default csv)
  --no-header          from-json: no header row (as DeepL imports it)
  --bom                from-json: start with a UTF-8 byte-order mark (for Excel)
  --for-spreadsheet    from-json: guard cells starting with = + - @ against formula injection
  -h, --help           show this help (dubkit-glossary <command> --help: that command's)
  -V, --version        print the version

<file> may be - for standard input. Issues go to standard error as <file>:<line>:<col>: <severity> <code>:
<message>; a file that is not text (a video, for example) is refused as such. Exit status: 0 done, 1 the
file has errors, 2 the command line is wrong or the file cannot be read.`;

/** `dubkit-glossary <command> --help`: the command's own line and the options it takes. */
const COMMAND_HELP: Record<string, string> = {
  check: `Usage: dubkit-glossary check <file> [--src <lang>] [--dst <lang>] [--delimiter <d>]

Report every problem with its line and column; exit 1 if any is an error.`,
  'to-json': `Usage: dubkit-glossary to-json <file> [--src <lang>] [--dst <lang>] [--delimiter <d>] [--name <name>]

Print the service's create body {name, src_lang, dst_lang, entries}; nothing while the file has errors.`,
  'from-json': `Usage: dubkit-glossary from-json <file> [--format csv|tsv] [--no-header] [--bom] [--for-spreadsheet]

Print a glossary's JSON (a glossary, a create body, or bare entries) as CSV or TSV.`,
};

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

/**
 * Text in any encoding people export term lists in has no NUL byte, except UTF-16, where ASCII characters
 * leave NULs on every other byte (all at even or all at odd offsets). NULs on both sides mean binary data: a
 * video or a spreadsheet's .xlsx, which read as Windows-1252 would only give dozens of meaningless errors.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  return even > 0 && odd > 0;
}

class UsageError extends Error {}

const OPTIONS = {
  src: { type: 'string' },
  dst: { type: 'string' },
  delimiter: { type: 'string' },
  name: { type: 'string' },
  format: { type: 'string' },
  'no-header': { type: 'boolean' },
  bom: { type: 'boolean' },
  'for-spreadsheet': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

export async function runCommand(args: readonly string[], io: CommandIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true });
    if (values.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    if (values.help) {
      const own = positionals[0] === undefined ? undefined : COMMAND_HELP[positionals[0]];
      io.stdout(`${own ?? USAGE}\n`);
      return 0;
    }
    const [command, file, ...rest] = positionals;
    if (command === undefined) throw new UsageError('no command given');
    if (!['check', 'to-json', 'from-json'].includes(command))
      throw new UsageError(`unknown command "${command}"`);
    if (file === undefined) throw new UsageError(`${command} needs a file (or - for standard input)`);
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    const bytes = await readInput(io, file);
    if (looksBinary(bytes)) {
      io.stderr(`${file}: error not-text: not a text file (it holds binary data, such as a video's)\n`);
      return 1;
    }
    if (command === 'from-json') return fromJson(bytes, file, values, io);
    const parsed = parseGlossaryCsv(bytes, {
      ...(values.src !== undefined && { srcLang: values.src }),
      ...(values.dst !== undefined && { dstLang: values.dst }),
      ...(values.delimiter !== undefined && { delimiter: delimiterOption(values.delimiter) }),
    });
    for (const issue of parsed.issues) io.stderr(`${describe(file, issue)}\n`);
    if (command === 'check') return check(parsed, file, io);
    return toJson(parsed, file, values, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(
        `dubkit-glossary: ${(error as Error).message}\nRun dubkit-glossary --help for the commands and their options.\n`,
      );
      return 2;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

async function readInput(io: CommandIo, file: string): Promise<Uint8Array> {
  try {
    return await io.readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function delimiterOption(value: string): string {
  if (value === 'tab' || value === '\t' || value === '\\t') return '\t';
  try {
    checkDelimiter(value);
  } catch (error) {
    if (!(error instanceof GlossaryCsvError)) throw error;
    throw new UsageError(
      `--delimiter takes one character, or "tab"; ${error.message.replace(/^the delimiter /, '')}`,
    );
  }
  return value;
}

function describe(file: string, issue: GlossaryIssue): string {
  const place = issue.column === undefined ? `${issue.line}` : `${issue.line}:${issue.column}`;
  return `${file}:${place}: ${issue.severity} ${issue.code}: ${issue.message}`;
}

function check(parsed: ParsedGlossary, file: string, io: CommandIo): number {
  const { stats } = parsed;
  const pair = parsed.srcLang && parsed.dstLang ? ` (${parsed.srcLang}→${parsed.dstLang})` : '';
  const delimiter = stats.delimiter === '\t' ? 'tab' : `"${stats.delimiter}"`;
  io.stdout(
    `${file}: ${plural(stats.entries, 'entry', 'entries')}${pair}, ${plural(stats.errors, 'error')}, ` +
      `${plural(stats.warnings, 'warning')}; ` +
      `read as ${stats.encoding}, delimiter ${delimiter}, header ${stats.header}, ${stats.bytes} bytes as JSON\n`,
  );
  return stats.errors > 0 ? 1 : 0;
}

function toJson(parsed: ParsedGlossary, file: string, values: Values, io: CommandIo): number {
  if (parsed.stats.errors > 0) {
    io.stderr(`${file}: ${plural(parsed.stats.errors, 'error')}; no body written. Fix them and run again.\n`);
    return 1;
  }
  if (parsed.srcLang === undefined || parsed.dstLang === undefined) {
    const missing = [
      parsed.srcLang === undefined && '--src <lang>',
      parsed.dstLang === undefined && '--dst <lang>',
    ];
    throw new UsageError(
      `${file} does not name its languages (no language header); pass ${missing.filter(Boolean).join(' and ')}`,
    );
  }
  const name = values.name ?? (file === '-' ? 'glossary' : basename(file, extname(file)));
  const body = { name, src_lang: parsed.srcLang, dst_lang: parsed.dstLang, entries: parsed.entries };
  io.stdout(`${JSON.stringify(body)}\n`);
  return 0;
}

function fromJson(bytes: Uint8Array, file: string, values: Values, io: CommandIo): number {
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'tsv')
    throw new UsageError(`--format must be csv or tsv, not "${format}"`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    io.stderr(`${file}: not JSON: ${(error as Error).message}\n`);
    return 1;
  }
  const glossary = asGlossary(json);
  if (!glossary) {
    io.stderr(`${file}: expected a glossary ({entries, src_lang, dst_lang}) or an object of term pairs\n`);
    return 1;
  }
  const issues = validateGlossaryEntries(glossary.entries);
  for (const issue of issues)
    io.stderr(`${file}: ${issue.severity} ${issue.code}: entry ${issue.line}: ${issue.message}\n`);
  if (issues.some((issue) => issue.severity === 'error')) return 1;
  io.stdout(
    formatGlossaryCsv(glossary, {
      format,
      header: !values['no-header'],
      bom: values.bom ?? false,
      forSpreadsheet: values['for-spreadsheet'] ?? false,
    }),
  );
  return 0;
}

function asGlossary(
  json: unknown,
): { entries: Record<string, string>; src_lang?: string; dst_lang?: string } | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  const entries = typeof record.entries === 'object' && record.entries !== null ? record.entries : record;
  if (Array.isArray(entries)) return undefined;
  const langs = entries === record ? {} : record;
  return {
    entries: entries as Record<string, string>,
    ...(typeof langs.src_lang === 'string' && { src_lang: langs.src_lang }),
    ...(typeof langs.dst_lang === 'string' && { dst_lang: langs.dst_lang }),
  };
}

/** Standard streams and the file system, for the real command. */
export const processIo: CommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: async (path) => {
    if (path !== '-') return readFile(path);
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
};
