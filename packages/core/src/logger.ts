// Opt-in logging: a console-like logger filtered by level; the transport logs each retry at debug level.

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  debug(message: string, details?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
const LEVELS = Object.keys(RANK) as LogLevel[];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LEVELS as string[]).includes(value);
}

const noop = () => {};

/**
 * Wraps `logger` so that messages below `level` are dropped before they are formatted, and no line carries a
 * URL's user info (a token URL may hold the client's id and secret).
 */
export function levelled(logger: Logger, level: LogLevel): Logger {
  const pass = (wanted: LogLevel) => RANK[level] >= RANK[wanted];
  const clean = (write: Logger['error']): Logger['error'] => {
    return (message, details) => write(withoutUserInfo(message), details && cleanDetails(details));
  };
  return {
    error: pass('error') ? clean((m, d) => logger.error(m, d)) : noop,
    warn: pass('warn') ? clean((m, d) => logger.warn(m, d)) : noop,
    info: pass('info') ? clean((m, d) => logger.info(m, d)) : noop,
    debug: pass('debug') ? clean((m, d) => logger.debug(m, d)) : noop,
  };
}

function cleanDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === 'string' ? withoutUserInfo(value) : value,
    ]),
  );
}

/** Removes the user info (`user:password@`) from every URL in `text`: what stays names the host only. */
export function withoutUserInfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1');
}

/** Replaces credentials in a header value or any text with a mask, keeping the scheme for context. */
export function redactAuthorization(value: string): string {
  return value.replace(/\b(Bearer|Basic)\s+[^\s,;"']+/gi, '$1 ***');
}
