// The guard's bounds on many requests at once, over real HTTP on loopback: the unverified bytes of all
// requests together stay within the budget (the next request is answered 503 with Retry-After, unread), and a
// body that stalls is refused and its connection closed when its time is up.
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedReceiver, IntakeBudget, type RefusedRequest } from './receiver.ts';

let stop: (() => Promise<void>) | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await stop?.();
});

async function start(budget: IntakeBudget, bodyTimeoutMs: number, refusals: RefusedRequest[]) {
  const receiver = guardedReceiver({
    signingSecret: 'secret',
    logger: pino({ level: 'silent' }),
    boltLogger: undefined,
    budget,
    bodyTimeoutMs,
    onRefused: (refused) => refusals.push(refused),
  });
  const server = (await receiver.start({ port: 0, host: '127.0.0.1' })) as Server;
  stop = () => receiver.stop();
  return (server.address() as { port: number }).port;
}

/** A request announcing `length` bytes and sending `sent` of them, then left open; resolves to what came back. */
function stalled(port: number, length: number, sent: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.write(
    `POST /slack/events HTTP/1.1\r\nhost: x\r\ncontent-length: ${length}\r\nx-slack-request-timestamp: ${Math.floor(Date.now() / 1000)}\r\nx-slack-signature: v0=00\r\n\r\n`,
  );
  socket.write(Buffer.alloc(sent, 97));
  return { socket, closed, answer: () => answer };
}

describe('the guard under many stalled bodies', () => {
  it('answers 503 with Retry-After, unread, past the budget; refuses a stalled body in time and closes it', async () => {
    const refusals: RefusedRequest[] = [];
    const budget = new IntakeBudget(3 * 1024);
    const port = await start(budget, 400, refusals);
    const held = [stalled(port, 1024, 1023), stalled(port, 1024, 1023), stalled(port, 1024, 1023)];
    // Wait until the three are being read (their bytes reserved).
    for (let i = 0; i < 100 && budget.reserved < 3 * 1024; i++) await new Promise((r) => setTimeout(r, 10));
    expect(budget.reserved).toBe(3 * 1024);

    const over = stalled(port, 1024, 10);
    const answer = await over.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('retry-after: 1');
    expect(refusals[0]).toEqual({ reason: 'busy', bytesRead: 0 });

    const started = Date.now();
    const answers = await Promise.all(held.map((h) => h.closed));
    for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(budget.reserved).toBe(0);
    expect(refusals.filter((r) => r.reason === 'too_slow')).toHaveLength(3);
  });
});
