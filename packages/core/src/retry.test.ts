import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, ServerError, TimeoutError } from './errors.ts';
import { isRetryable, retryAfterMs, retryDelayMs } from './retry.ts';

const backoff = { initialMs: 500, maxMs: 8000 };
const apiError = (status: number, headers = {}) => new ApiError(status, undefined, headers, undefined);

describe('isRetryable', () => {
  it('retries idempotent calls on 408, 429, 5xx, timeouts and connection errors', () => {
    for (const status of [408, 429, 500, 503, 599])
      expect(isRetryable(apiError(status), 'idempotent')).toBe(true);
    for (const status of [400, 401, 402, 404, 409, 422])
      expect(isRetryable(apiError(status), 'idempotent')).toBe(false);
    expect(isRetryable(new TimeoutError('t'), 'idempotent')).toBe(true);
    expect(isRetryable(new ConnectionError('reset'), 'idempotent')).toBe(true);
  });
  it('retries paid POSTs only when the service certainly did not act', () => {
    expect(isRetryable(apiError(429), 'costly')).toBe(true);
    expect(isRetryable(new ConnectionError('refused', { refused: true }), 'costly')).toBe(true);
    expect(isRetryable(new ServerError(500, undefined, {}, undefined), 'costly')).toBe(false);
    expect(isRetryable(apiError(408), 'costly')).toBe(false);
    expect(isRetryable(new TimeoutError('t'), 'costly')).toBe(false);
    expect(isRetryable(new ConnectionError('reset'), 'costly')).toBe(false);
  });
});

describe('retryAfterMs', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after-ms': '250' })).toBe(250);
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': '1.5' })).toBe(1500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('uses what the service asked for, up to 60 s', () => {
    expect(retryDelayMs(0, apiError(429, { 'retry-after': '3' }), backoff)).toBe(3000);
    expect(retryDelayMs(0, apiError(429, { 'retry-after': '61' }), backoff)).toBeUndefined();
  });
  it('backs off exponentially with up to 25 % jitter, capped', () => {
    const error = apiError(503);
    expect(retryDelayMs(0, error, backoff, () => 0)).toBe(500);
    expect(retryDelayMs(1, error, backoff, () => 0)).toBe(1000);
    expect(retryDelayMs(2, error, backoff, () => 1)).toBe(1500);
    expect(retryDelayMs(10, error, backoff, () => 0)).toBe(8000);
  });
});
