// Bolt's HTTP receiver with a guard in front of /slack/events. Bolt reads a request's whole body into memory
// before it checks the signature, so anyone who can reach the port could make the app hold any amount of
// unsigned bytes; and its verifier refuses stale timestamps but not ones from the future. The guard refuses
// a body over the limit from its Content-Length, or while counting the bytes as they arrive, before Bolt sees
// anything; checks the timestamp both ways and the signature (compared in constant time); and only then hands
// Bolt the request with the body already read, which Bolt takes as is (a request with a Buffer `rawBody`).
//
// Many requests at once are bounded too, without letting slow senders keep Slack out. Slack's own requests
// are small (a few KiB) and arrive whole: bodies declared up to SLACK_LANE_BYTES have their own lane, and
// larger or undeclared ones share a small part of the total (LARGE_LANE_SHARE). Each lane counts the bytes a
// request has received, not what it declared, so a connection that announces a large body and sends a few
// bytes holds a few bytes; a chunk that does not fit its lane is answered 503 with Retry-After. A body must
// arrive within a time limit; every refused or timed-out connection is closed as soon as its answer is out;
// and the server closes connections that send their headers slowly or sit idle (see `boundConnections`).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HTTPModuleFunctions, HTTPReceiver } from '@slack/bolt';
import type { Logger } from 'pino';

/** Slack's payloads are a few KiB; the largest (a modal's view state) stays far below this. */
export const MAX_SLACK_BODY_BYTES = 1024 * 1024;
/** Slack's own rule: a request whose timestamp is more than five minutes away from now is a replay. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
export const SLACK_EVENTS_PATH = '/slack/events';

/** What all requests being read may hold together before they are verified. */
export const MAX_UNVERIFIED_BYTES = 32 * 1024 * 1024;
/** Bodies declared up to this are of Slack's sizes (its largest, a modal's state, stays well under). */
export const SLACK_LANE_BYTES = 64 * 1024;
/** The part of MAX_UNVERIFIED_BYTES that larger (or undeclared) bodies may hold together. */
export const LARGE_LANE_SHARE = 1 / 8;
/** A body that has not arrived whole by then is refused: Slack sends a few KiB at once. */
export const BODY_TIMEOUT_MS = 10_000;
/** A request's headers must arrive within this; a kept-alive connection with nothing to do is closed after the idle time. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const IDLE_TIMEOUT_MS = 15_000;
/**
 * Connections the kernel may hold for the app to accept (the listen backlog; Node's default is 511): under a
 * flood of slow senders, a newly arrived Slack request must find room in the queue rather than be dropped
 * before the app ever sees it.
 */
export const LISTEN_BACKLOG = 2048;
/** How soon a refused sender may try again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export type Refusal = 'too_large' | 'bad_timestamp' | 'bad_signature' | 'busy' | 'too_slow';

/** Unverified bytes received and held, within a total. */
export class IntakeLane {
  readonly limit: number;
  #reserved = 0;

  constructor(limit: number) {
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

/** The unverified bytes in flight across every request: Slack's sizes in one lane, larger bodies in another. */
export class IntakeBudget {
  readonly limit: number;
  readonly slack: IntakeLane;
  readonly large: IntakeLane;

  constructor(limit = MAX_UNVERIFIED_BYTES) {
    this.limit = limit;
    const large = limit * LARGE_LANE_SHARE;
    this.large = new IntakeLane(large);
    // An unbounded budget (the bench's baseline) leaves both lanes unbounded.
    this.slack = new IntakeLane(Number.isFinite(limit) ? limit - large : limit);
  }

  /** The lane of a body by its declared length (none declared: a large one's). */
  laneOf(declared: number | undefined): IntakeLane {
    return declared !== undefined && declared <= SLACK_LANE_BYTES ? this.slack : this.large;
  }

  get reserved(): number {
    return this.slack.reserved + this.large.reserved;
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
    // An event left unacked because it could not be recorded (slack/event-ack.ts) is answered 500 by Bolt's
    // handler, so that Slack sends it again; answered, it needs no "not acknowledged in 3 s" warning later.
    processEventErrorHandler: async (args) =>
      (await HTTPModuleFunctions.defaultProcessEventErrorHandler(args)) || args.response.headersSent,
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
        if (!res.headersSent) refuse(req, res, 400);
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
    refuse(req, res, status);
    return false;
  };

  // Cheap checks first, before a byte of the body is read.
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= max)) return refused('too_large', 0, 413);
  const timestamp = header(req, 'x-slack-request-timestamp');
  const seconds = timestamp !== undefined && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (!(Math.abs(nowSeconds - seconds) <= MAX_CLOCK_SKEW_SECONDS)) return refused('bad_timestamp', 0, 401);

  // Each chunk is held only if it fits in its lane among every request's unverified bytes; else 503.
  const lane = (options.budget ?? new IntakeBudget()).laneOf(
    declared === undefined ? undefined : Number(declared),
  );
  const body = await readAtMost(req, max, options.bodyTimeoutMs ?? BODY_TIMEOUT_MS, lane);
  if (body.busy) {
    res.setHeader('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    return refused('busy', body.bytesRead, 503);
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
  /** A chunk did not fit in its lane's unverified bytes. */
  busy: boolean;
}

/**
 * Collects the body until it ends, passes `max`, takes longer than `timeoutMs` or finds no room in `lane` for
 * a chunk; then it stops collecting and stops reading, so what the app holds is at most `max` plus one chunk,
 * whatever the sender keeps sending. The bytes held are counted in `lane` until the reading ends.
 */
function readAtMost(req: IncomingMessage, max: number, timeoutMs: number, lane: IntakeLane): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    const none = { over: false, slow: false, busy: false };
    const stop = (outcome: Partial<typeof none>) => {
      cleanup();
      req.pause();
      chunks.length = 0;
      resolve({ bytes: Buffer.alloc(0), bytesRead, ...none, ...outcome });
    };
    const timer = setTimeout(() => stop({ slow: true }), timeoutMs);
    const onData = (chunk: Buffer) => {
      bytesRead += chunk.length;
      if (bytesRead > max) {
        stop({ over: true });
        return;
      }
      if (!lane.tryReserve(chunk.length)) {
        bytesRead -= chunk.length;
        stop({ busy: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks, bytesRead), bytesRead, ...none });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      lane.release(chunks.reduce((held, chunk) => held + chunk.length, 0));
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
 * Answers without a body and closes the connection once the answer is out: a refused sender holds no socket,
 * whatever it still sends. The close is a half-close, with what the sender still sends read into nowhere until
 * REFUSED_SOCKET_GRACE_MS: cutting a socket while bytes still arrive sends a reset, and a reset can erase the
 * answer before the sender has read it (a 413 lost that way on a loaded machine). A sender that reads nothing
 * cannot hold the socket either: it is cut after the grace, written or not.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number): void {
  const socket = res.socket;
  res.writeHead(status, { connection: 'close', 'content-length': '0' });
  res.end(() => socket?.end());
  req.resume();
  setTimeout(() => socket?.destroy(), REFUSED_SOCKET_GRACE_MS).unref();
}

const REFUSED_SOCKET_GRACE_MS = 200;
