// Error answers in the hosted service's shapes: FastAPI's 422 detail list, {detail} bodies, the media bodies.
import type { z } from 'zod';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

function describe(body: unknown): string {
  const detail = typeof body === 'object' && body !== null && 'detail' in body ? body.detail : body;
  if (Array.isArray(detail)) {
    return detail.map((issue: ValidationIssue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
  }
  return typeof detail === 'string' ? detail : JSON.stringify(detail);
}

/** Thrown by route code; the app's error handler turns it into the JSON answer. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(`HTTP ${status}: ${describe(body)}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const notFound = (thing: string) => new HttpError(404, { detail: `${thing} not found` });
export const conflict = (detail: string) => new HttpError(409, { detail });
export const paymentRequired = (detail: string) => new HttpError(402, { detail });

/** 422 with one or more issues, loc already complete (for example ['body', 'video_id']). */
export function unprocessable(issues: ValidationIssue[]): HttpError {
  return new HttpError(422, { detail: issues });
}

export function invalid(loc: (string | number)[], msg: string, type = 'value_error'): HttpError {
  return unprocessable([{ loc, msg, type }]);
}

/** The documented 400 body of a failed media creation. */
export function mediaCreationError(
  status: 'media_mime_type_non_acceptable' | 'media_process_error' | 'media_broken_error',
  detail: string,
): HttpError {
  return new HttpError(400, { status, status_code: 400, detail });
}

/** FastAPI/pydantic-style `type` for a zod issue, so clients that switch on it see familiar values. */
function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : `${issue.expected}_type`;
    case 'unrecognized_keys':
      return 'extra_forbidden';
    case 'too_small':
      return issue.origin === 'string' ? 'string_too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' ? 'string_too_long' : 'less_than_equal';
    case 'invalid_format':
      return 'string_pattern_mismatch';
    case 'invalid_value':
      return 'enum';
    default:
      return 'value_error';
  }
}

/** Maps zod issues to FastAPI's `detail` entries under `where` ('body' or 'query'). */
export function zodIssuesToDetail(where: string, issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const detail: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        detail.push({
          loc: [where, ...path, key],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
        });
      }
      continue;
    }
    const msg = issue.code === 'invalid_type' && issue.input === undefined ? 'Field required' : issue.message;
    detail.push({ loc: [where, ...path], msg, type: issueType(issue) });
  }
  return detail;
}

/** Parses `input` with `schema` or throws the 422 naming every problem. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw unprocessable(zodIssuesToDetail(where, result.error.issues));
  return result.data;
}
