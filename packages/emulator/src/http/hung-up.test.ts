// A sender that hangs up mid-body while its request is held (as the Slack app killed during a project creation
// the faults held, in apps/slackbot's faults.e2e.test): the body readers answer it as a body that broke off (422),
// never as an internal error, and never wait for the rest.
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harness, TOKEN } from '../test-support/harness.ts';
import { readJson } from './body.ts';
import { readMultipart } from './multipart.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  vi.restoreAllMocks();
});

/** Sends the headers and half of a `length`-byte body to `url`, then hangs up; resolves once the socket is gone. */
async function hangUpMidBody(url: string, headers: Record<string, string>, length = 1000): Promise<void> {
  const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(length) } });
  req.on('error', () => {});
  // Once the headers and half of the body are on the wire.
  await new Promise((resolve) => req.write(Buffer.alloc(length / 2, 0x20), resolve));
  const closed = new Promise((resolve) => req.once('close', resolve));
  req.destroy();
  await closed;
}

/** A server that reads each request with `read` only once its sender has gone; resolves with what it gave. */
async function readAfterHangUp(contentType: string, read: (incoming: IncomingMessage) => Promise<unknown>) {
  let outcome!: Promise<unknown>;
  const server = createServer((incoming) => {
    const gone = new Promise((resolve) => incoming.once('close', resolve));
    outcome = gone.then(() => read(incoming)).catch((error: unknown) => error);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await hangUpMidBody(`http://127.0.0.1:${port}/`, { 'content-type': contentType });
  await vi.waitUntil(() => outcome !== undefined);
  return outcome;
}

const brokeOff = {
  status: 422,
  body: { detail: [expect.objectContaining({ loc: ['body'], msg: 'The request body broke off' })] },
};

describe('a sender that hung up mid-body', () => {
  it('is a JSON body that broke off', async () => {
    expect(await readAfterHangUp('application/json', readJson)).toMatchObject(brokeOff);
  });

  it('is a multipart body that broke off, at once', async () => {
    const limits = { fileBytes: 1024, files: 1, fields: 1, fieldBytes: 64 };
    const read = (incoming: IncomingMessage) => readMultipart(incoming, limits, async () => {});
    expect(await readAfterHangUp('multipart/form-data; boundary=x', read)).toMatchObject(brokeOff);
  });

  it('logs no internal error when the faults held the request', async () => {
    const h = await harness({ faults: { latencyMs: 100, paths: ['/v2/glossaries'] } });
    const logged = vi.spyOn(console, 'error');
    const json = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    await hangUpMidBody(`${h.url}/v2/glossaries`, json);
    // Held as long, and started after it: answered once the first request's route has run.
    expect((await h.call('POST', '/v2/glossaries', {})).status).toBe(422);
    expect(logged).not.toHaveBeenCalled();
  });
});
