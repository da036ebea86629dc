// The fake's Socket Mode against Slack's own client (@slack/socket-mode, what Bolt uses): the token check of
// apps.connections.open, hello, envelopes and their acks, reconnecting after `disconnect` and after a cut
// connection; and against a bare WebSocket, what the client would hide: one-time URLs and missing acks.
import { LogLevel, SocketModeClient } from '@slack/socket-mode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FakeSlack } from './fake-slack.ts';

const BOT = 'xoxb-test';
const APP = 'xapp-1-test';

let slack: FakeSlack;
let client: SocketModeClient | undefined;

beforeEach(async () => {
  slack = await new FakeSlack({ botToken: BOT, appToken: APP }).start();
});
afterEach(async () => {
  await client?.disconnect();
  client = undefined;
  await slack.close();
});

async function openConnection(token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${slack.apiUrl}apps.connections.open`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Slack's client, reconnecting after 100 ms instead of its default 5 s. */
async function connectClient(): Promise<SocketModeClient> {
  client = new SocketModeClient({
    appToken: APP,
    logLevel: LogLevel.ERROR,
    clientPingTimeout: 100,
    clientOptions: { slackApiUrl: slack.apiUrl },
  });
  await client.start();
  return client;
}

describe('apps.connections.open', () => {
  it('hands out a ws:// URL on 127.0.0.1 for the app-level token only', async () => {
    expect(await openConnection(BOT)).toEqual({ ok: false, error: 'not_allowed_token_type' });
    expect(await openConnection('xapp-wrong')).toEqual({ ok: false, error: 'invalid_auth' });
    const opened = await openConnection(APP);
    expect(opened.ok).toBe(true);
    expect(String(opened.url)).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/link\/\?ticket=[0-9a-f]+&app_id=ADUBKIT$/);
  });

  it('gives URLs good for one connection, greeted with hello', async () => {
    const { url } = await openConnection(APP);
    const first = new WebSocket(String(url));
    const hello = await new Promise<Record<string, unknown>>((resolve) =>
      first.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    expect(hello).toMatchObject({
      type: 'hello',
      num_connections: 1,
      connection_info: { app_id: 'ADUBKIT' },
    });
    const again = new WebSocket(String(url));
    const refused = await new Promise<number>((resolve) =>
      again.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(refused).toBe(401);
    first.terminate();
  });
});

describe('envelopes', () => {
  it('delivers an event with its retry fields and resolves with the ack', async () => {
    const socket = await connectClient();
    const seen = new Promise<{ retry_num?: number; retry_reason?: string; body: Record<string, unknown> }>(
      (resolve) =>
        socket.once('app_mention', async (args) => {
          await args.ack();
          resolve(args);
        }),
    );
    const callback = { type: 'event_callback', event_id: 'Ev1', event: { type: 'app_mention', text: 'hi' } };
    const ack = await slack.socketMode.send('events_api', callback, {
      acceptsResponsePayload: false,
      retry: { num: 2, reason: 'timeout' },
    });
    const event = await seen;
    expect(event).toMatchObject({ retry_num: 2, retry_reason: 'timeout', body: callback });
    expect(ack).toEqual({ envelope_id: slack.socketMode.envelopes[0]?.envelope.envelope_id, payload: {} });
    expect(slack.socketMode.envelopes[0]?.envelope).toMatchObject({
      type: 'events_api',
      accepts_response_payload: false,
      retry_attempt: 2,
      retry_reason: 'timeout',
    });
  });

  it('returns what a slash command acknowledges with', async () => {
    const socket = await connectClient();
    socket.once('slash_commands', ({ ack, body }) => ack({ text: `you said ${body.text}` }));
    const ack = await slack.socketMode.send(
      'slash_commands',
      { command: '/dub', text: 'help' },
      { acceptsResponsePayload: true },
    );
    expect(ack.payload).toEqual({ text: 'you said help' });
    expect(slack.socketMode.envelopes[0]?.envelope).not.toHaveProperty('retry_attempt');
  });

  it('fails an envelope that is not acknowledged in time', async () => {
    const { url } = await openConnection(APP);
    const silent = new WebSocket(String(url)); // reads, never acks
    await slack.socketMode.waitForConnection(1, 5_000);
    await expect(
      slack.socketMode.send(
        'interactive',
        { type: 'block_actions' },
        { acceptsResponsePayload: false, timeoutMs: 200 },
      ),
    ).rejects.toThrow(/no ack for interactive envelope/);
    silent.terminate();
  });
});

describe('reconnecting', () => {
  it('after disconnect (refresh_requested), the client reconnects and the next envelope goes to it', async () => {
    const socket = await connectClient();
    socket.on('slash_commands', ({ ack }) => ack());
    expect(slack.socketMode.disconnect('refresh_requested')).toBe(1);
    await slack.socketMode.waitForConnection(2, 5_000);
    await slack.socketMode.send('slash_commands', { text: 'x' }, { acceptsResponsePayload: true });
    expect(slack.socketMode.connections[0]?.closedAt).toBeDefined();
    expect(slack.socketMode.envelopes.at(-1)?.connection).toBe(2);
    expect(slack.calls.filter((c) => c.method === 'apps.connections.open')).toHaveLength(2);
  });

  it('sends warning as a disconnect message that leaves the connection to the app', async () => {
    const { url } = await openConnection(APP);
    const ws = new WebSocket(String(url));
    const messages: Record<string, unknown>[] = [];
    const second = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        if (messages.length === 2) resolve();
      }),
    );
    await slack.socketMode.waitForConnection(1, 5_000);
    slack.socketMode.disconnect('warning');
    await second;
    expect(messages[1]).toEqual({
      type: 'disconnect',
      reason: 'warning',
      debug_info: { host: expect.any(String) },
    });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.terminate();
  });

  it('after a cut connection, the client reconnects; an envelope sent meanwhile waits for it', async () => {
    const socket = await connectClient();
    socket.on('interactive', ({ ack }) => ack());
    expect(slack.socketMode.drop()).toBe(1);
    const ack = await slack.socketMode.send(
      'interactive',
      { type: 'block_actions' },
      { acceptsResponsePayload: false },
    );
    expect(ack.envelope_id).toBe(slack.socketMode.envelopes[0]?.envelope.envelope_id);
    expect(slack.socketMode.connections.map((c) => c.id)).toEqual([1, 2]);
    expect(slack.socketMode.connections[0]?.closeCode).toBe(1006);
  });
});
