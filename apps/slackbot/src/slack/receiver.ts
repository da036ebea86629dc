// Bolt's HTTP receiver with a guard in front of /slack/events. Bolt reads a request's whole body into memory
// before it checks the signature, so anyone who can reach the port could make the app hold any amount of
// unsigned bytes; and its verifier refuses stale timestamps but not ones from the future. The guard refuses
// a body over the limit from its Content-Length, or while counting the bytes as they arrive, before Bolt sees
// anything; checks the timestamp both ways and the signature (compared in constant time); and only then hands
// Bolt the request with the body already read, which Bolt takes as is (a request with a Buffer `rawBody`).
//
// Many requests at once are bounded too: the unverified bytes all requests may hold together are reserved
// up front (the declared length, or the per-request limit), and a request that would pass the total is
// answered 503 with Retry-After before a byte of it is read; a body must arrive within a time limit; and the
// server closes connections that send their headers slowly or sit idle (see `boundConnections`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HTTPReceiver } from '@slack/bolt';
import type { Logger } from 'pino';

/** Slack's payloads are a few KiB; the largest (a modal's view state) stays far below this. */
export const MAX_SLACK_BODY_BYTES = 1024 * 1024;
/** Slack's own rule: a request whose timestamp is more than five minutes away from now is a replay. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
export const SLACK_EVENTS_PATH = '/slack/events';

/** What all requests being read may hold together before they are verified. */
export const MAX_UNVERIFIED_BYTES = 32 * 1024 * 1024;
/** A body that has not arrived whole by then is refused: Slack sends a few KiB at once. */
export const BODY_TIMEOUT_MS = 10_000;
/** A request's headers must arrive within this; a kept-alive connection with nothing to do is closed after the idle time. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const IDLE_TIMEOUT_MS = 15_000;
/** How soon a refused sender may try again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export type Refusal = 'too_large' | 'bad_timestamp' | 'bad_signature' | 'busy' | 'too_slow';

/** The unverified bytes in flight across every request, within a total. */
export class IntakeBudget {
  readonly limit: number;
  #reserved = 0;

  constructor(limit = MAX_UNVERIFIED_BYTES) {
    this.limit = limit;
  }

  /** Reserves `bytes` when they fit in what is left; false (nothing reserved) when not. */
  tryReserve(bytes: number): boolean {
    if (this.#reserved + bytes > this.limit) return false;
    this.#reserved += bytes;
    return true;
  }

  release(bytes: number): void {
    this.#reserved = Math.max(0, this.#reserved - bytes);
  }

  get reserved(): number {
    return this.#reserved;
  }
}

export interface RefusedRequest {
  reason: Refusal;
  /** How many bytes of the body the guard read before refusing (never much above the limit). */
  bytesRead: number;
}

export interface GuardOptions {
  signingSecret: string;
  logger: Logger;
  maxBodyBytes?: number;
  /** Shared by every request to the server (one per receiver when not given). */
  budget?: IntakeBudget;
  bodyTimeoutMs?: number;
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
  const guard = { ...options, budget: options.budget ?? new IntakeBudget() };
  const start = receiver.start.bind(receiver);
  receiver.start = (async (...args: Parameters<HTTPReceiver['start']>) => {
    const server = await start(...args);
    boundConnections(server);
    return server;
  }) as HTTPReceiver['start'];
  const bolt = receiver.requestListener;
  receiver.requestListener = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    // Other paths and methods are Bolt's to answer (404), synchronously, as its server expects.
    if (pathname !== SLACK_EVENTS_PATH || req.method?.toUpperCase() !== 'POST') {
      bolt(req, res);
      return;
    }
    guardSlackRequest(req, res, guard).then(
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

  // Room for the whole body among every request's unverified bytes, or 503 before reading any of it.
  const reserve = declared === undefined ? max : Number(declared);
  const budget = options.budget ?? new IntakeBudget();
  if (!budget.tryReserve(reserve)) {
    res.setHeader('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    return refused('busy', 0, 503);
  }
  let body: Awaited<ReturnType<typeof readAtMost>>;
  try {
    body = await readAtMost(req, max, options.bodyTimeoutMs ?? BODY_TIMEOUT_MS);
  } finally {
    budget.release(reserve);
  }
  if (body.slow) return refused('too_slow', body.bytesRead, 408);
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
 * Node's own limits on every connection of `server`: its headers within HEADERS_TIMEOUT_MS, a whole request
 * within the body's time and a little more, an idle connection closed. Node enforces the first two on a
 * 30-second sweep, so a stalled connection is closed within about 45 s at most; the guard's own body timer
 * is the precise one.
 */
export function boundConnections(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = BODY_TIMEOUT_MS + HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = 5_000;
  server.setTimeout(IDLE_TIMEOUT_MS, (socket) => socket.destroy());
}

interface Body {
  bytes: Buffer;
  bytesRead: number;
  over: boolean;
  /** The body did not arrive whole within the time limit. */
  slow: boolean;
}

/**
 * Collects the body until it ends, passes `max` or takes longer than `timeoutMs`; then it stops collecting
 * and stops reading, so what the app holds is at most `max` plus one chunk, whatever the sender keeps sending.
 */
function readAtMost(req: IncomingMessage, max: number, timeoutMs: number): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    const stop = (outcome: { over: boolean; slow: boolean }) => {
      cleanup();
      req.pause();
      chunks.length = 0;
      resolve({ bytes: Buffer.alloc(0), bytesRead, ...outcome });
    };
    const timer = setTimeout(() => stop({ over: false, slow: true }), timeoutMs);
    const onData = (chunk: Buffer) => {
      bytesRead += chunk.length;
      if (bytesRead > max) {
        stop({ over: true, slow: false });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks, bytesRead), bytesRead, over: false, slow: false });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
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
