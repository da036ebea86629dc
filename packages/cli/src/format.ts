// Words and numbers for people: plurals, sizes, durations, and the one issue format of every dubkit CLI.

/** `1 project`, `2 projects`, `0 errors`; `irregular` for words that do not just take an s. */
export function plural(count: number, noun: string, irregular?: string): string {
  return `${count} ${count === 1 ? noun : (irregular ?? `${noun}s`)}`;
}

export function bytes(count: number): string {
  if (count < 1024) return `${count} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = count / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `0:07`, `12:03`, `1:02:03`. */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export interface Issue {
  line: number;
  column?: number | undefined;
  severity: string;
  code: string;
  message: string;
}

/** `file:line:col: severity code: message`, the form compilers use, so editors can jump to it. */
export function formatIssue(file: string, issue: Issue): string {
  const where = issue.line > 0 ? `${file}:${issue.line}${issue.column ? `:${issue.column}` : ''}` : file;
  return `${where}: ${issue.severity} ${issue.code}: ${issue.message}`;
}
