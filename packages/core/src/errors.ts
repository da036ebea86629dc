// Error classes: one per kind of failure, so callers branch with `instanceof`, never by parsing messages.
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { withoutUserInfo } from './logger.ts';
import type { MediaRecord } from './schemas/media.ts';
import type { Project } from './schemas/projects.ts';

/** Base of every error this package throws. */
export class DubkitError extends Error {
  override name = 'DubkitError';

  /** Never a URL's user info in a message: they are printed and logged as they are. */
  constructor(message?: string, options?: ErrorOptions) {
    super(message === undefined ? undefined : withoutUserInfo(message), options);
  }
}

/** The service answered with a status outside 2xx. */
export class ApiError extends DubkitError {
  override name = 'ApiError';
  /** HTTP status code. */
  readonly status: number;
  /** Parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  /** The `x-request-id` response header, when the service sent one. */
  readonly requestId: string | undefined;

  constructor(
    status: number,
    body: unknown,
    headers: IncomingHttpHeaders,
    requestId: string | undefined,
    message?: string,
  ) {
    super(message ?? ApiError.describe(status, body, requestId));
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.requestId = requestId;
  }

  private static describe(status: number, body: unknown, requestId: string | undefined): string {
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : typeof body === 'string' && body.length > 0
          ? body.slice(0, 200)
          : undefined;
    return `${status}${detail ? ` ${detail}` : ''}${requestId ? ` (request id ${requestId})` : ''}`;
  }
}

/** 422: the service rejected the input; `detail` lists each problem with its location. */
export class ApiValidationError extends ApiError {
  override name = 'ApiValidationError';
  readonly detail: { loc: (string | number)[]; msg: string; type: string }[];

  constructor(
    body: unknown,
    detail: ApiValidationError['detail'],
    headers: IncomingHttpHeaders,
    requestId: string | undefined,
  ) {
    const summary = detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
    super(
      422,
      body,
      headers,
      requestId,
      `422 invalid request: ${summary}${requestId ? ` (request id ${requestId})` : ''}`,
    );
    this.detail = detail;
  }
}

/** 400 from a file or link upload; `mediaStatus` is the documented reason, like `media_broken_error`. */
export class MediaCreationError extends ApiError {
  override name = 'MediaCreationError';
  readonly mediaStatus: string;

  constructor(
    body: unknown,
    mediaStatus: string,
    headers: IncomingHttpHeaders,
    requestId: string | undefined,
  ) {
    super(400, body, headers, requestId);
    this.message = `400 ${mediaStatus}: ${this.message.replace(/^400 /, '')}`;
    this.mediaStatus = mediaStatus;
  }
}

/** 401: the token is missing, wrong or expired (after one refresh, when using client credentials). */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 402: not enough credits left for this project. */
export class InsufficientCreditsError extends ApiError {
  override name = 'InsufficientCreditsError';
}
/** 404: unknown project, media, glossary or segment. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the resource is in the wrong state (for example generate while processing). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/** 429: too many requests; `retryAfterMs` is the wait the service asked for, when it said. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  readonly retryAfterMs: number | undefined;

  constructor(
    body: unknown,
    headers: IncomingHttpHeaders,
    requestId: string | undefined,
    retryAfterMs: number | undefined,
  ) {
    super(429, body, headers, requestId);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The request could not reach the service or the connection broke. `refused`: nothing was sent. */
export class ConnectionError extends DubkitError {
  override name = 'ConnectionError';
  readonly refused: boolean;
  /** The system's codes for what failed (`ECONNREFUSED`, `ENOTFOUND`, `ERR_SSL_WRONG_VERSION_NUMBER`…), outermost first. */
  readonly codes: readonly string[];

  constructor(
    message: string,
    options: { cause?: unknown; refused?: boolean; codes?: readonly string[] } = {},
  ) {
    super(message, { cause: options.cause });
    this.refused = options.refused ?? false;
    this.codes = options.codes ?? [];
  }
}

/** The request took longer than `timeoutMs`. */
export class TimeoutError extends DubkitError {
  override name = 'TimeoutError';
}

/** The caller's AbortSignal fired. */
export class AbortError extends DubkitError {
  override name = 'AbortError';
}

/** Bad input caught before anything was sent; `issues` name each field with its problem. */
export class RequestValidationError extends DubkitError {
  override name = 'RequestValidationError';
  readonly issues: { path: string; message: string }[];

  constructor(what: string, issues: z.core.$ZodIssue[] | { path: string; message: string }[]) {
    const named = issues.map((issue) => ({
      path: Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path),
      message: issue.message,
    }));
    const list = named
      .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
      .join('; ');
    super(`Invalid ${what}: ${list}`);
    this.issues = named;
  }
}

/** A project reached a terminal failure status while being waited for. */
export class ProjectFailedError extends DubkitError {
  override name = 'ProjectFailedError';
  readonly project: Project;
  readonly status: string;

  constructor(project: Project) {
    super(`Project ${project.id} failed with status ${project.status}`);
    this.project = project;
    // Only a failure status makes this error, so the status is known; '' guards the type, not a real case.
    this.status = project.status ?? '';
  }
}

/** A media record reached status `failed` while being waited for. */
export class MediaFailedError extends DubkitError {
  override name = 'MediaFailedError';
  readonly media: MediaRecord;
  readonly status: string;

  constructor(media: MediaRecord) {
    super(`Media ${media.id} failed with status ${media.status}`);
    this.media = media;
    this.status = media.status;
  }
}

/** Waiting gave up after `timeoutMs`; `lastStatus` is the status seen last, if any. */
export class WaitTimeoutError extends DubkitError {
  override name = 'WaitTimeoutError';
  readonly lastStatus: string | undefined;

  constructor(what: string, timeoutMs: number, lastStatus: string | undefined) {
    super(
      `Gave up waiting for ${what} after ${timeoutMs} ms${lastStatus ? ` (last status ${lastStatus})` : ''}`,
    );
    this.lastStatus = lastStatus;
  }
}
