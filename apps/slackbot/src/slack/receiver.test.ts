// The guard's bounds on many requests at once, over real HTTP on loopback: slow senders never keep Slack's own
// signed requests out. 33 and then 1,500 connections announcing 1 MiB, sending a few bytes and stalling hold
// only what they sent; signed requests sent meanwhile are all answered 200 within Slack's 3 s; and every
// stalled connection is answered 408 and closed by the app when its body time is up. Bodies larger than
// Slack's share a small lane: past it they are answered 503 with Retry-After and closed at once.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boundConnections,
  guardSlackRequest,
  IntakeBudget,
  LISTEN_BACKLOG,
  type RefusedRequest,
  SLACK_LANE_BYTES,
} from './receiver.ts';

const SECRET = 'secret';
/** Slack's limit for an answer. */
const SLACK_ACK_MS = 3_000;
let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** The guard as the app runs it, in front of a handler that answers 200 to what it admits. */
async function start(budget: IntakeBudget, bodyTimeoutMs: number, refusals: RefusedRequest[]) {
  const options = {
    signingSecret: SECRET,
    logger: pino({ level: 'silent' }),
    budget,
    bodyTimeoutMs,
    onRefused: (refused: RefusedRequest) => refusals.push(refused),
  };
  server = createServer((req, res) => {
    // A sender that goes away mid-body fails the read, as guardedReceiver expects.
    guardSlackRequest(req, res, options).then(
      (admitted) => {
        if (admitted) res.end('ok');
      },
      () => res.destroy(),
    );
  });
  boundConnections(server);
  // The app's backlog, for the whole flood at once (Node's default, 511, would have the kernel drop some
  // connections before the app ever sees them).
  await new Promise<void>((resolve) =>
    server!.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG }, resolve),
  );
  return (server.address() as { port: number }).port;
}

/**
 * A request announcing `length` bytes and sending `sent` of them, then left open: resolves, once the app
 * closes it, to its status and how long it was open (from its connection).
 */
function stalled(port: number, length: number, sent: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let opened = Date.now();
  socket.once('connect', () => {
    opened = Date.now();
  });
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<{ status: string; openMs: number }>((resolve) =>
    socket.on('close', () => resolve({ status: answer.slice(9, 12), openMs: Date.now() - opened })),
  );
  socket.write(
    `POST /slack/events HTTP/1.1\r\nhost: x\r\ncontent-length: ${length}\r\nx-slack-request-timestamp: ${Math.floor(Date.now() / 1000)}\r\nx-slack-signature: v0=00\r\n\r\n`,
  );
  socket.write(Buffer.alloc(sent, 97));
  return closed;
}

/** A signed request of Slack's size: its status and how long the answer took. */
async function signed(port: number): Promise<{ status: number; ms: number }> {
  const body = `command=%2Fdub&text=help&user_id=U1&channel_id=C1&pad=${'x'.repeat(2_000)}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v0=${createHmac('sha256', SECRET).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  const asked = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/slack/events`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signature,
    },
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - asked };
}

/** Waits (10 s at most) for `done`. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the guard under stalled connections', { timeout: 30_000 }, () => {
  it.each([
    33, 1_500,
  ])('%i stalled 1 MiB bodies: signed requests meanwhile answered 200 within 3 s; each stalled one closed in its time', async (count) => {
    const refusals: RefusedRequest[] = [];
    const budget = new IntakeBudget();
    const bodyTimeoutMs = 3_000;
    const port = await start(budget, bodyTimeoutMs, refusals);
    const flood = Array.from({ length: count }, () => stalled(port, 1024 * 1024, 3));
    // Slack's requests come while the flood holds the port: once 33 (or 100) stalled requests are being read,
    // a few bytes each held, one every 50 ms. 32 such requests took the whole allowance when it was reserved
    // from the declared length.
    await until(() => budget.large.reserved >= 3 * Math.min(count, 100));
    const held: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, 50 * i));
        held.push(budget.large.reserved / 3);
        return signed(port);
      }),
    );
    console.info(
      `${count} stalled: 20 signed requests sent while ${Math.min(...held)}–${Math.max(...held)} were held, statuses ${[...new Set(answers.map((a) => a.status))]}, slowest ${Math.max(...answers.map((a) => a.ms))} ms`,
    );
    expect(Math.min(...held)).toBeGreaterThanOrEqual(32);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(SLACK_ACK_MS);
    }

    const closed = await Promise.all(flood);
    const longest = Math.max(...closed.map((c) => c.openMs));
    console.info(`${count} stalled: all closed by the app, the last after ${longest} ms open`);
    expect(new Set(closed.map((c) => c.status))).toEqual(new Set(['408']));
    // The app's timer starts once it has read a request's headers, a little after the connection under load.
    expect(longest).toBeLessThan(bodyTimeoutMs + 2_000);
    expect(refusals.filter((r) => r.reason === 'too_slow')).toHaveLength(count);
    expect(budget.reserved).toBe(0);
  });

  it('holds bodies larger than Slack’s to their share: past it 503 with Retry-After, closed at once', async () => {
    const refusals: RefusedRequest[] = [];
    // A large lane of 64 KiB (an eighth of the total).
    const budget = new IntakeBudget(8 * 64 * 1024);
    const port = await start(budget, 5_000, refusals);
    const first = stalled(port, SLACK_LANE_BYTES + 1, 40 * 1024);
    await until(() => budget.large.reserved === 40 * 1024);
    expect(budget.large.reserved).toBe(40 * 1024);

    const second = await stalled(port, SLACK_LANE_BYTES + 1, 40 * 1024);
    expect(second.status).toBe('503');
    expect(second.openMs).toBeLessThan(1_000);
    expect(refusals).toContainEqual(expect.objectContaining({ reason: 'busy' }));
    // Slack's own lane is untouched.
    expect(await signed(port)).toMatchObject({ status: 200 });
    for (const socket of sockets) socket.destroy();
    await first;
    await until(() => budget.reserved === 0);
    expect(budget.reserved).toBe(0);
  });
});
