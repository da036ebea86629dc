// Bolt's HTTP receiver with a guard in front of /slack/events. Bolt reads a request's whole body into memory
// before it checks the signature, so anyone who can reach the port could make the app hold any amount of
// unsigned bytes; and its verifier refuses stale timestamps but not ones from the future. The guard refuses
// a body over the limit from its Content-Length, or while counting the bytes as they arrive, before Bolt sees
// anything; checks the timestamp both ways and the signature (compared in constant time); and only then hands
// Bolt the request with the body already read, which Bolt takes as is (a request with a Buffer `rawBody`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTTPReceiver } from '@slack/bolt';
import type { Logger } from 'pino';

/** Slack's payloads are a few KiB; the largest (a modal's view state) stays far below this. */
export const MAX_SLACK_BODY_BYTES = 1024 * 1024;
/** Slack's own rule: a request whose timestamp is more than five minutes away from now is a replay. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
export const SLACK_EVENTS_PATH = '/slack/events';

export type Refusal = 'too_large' | 'bad_timestamp' | 'bad_signature';

export interface RefusedRequest {
  reason: Refusal;
  /** How many bytes of the body the guard read before refusing (never much above the limit). */
  bytesRead: number;
}

export interface GuardOptions {
  signingSecret: string;
  logger: Logger;
  maxBodyBytes?: number;
  now?: () => number;
  /** Told of every refused request (the tests read how much was read). */
  onRefused?: (refused: RefusedRequest) => void;
}

/** A Bolt HTTPReceiver whose /slack/events requests go through `guardSlackRequest` first. */
export function guardedReceiver(
  options: GuardOptions & { boltLogger: ConstructorParameters<typeof HTTPReceiver>[0]['logger'] },
): HTTPReceiver {
  const receiver = new HTTPReceiver({
    signingSecret: options.signingSecret,
    signatureVerification: true,
    endpoints: SLACK_EVENTS_PATH,
    ...(options.boltLogger ? { logger: options.boltLogger } : {}),
  });
  const bolt = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    // Other paths and methods are Bolt's to answer (404), synchronously, as its server expects.
    if (pathname !== SLACK_EVENTS_PATH || req.method?.toUpperCase() !== 'POST') {
      bolt(req, res);
      return;
    }
    guardSlackRequest(req, res, options).then(
      (admitted) => {
        if (admitted) bolt(req, res);
      },
      (error: unknown) => {
        options.logger.warn({ err: error }, 'reading a Slack request failed');
        if (!res.headersSent) refuse(res, 400);
      },
    );
  };
  return receiver;
}

/**
 * Reads and checks one request to /slack/events. Resolves true with `rawBody` set on the request when it is
 * within the limit, on time and signed; otherwise it has answered (413 or 401) and resolves false.
 */
export async function guardSlackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: GuardOptions,
): Promise<boolean> {
  const max = options.maxBodyBytes ?? MAX_SLACK_BODY_BYTES;
  const refused = (reason: Refusal, bytesRead: number, status: number) => {
    options.logger.warn({ reason, bytesRead }, 'refused a request to /slack/events');
    options.onRefused?.({ reason, bytesRead });
    refuse(res, status);
    return false;
  };

  // Cheap checks first, before a byte of the body is read.
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= max)) return refused('too_large', 0, 413);
  const timestamp = header(req, 'x-slack-request-timestamp');
  const seconds = timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (!(Math.abs(nowSeconds - seconds) <= MAX_CLOCK_SKEW_SECONDS)) return refused('bad_timestamp', 0, 401);

  const body = await readAtMost(req, max);
  if (body.over) return refused('too_large', body.bytesRead, 413);

  const signature = header(req, 'x-slack-signature') ?? '';
  const expected = `v0=${createHmac('sha256', options.signingSecret).update(`v0:${timestamp}:`).update(body.bytes).digest('hex')}`;
  if (!constantTimeEqual(signature, expected)) return refused('bad_signature', body.bytesRead, 401);

  // Bolt's bufferIncomingMessage keeps a request that already has a Buffer rawBody.
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body.bytes;
  return true;
}

/** Equal strings in time that depends only on their length (a signature's length is public). */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // timingSafeEqual throws on different lengths; comparing b with itself keeps the time the same.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/**
 * Collects the body until it ends or passes `max`; past the limit it stops collecting and stops reading, so
 * what the app holds is at most `max` plus one chunk, whatever the sender keeps sending.
 */
function readAtMost(
  req: IncomingMessage,
  max: number,
): Promise<{ bytes: Buffer; bytesRead: number; over: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    const onData = (chunk: Buffer) => {
      bytesRead += chunk.length;
      if (bytesRead > max) {
        cleanup();
        req.pause();
        chunks.length = 0;
        resolve({ bytes: Buffer.alloc(0), bytesRead, over: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks, bytesRead), bytesRead, over: false });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Answers without a body and closes the connection. Node discards (reads without keeping) what the sender
 * still sends until the answer is out; the socket is then cut after a short grace, so a sender cannot keep the
 * app reading forever, while a client that stops sending still gets to read the status.
 */
function refuse(res: ServerResponse, status: number): void {
  res.writeHead(status, { connection: 'close', 'content-length': '0' });
  res.end(() => {
    setTimeout(() => res.socket?.destroy(), REFUSED_SOCKET_GRACE_MS).unref();
  });
}

const REFUSED_SOCKET_GRACE_MS = 1_000;
