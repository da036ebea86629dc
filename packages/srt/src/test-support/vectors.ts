// Helpers for the test vectors: build cues and compare issues by line, severity and code.
import type { Cue, SrtIssue } from '../types.ts';

export function cue(index: number, startMs: number, endMs: number, text: string): Cue {
  return { index, startMs, endMs, text };
}

/** An issue as `line severity code`, so that a vector lists them in one readable line each. */
export function brief(issues: readonly SrtIssue[]): string[] {
  return issues.map((issue) => `${issue.line} ${issue.severity} ${issue.code}`);
}

/** Joins lines with CRLF, the usual line ending of SRT files. */
export function crlf(...lines: string[]): string {
  return lines.join('\r\n');
}
