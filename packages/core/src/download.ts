// Downloading a project's output (video, audio, subtitles) from the link in its record, streamed to a file.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import { AbortError, type DubkitError, RequestValidationError, TimeoutError } from './errors.ts';
import { type Backoff, isRetryable, retryDelayMs } from './retry.ts';
import { sleep, toApiError, toConnectionError } from './transport.ts';

export interface DownloadProgress {
  received: number;
  /** From Content-Length; undefined when the server does not say. */
  total: number | undefined;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** The longest silence tolerated, per attempt. Default: the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries after the first attempt (connection errors, 5xx, 429). Default: the client's `maxRetries`. */
  maxRetries?: number;
  /** Called as bytes arrive (once per chunk the socket hands over), starting at 0 for each attempt. */
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  contentType: string | undefined;
}

export interface DownloadSettings {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxRetries: number;
  backoff: Backoff;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Streams `link` into `destination` through `destination.part`, renamed only once every byte has arrived, so
 * a file at `destination` is always complete (an interrupted download leaves no file that looks finished).
 * No Authorization header is sent: output links point at storage, possibly on another host, and the client's
 * bearer token must not leak there (the emulator's links need none either).
 */
export async function downloadFile(
  settings: DownloadSettings,
  link: string,
  destination: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  if (!URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol)) {
    throw new RequestValidationError('download', [
      { path: 'link', message: `expected an http(s) link, not ${JSON.stringify(link)}` },
    ]);
  }
  const maxRetries = options.maxRetries ?? settings.maxRetries;
  await mkdir(dirname(destination), { recursive: true });
  const partial = `${destination}.part`;
  for (let retries = 0; ; retries++) {
    try {
      const result = await attempt(settings, link, partial, options);
      await rename(partial, destination);
      return { ...result, path: destination };
    } catch (caught) {
      await rm(partial, { force: true });
      const error = caught as DubkitError;
      if (options.signal?.aborted || retries >= maxRetries || !isRetryable(error, 'idempotent')) throw error;
      const delay = retryDelayMs(retries, error, settings.backoff);
      if (delay === undefined) throw error;
      await sleep(delay, options.signal);
    }
  }
}

async function attempt(
  settings: DownloadSettings,
  link: string,
  partial: string,
  options: DownloadOptions,
): Promise<Omit<DownloadResult, 'path'>> {
  const url = new URL(link);
  const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
  const what = `GET ${url.origin}${url.pathname}`;
  let response: Dispatcher.ResponseData;
  try {
    response = await settings.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'GET',
      signal: options.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (cause) {
    throw failure(cause, what, options.signal, timeoutMs);
  }
  const { statusCode, headers, body } = response;
  if (statusCode < 200 || statusCode >= 300) {
    throw toApiError({ status: statusCode, headers, text: await body.text().catch(() => '') });
  }
  const length = Number(headers['content-length']);
  const total = Number.isFinite(length) && headers['content-length'] !== undefined ? length : undefined;
  const type = headers['content-type'];
  // Counting in the pipe costs one addition per socket chunk (about 64 KiB), nothing next to the disk write.
  let received = 0;
  options.onProgress?.({ received, total });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      options.onProgress?.({ received, total });
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(partial));
  } catch (cause) {
    throw isSocketError(cause) || options.signal?.aborted
      ? failure(cause, what, options.signal, timeoutMs)
      : cause;
  }
  if (total !== undefined && received !== total) {
    throw toConnectionError(new Error(`the connection closed after ${received} of ${total} bytes`), what);
  }
  return { bytes: received, contentType: Array.isArray(type) ? type[0] : type };
}

/** A file-system error (disk full, no permission) reaches the caller as it is; a socket's may be retried. */
function isSocketError(cause: unknown): boolean {
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('UND_ERR') || code === 'ECONNRESET');
}

function failure(
  cause: unknown,
  what: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): DubkitError {
  if (signal?.aborted) return new AbortError(`${what} aborted`, { cause: signal.reason });
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new TimeoutError(`${what} timed out: nothing received for ${timeoutMs} ms`, { cause });
  }
  return toConnectionError(cause, what);
}
