// What every dubkit command line tool shares about files and issues: how an issue is printed, and which input is
// not text at all.
import type { SrtIssue } from './types.ts';

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
