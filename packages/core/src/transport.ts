// The one request path: every call of every resource goes through `Transport.request` (auth header, timeout,
// abort, retries, error mapping, request id, lenient response parsing, debug logging with credentials redacted).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Auth } from './auth.ts';
import {
  AbortError,
  ApiError,
  ApiValidationError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  type DubkitError,
  InsufficientCreditsError,
  MediaCreationError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors.ts';
import { type Logger, redactAuthorization, withoutUserInfo } from './logger.ts';
import { type Backoff, isRetryable, type RetryPolicy, retryAfterMs, retryDelayMs } from './retry.ts';
import { acceptsAsIs } from './schemas/accepts-as-is.ts';
import { mediaCreationErrorBodySchema, validationErrorBodySchema } from './schemas/errors.ts';

/** Options every method takes as its last argument. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The longest silence tolerated, per attempt: waiting for the response to start, or between two pieces of
   * the request or response body. Defaults to the client's `timeoutMs`.
   */
  timeoutMs?: number;
  maxRetries?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a body may be produced for one attempt. */
export interface OpenOptions {
  /**
   * True when the request goes through the client's own undici Agent, which writes each chunk to the socket
   * before it asks for the next and waits for 'drain' whenever the socket holds more than its high-water mark
   * (64 KiB, far below a 1 MiB chunk). A chunk is then released once the next one has been asked for, so a
   * file can be read into a small ring of buffers instead of a fresh buffer per chunk. A dispatcher passed in
   * (a MockAgent, an interceptor) may keep chunks longer, so it gets fresh buffers.
   */
  reuseBuffers: boolean;
}

/** A request body other than JSON. `open` is called once per attempt. */
export interface RequestBody {
  contentType: string;
  /** Known byte length, sent as Content-Length; unknown means a chunked body. */
  length?: number;
  open(options: OpenOptions): Readable | AsyncIterable<Uint8Array> | Uint8Array | string;
  /** False for a caller's stream, which can be read only once: such a request is never retried. */
  replayable: boolean;
}

export interface TransportRequest<T> {
  method: HttpMethod;
  /** A path below the base URL (`/v2/projects`), or an absolute URL (the token endpoint). */
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  body?: RequestBody;
  headers?: Record<string, string>;
  /** Lenient response schema; a response it rejects is still returned, with a warning logged. */
  schema?: z.ZodType<T>;
  /** Defaults to `costly` for POST and `idempotent` otherwise. */
  retry?: RetryPolicy;
  /** False for the token request itself. */
  auth?: boolean;
  options?: CallOptions;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: IncomingHttpHeaders;
  requestId: string | undefined;
}

export interface TransportOptions {
  baseUrl: string;
  dispatcher: Dispatcher;
  auth: Auth | undefined;
  timeoutMs: number;
  maxRetries: number;
  backoff: Backoff;
  logger: Logger;
  userAgent: string;
  /** The dispatcher is the client's own Agent (see OpenOptions.reuseBuffers). */
  ownDispatcher: boolean;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Connection errors that prove nothing was sent, so even a paid POST may be retried. */
const NOTHING_SENT_CODES = new Set(['ECONNREFUSED']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export class Transport {
  readonly #options: TransportOptions;
  readonly #origin: string;
  readonly #prefix: string;

  constructor(options: TransportOptions) {
    this.#options = options;
    const base = new URL(options.baseUrl);
    this.#origin = base.origin;
    this.#prefix = base.pathname.replace(/\/+$/, '');
  }

  /** What a download of an output link needs from the client: its dispatcher, silence limit and retry rules. */
  get downloadSettings(): Pick<TransportOptions, 'dispatcher' | 'timeoutMs' | 'maxRetries' | 'backoff'> {
    const { dispatcher, timeoutMs, maxRetries, backoff } = this.#options;
    return { dispatcher, timeoutMs, maxRetries, backoff };
  }

  async request<T>(req: TransportRequest<T>): Promise<ApiResponse<T>> {
    const policy = req.retry ?? (req.method === 'POST' ? 'costly' : 'idempotent');
    const maxRetries = req.options?.maxRetries ?? this.#options.maxRetries;
    const signal = req.options?.signal;
    let retries = 0;
    let replayedAfter401 = false;
    for (;;) {
      if (signal?.aborted)
        throw new AbortError('Request aborted before it was sent', { cause: signal.reason });
      const header = req.auth === false ? undefined : this.#options.auth?.header();
      const authorization = typeof header === 'object' ? await header : header;
      let error: DubkitError;
      try {
        const raw = await this.#attempt(req, authorization);
        if (raw.status >= 200 && raw.status < 300) return this.#success(req, raw);
        error = toApiError(raw);
      } catch (caught) {
        error = caught as DubkitError;
      }
      const replayable = req.body === undefined || req.body.replayable;
      if (
        error instanceof AuthenticationError &&
        authorization !== undefined &&
        !replayedAfter401 &&
        replayable &&
        this.#options.auth?.invalidate(authorization)
      ) {
        replayedAfter401 = true;
        this.#options.logger.debug('dubkit: 401, refreshing the token and replaying once', {
          method: req.method,
          url: this.#describe(req),
        });
        continue;
      }
      if (!replayable || retries >= maxRetries || !isRetryable(error, policy)) throw error;
      const delay = retryDelayMs(retries, error, this.#options.backoff);
      if (delay === undefined) throw error;
      retries++;
      this.#options.logger.debug(
        `dubkit: retrying ${req.method} ${this.#describe(req)} in ${Math.round(delay)} ms`,
        {
          retry: retries,
          maxRetries,
          reason: redactAuthorization(error.message),
          headers: redactHeaders(this.#headers(req, authorization)),
        },
      );
      await sleep(delay, signal);
    }
  }

  #describe(req: TransportRequest<unknown>): string {
    const query = req.query?.toString();
    return withoutUserInfo(`${req.path}${query ? `?${query}` : ''}`);
  }

  #headers(req: TransportRequest<unknown>, authorization: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
    };
    if (authorization !== undefined) headers.authorization = authorization;
    if (req.json !== undefined) headers['content-type'] = 'application/json';
    if (req.body) {
      headers['content-type'] = req.body.contentType;
      if (req.body.length !== undefined) headers['content-length'] = String(req.body.length);
    }
    return req.headers ? Object.assign(headers, req.headers) : headers;
  }

  async #attempt(req: TransportRequest<unknown>, authorization: string | undefined): Promise<RawResponse> {
    let origin = this.#origin;
    let path = this.#prefix + req.path;
    // What the messages name: the path below the base URL, or an absolute URL's origin (never its user info)
    // and path, without its query.
    let shown = req.path;
    if (!req.path.startsWith('/')) {
      const url = new URL(req.path);
      origin = url.origin;
      path = url.pathname + url.search;
      shown = url.origin + url.pathname;
    }
    const query = req.query?.toString();
    if (query) path += `${path.includes('?') ? '&' : '?'}${query}`;

    const signal = req.options?.signal;
    const timeoutMs = req.options?.timeoutMs ?? this.#options.timeoutMs;
    try {
      // undici's own timers (refreshed as the body is written or read) rather than an AbortController and a
      // timer per request: they cost far less on a hot path, and an upload that keeps moving never times out.
      const response = await this.#options.dispatcher.request({
        origin,
        path,
        method: req.method,
        headers: this.#headers(req, authorization),
        // undici documents async-iterable bodies (docs/api/Dispatcher.md) though its types leave them out.
        body: (req.json !== undefined
          ? JSON.stringify(req.json)
          : req.body?.open({ reuseBuffers: this.#options.ownDispatcher })) as Readable | string | undefined,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text };
    } catch (cause) {
      if (signal?.aborted) throw new AbortError(`${req.method} ${shown} aborted`, { cause: signal.reason });
      if (errorCodes(cause).some((code) => TIMEOUT_CODES.has(code))) {
        throw new TimeoutError(`${req.method} ${shown} timed out: no response for ${timeoutMs} ms`, {
          cause,
        });
      }
      const at = req.path.startsWith('/') ? `${origin}${req.path}` : shown;
      throw toConnectionError(cause, `${req.method} ${at}`);
    }
  }

  #success<T>(req: TransportRequest<T>, raw: RawResponse): ApiResponse<T> {
    const requestId = requestIdOf(raw.headers);
    let body: unknown;
    try {
      body = raw.text === '' ? undefined : JSON.parse(raw.text);
    } catch {
      throw new ApiError(raw.status, raw.text, raw.headers, requestId, `${raw.status} response was not JSON`);
    }
    let data = body as T;
    if (req.schema && !acceptsAsIs(req.schema)?.(body)) {
      const parsed = req.schema.safeParse(body);
      if (parsed.success) data = parsed.data;
      else {
        this.#options.logger.warn(`dubkit: unexpected response shape from ${req.method} ${req.path}`, {
          requestId,
          issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
        });
      }
    }
    return { data, status: raw.status, headers: raw.headers, requestId };
  }
}

function requestIdOf(headers: IncomingHttpHeaders): string | undefined {
  const id = headers['x-request-id'];
  return Array.isArray(id) ? id[0] : id;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One error class per kind of failure, chosen by status and, where documented, by the body's shape. */
export function toApiError(raw: RawResponse): ApiError {
  const { status, headers } = raw;
  const body = parseBody(raw.text);
  const requestId = requestIdOf(headers);
  if (status === 400) {
    const media = mediaCreationErrorBodySchema.safeParse(body);
    if (media.success) return new MediaCreationError(body, media.data.status, headers, requestId);
  }
  if (status === 422) {
    const validation = validationErrorBodySchema.safeParse(body);
    if (validation.success) return new ApiValidationError(body, validation.data.detail, headers, requestId);
  }
  if (status === 401) return new AuthenticationError(status, body, headers, requestId);
  if (status === 402) return new InsufficientCreditsError(status, body, headers, requestId);
  if (status === 404) return new NotFoundError(status, body, headers, requestId);
  if (status === 409) return new ConflictError(status, body, headers, requestId);
  if (status === 429) return new RateLimitError(body, headers, requestId, retryAfterMs(headers));
  if (status >= 500) return new ServerError(status, body, headers, requestId);
  return new ApiError(status, body, headers, requestId);
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 3) return;
    if ('code' in value && typeof value.code === 'string') codes.push(value.code);
    if ('cause' in value) visit(value.cause, depth + 1);
    if ('errors' in value && Array.isArray(value.errors))
      for (const inner of value.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

export function toConnectionError(cause: unknown, what: string): ConnectionError {
  const codes = errorCodes(cause);
  const refused = codes.length > 0 && codes.some((code) => NOTHING_SENT_CODES.has(code));
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ConnectionError(`${what} failed: ${reason}${codes.length ? ` (${codes.join(', ')})` : ''}`, {
    cause,
    refused,
    codes,
  });
}

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const copy = { ...headers };
  if (copy.authorization) copy.authorization = redactAuthorization(copy.authorization);
  return copy;
}

/** Waits `ms`, or rejects with AbortError as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError('Aborted while waiting', { cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError('Aborted while waiting', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
