// What the dubkit-srt and dubkit-subtitles commands share about files and issues: reading the input, refusing
// input that is not text at all, and how an issue is printed.
import { readFileSync } from 'node:fs';
import type { SrtIssue } from './types.ts';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Uint8Array;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path === '-' ? 0 : path),
};

/**
 * The bytes of a command's input (`-` is standard input) and the name to report it by; or, having said why on
 * standard error, the exit status: 2 when it cannot be read, 1 when it is not text.
 */
export function readCliInput(
  io: CliIo,
  tool: string,
  file: string,
): { name: string; bytes: Uint8Array } | number {
  const name = file === '-' ? '<stdin>' : file;
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(file);
  } catch (error) {
    io.stderr(`${tool}: cannot read ${name}: ${(error as Error).message}\n`);
    return 2;
  }
  if (looksBinary(bytes)) {
    io.stderr(`${name}: error not-text: not a text file (it holds binary data, such as a video's)\n`);
    return 1;
  }
  return { name, bytes };
}

/** `file:line:col: severity code: message`, the form of every dubkit command line tool (and of compilers). */
export function formatIssue(file: string, issue: SrtIssue & { column?: number }): string {
  const where = issue.line > 0 ? `${file}:${issue.line}${issue.column ? `:${issue.column}` : ''}` : file;
  return `${where}: ${issue.severity} ${issue.code}: ${issue.message}\n`;
}

/**
 * Text in any encoding these files come in has no NUL byte, except UTF-16, where ASCII characters leave NULs
 * on every other byte (all at even or all at odd offsets). NULs on both sides mean binary data: a video, an
 * archive. Read as Windows-1252 it would only give dozens of meaningless text errors.
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
