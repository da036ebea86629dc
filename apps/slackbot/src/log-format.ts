// Log lines for people: when stdout is a terminal, each of pino's JSON lines is rewritten as
// "12:04:31.207 WARN  tracker: message key=value …" (an error's stack below it); anywhere else the app logs
// JSON, one object a line, for a log collector. Written here rather than taken from pino-pretty: the app's
// lines are few and flat, and this keeps the production dependencies as they are.

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's fields that the line shows in its own place, or that a person does not need. */
const SHOWN = new Set(['level', 'time', 'msg', 'part', 'pid', 'hostname', 'err']);

/** One JSON log line as a readable line; a line that is not JSON comes back as it was. */
export function prettyLine(json: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = LEVELS[Number(entry.level)] ?? String(entry.level ?? '');
  const part = typeof entry.part === 'string' ? `${entry.part}: ` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const paint = color ? colorOf(Number(entry.level)) : (text: string) => text;
  let line = `${time} ${paint(level)} ${part}${String(entry.msg ?? '')}${fields.length > 0 ? `  ${fields.join(' ')}` : ''}`;
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err && typeof err === 'object') {
    line += `\n    ${err.stack ? err.stack.split('\n').join('\n    ') : `${err.type ?? 'Error'}: ${err.message ?? ''}`}`;
  }
  return `${line}\n`;
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function colorOf(level: number): (text: string) => string {
  const code = level >= 50 ? 31 : level >= 40 ? 33 : level >= 30 ? 32 : 90;
  return (text) => `\u001b[${code}m${text}\u001b[0m`;
}

/** A pino destination that writes readable lines to `out` (pino calls `write` once per line). */
export function prettyDestination(out: { write(text: string): unknown; isTTY?: boolean }): {
  write(line: string): void;
} {
  const color = out.isTTY === true && process.env.NO_COLOR === undefined;
  return {
    write(line: string) {
      out.write(prettyLine(line, color));
    },
  };
}
