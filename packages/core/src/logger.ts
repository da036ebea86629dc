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

/** Wraps `logger` so that messages below `level` are dropped before they are formatted. */
export function levelled(logger: Logger, level: LogLevel): Logger {
  const pass = (wanted: LogLevel) => RANK[level] >= RANK[wanted];
  return {
    error: pass('error') ? (m, d) => logger.error(m, d) : noop,
    warn: pass('warn') ? (m, d) => logger.warn(m, d) : noop,
    info: pass('info') ? (m, d) => logger.info(m, d) : noop,
    debug: pass('debug') ? (m, d) => logger.debug(m, d) : noop,
  };
}

/** Replaces credentials in a header value or any text with a mask, keeping the scheme for context. */
export function redactAuthorization(value: string): string {
  return value.replace(/\b(Bearer|Basic)\s+[^\s,;"']+/gi, '$1 ***');
}
