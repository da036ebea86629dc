// Request bodies read as streams against a limit: reading stops at the first byte past the limit and the answer
// is 413, whatever Content-Length said (or did not say, for a chunked body). Nothing larger than the limit is
// ever held in memory.
import type { IncomingMessage } from 'node:http';
import { HttpError, invalid } from './errors.ts';

/** JSON bodies of the API: a glossary may be 10,485,760 bytes of entries, plus its name and languages. */
export const MAX_JSON_BYTES = 11 * 1024 * 1024;
/** The token endpoint's form and the admin endpoints' JSON are small. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * 413 `{detail}`. What is left of the body is not read into memory: after the answer, @hono/node-server discards
 * at most 64 MiB of it (for half a second at most) and then closes the connection. Closing it at once instead
 * would make a client still sending see a broken pipe rather than this answer.
 */
export function payloadTooLarge(detail: string): HttpError {
  return new HttpError(413, { detail });
}

/** 413 for `what` (a body, a file part, a linked file) past `limit` bytes. */
export function tooLarge(what: string, limit: number): HttpError {
  return payloadTooLarge(`${what} is larger than ${limit} bytes`);
}

/**
 * 422 for a body whose sender hung up before its end (Node's `aborted`): the client's doing, not an internal
 * error, and answered as any other unreadable body (nobody may be left to read the answer).
 */
export function bodyBrokeOff(): HttpError {
  return invalid(['body'], 'The request body broke off');
}

/**
 * Reads `body` whole, up to `limit` bytes. A Content-Length over the limit is refused before anything is read;
 * otherwise the bytes are counted as they come and reading stops as soon as they pass the limit.
 */
export async function readLimited(
  body: AsyncIterable<Uint8Array>,
  declaredLength: string | undefined,
  limit: number,
  what: string,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw tooLarge(what, limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      total += chunk.byteLength;
      if (total > limit) break;
      chunks.push(chunk);
    }
  } catch {
    // Only the stream throws here: its one failure is the sender going away mid-body.
    throw bodyBrokeOff();
  }
  if (total > limit) throw tooLarge(what, limit);
  return Buffer.concat(chunks, total);
}

/**
 * The request's bytes without destroying the request when reading stops early: the answer (a 413) still has to
 * go out on the same socket.
 */
export function requestBody(incoming: IncomingMessage): AsyncIterable<Uint8Array> {
  return incoming.iterator({ destroyOnReturn: false });
}

/** A JSON body of at most `limit` bytes, with FastAPI's 422 for a wrong content type or bad JSON. */
export async function readJson(incoming: IncomingMessage, limit = MAX_JSON_BYTES): Promise<unknown> {
  const type = incoming.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw invalid(['body'], 'Expected a JSON body (Content-Type: application/json)', 'model_attributes_type');
  }
  const bytes = await readLimited(
    requestBody(incoming),
    incoming.headers['content-length'],
    limit,
    'The body',
  );
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw invalid(['body'], `JSON decode error: ${(error as Error).message}`, 'json_invalid');
  }
}

/** An `application/x-www-form-urlencoded` body of at most `limit` bytes. */
export async function readForm(incoming: IncomingMessage, limit = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const bytes = await readLimited(
    requestBody(incoming),
    incoming.headers['content-length'],
    limit,
    'The form',
  );
  return new URLSearchParams(bytes.toString('utf8'));
}
