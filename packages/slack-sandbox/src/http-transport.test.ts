// The HTTP transport signs like Slack (v0 HMAC-SHA256 over "v0:timestamp:body"), marks redeliveries, and
// encodes each kind of request the way Slack posts it; checked against a server that verifies as an app would.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransport, slackSignature } from './http-transport.ts';

const SECRET = 'test-signing-secret';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

let server: Server;
let received: Received[];
let transport: HttpTransport;

beforeEach(async () => {
  received = [];
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const timestamp = String(req.headers['x-slack-request-timestamp']);
    const expected = slackSignature(SECRET, timestamp, body);
    const given = String(req.headers['x-slack-signature']);
    const verified =
      given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    received.push({ headers: req.headers, body, verified });
    res.writeHead(verified ? 200 : 401, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  transport = new HttpTransport({
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    signingSecret: SECRET,
  });
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('HttpTransport', () => {
  it('posts an event as signed JSON, with the retry headers on a redelivery only', async () => {
    const callback = { type: 'event_callback', event_id: 'Ev1', event: { type: 'app_mention' } };
    expect(await transport.event(callback)).toEqual({ status: 200, body: '{"ok":true}' });
    await transport.event(callback, { num: 2, reason: 'http_timeout' });
    const [first, again] = received;
    expect(first?.verified).toBe(true);
    expect(JSON.parse(first?.body ?? '')).toEqual(callback);
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers['x-slack-retry-num']).toBeUndefined();
    expect(again?.headers['x-slack-retry-num']).toBe('2');
    expect(again?.headers['x-slack-retry-reason']).toBe('http_timeout');
    const age = Date.now() / 1000 - Number(first?.headers['x-slack-request-timestamp']);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('form-encodes a command, and an interaction as a `payload` field holding JSON', async () => {
    await transport.command({ command: '/dub', text: 'https://vimeo.com/1 to es' });
    await transport.interaction({ type: 'block_actions', actions: [{ action_id: 'job_start' }] });
    const [command, interaction] = received;
    expect(received.every((r) => r.verified)).toBe(true);
    expect(command?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(command?.body))).toEqual({
      command: '/dub',
      text: 'https://vimeo.com/1 to es',
    });
    const form = new URLSearchParams(interaction?.body);
    expect(JSON.parse(form.get('payload') ?? '')).toEqual({
      type: 'block_actions',
      actions: [{ action_id: 'job_start' }],
    });
  });

  it('a wrong secret is refused by the verifying side', async () => {
    const { port } = server.address() as AddressInfo;
    const wrong = new HttpTransport({ eventsUrl: `http://127.0.0.1:${port}/`, signingSecret: 'other' });
    expect((await wrong.command({ text: 'help' })).status).toBe(401);
  });
});
