// When and how long to wait before another attempt: the method's retry policy, Retry-After, backoff + jitter.
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, ConnectionError, type DubkitError, TimeoutError } from './errors.ts';

/**
 * `idempotent`: GET/PUT/PATCH/DELETE (and the token request), safe to send twice.
 * `costly`: a POST that creates something the customer pays for; retried only when the service certainly did
 * not act on it (429, or a connection refused before anything was sent), never after a timeout or a 5xx.
 */
export type RetryPolicy = 'idempotent' | 'costly';

/** Longest Retry-After the client waits out by itself; a longer one is handed to the caller as the error. */
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryable(error: unknown, policy: RetryPolicy): boolean {
  if (error instanceof ApiError) {
    if (error.status === 429) return true;
    return policy === 'idempotent' && (error.status === 408 || error.status >= 500);
  }
  if (error instanceof ConnectionError) return error.refused || policy === 'idempotent';
  if (error instanceof TimeoutError) return policy === 'idempotent';
  return false;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The wait the service asked for (`retry-after-ms`, else `retry-after` in seconds or as an HTTP date). */
export function retryAfterMs(headers: IncomingHttpHeaders, now = Date.now()): number | undefined {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== undefined && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = header(headers, 'retry-after');
  if (after === undefined || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/**
 * Milliseconds to wait before retry number `retry` (0-based), or undefined when the service asked for a wait
 * longer than MAX_RETRY_AFTER_MS (then retrying now would only be refused again).
 */
export function retryDelayMs(
  retry: number,
  error: DubkitError,
  backoff: Backoff,
  random = Math.random,
): number | undefined {
  if (error instanceof ApiError) {
    const asked = retryAfterMs(error.headers);
    if (asked !== undefined) return asked <= MAX_RETRY_AFTER_MS ? asked : undefined;
  }
  const exponential = Math.min(backoff.initialMs * 2 ** retry, backoff.maxMs);
  return exponential * (1 - 0.25 * random());
}
