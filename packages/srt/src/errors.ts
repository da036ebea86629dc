// Errors thrown by the package; each carries the issues that caused it so callers need not parse messages.
import type { SrtIssue } from './types.ts';

function describe(issues: readonly SrtIssue[]): string {
  return issues
    .map((issue) => {
      const where = [issue.side, issue.line > 0 ? `line ${issue.line}` : ''].filter(Boolean).join(' ');
      return `  ${where === '' ? '' : `${where}: `}${issue.severity} ${issue.code}: ${issue.message}`;
    })
    .join('\n');
}

/** Thrown by `parseSrt(input, { strict: true })` when the input has any issue at all. */
export class SrtParseError extends Error {
  readonly issues: readonly SrtIssue[];
  constructor(issues: readonly SrtIssue[]) {
    super(`the SRT has ${issues.length} issue${issues.length === 1 ? '' : 's'}:\n${describe(issues)}`);
    this.name = 'SrtParseError';
    this.issues = issues;
  }
}

/** Thrown by `buildSrtUpload` when the files cannot be sent: unreadable cues, a misaligned pair, bad languages. */
export class SrtUploadError extends Error {
  readonly issues: readonly SrtIssue[];
  constructor(issues: readonly SrtIssue[]) {
    const errors = issues.filter((issue) => issue.severity === 'error');
    super(
      `the SRT upload was refused (${errors.length} error${errors.length === 1 ? '' : 's'}):\n${describe(errors)}`,
    );
    this.name = 'SrtUploadError';
    this.issues = issues;
  }
}

/** Thrown by `parseTimecode` for anything but `HH:MM:SS,mmm`, and by `formatTimecode` for an impossible time. */
export class TimecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimecodeError';
  }
}
