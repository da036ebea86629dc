// The guard in front of Bolt, over real HTTP against the real app: bodies over 1 MiB are refused without being
// held (a chunked 5 MiB body with no Content-Length, and a declared 400 MB one), timestamps from the future
// are refused like stale ones, a bad signature is refused, and Slack's own signed requests still go through.
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { SIGNING_SECRET, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createLogger, type RunningApp, startServer } from './server.ts';
import { MAX_SLACK_BODY_BYTES, type RefusedRequest } from './slack/receiver.ts';
import { testEnv } from './test-support/stage.ts';

const refusals: RefusedRequest[] = [];
let stage: Stage<RunningApp>;

beforeAll(async () => {
  stage = await setStage({
    env: testEnv(),
    emulator: { speed: 20 },
    startApp: async (env) => {
      const config = loadConfig(env);
      return startServer(config, {
        logger: createLogger(config.logLevel),
        host: '127.0.0.1',
        onRefusedRequest: (refused) => refusals.push(refused),
      });
    },
  });
});
afterAll(async () => {
  await stage?.close();
});

function sign(timestamp: number, body: string, secret = SIGNING_SECRET) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

async function post(body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(eventsUrl(), { method: 'POST', body, headers });
  await response.arrayBuffer();
  return response.status;
}

function eventsUrl(): string {
  const url = stage.app.eventsUrl;
  if (!url) throw new Error('the app runs in HTTP mode here');
  return url;
}

const helpCommand = () =>
  new URLSearchParams({
    command: '/dub',
    text: 'help',
    user_id: 'U0ANA',
    channel_id: 'C0LOC',
    team_id: 'T0DUBKIT',
    trigger_id: 'trigger.1',
    response_url: stage.slack.responseUrl('C0LOC', 'U0ANA'),
  }).toString();
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Streams `total` bytes of garbage in 64 KiB chunks (chunked encoding: no Content-Length to judge by) and
 * resolves with the status as soon as the app answers, whether or not the whole body went out.
 */
function streamGarbage(total: number): Promise<{ status: number; sent: number }> {
  const url = new URL(eventsUrl());
  const now = Math.floor(Date.now() / 1000);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        'x-slack-request-timestamp': String(now),
        'x-slack-signature': 'v0=00',
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
    });
    // The app cuts the connection once it has answered: a failed write after that is expected (the promise is
    // settled by then); one before the answer means the answer was lost, and fails the test at once.
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x3c);
    const pump = () => {
      // Bounded: at most total / 64 KiB writes, pausing while the socket's buffer is full.
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('requests to /slack/events before Bolt reads them', () => {
  it('refuses a chunked 5 MiB body with 413 having read little more than the limit', async () => {
    refusals.length = 0;
    const { status } = await streamGarbage(5 * 1024 * 1024);
    expect(status).toBe(413);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.reason).toBe('too_large');
    // What the app took in: the limit plus at most one socket read, never the 5 MiB.
    expect(refusals[0]?.bytesRead).toBeGreaterThan(MAX_SLACK_BODY_BYTES);
    expect(refusals[0]?.bytesRead).toBeLessThan(MAX_SLACK_BODY_BYTES + 512 * 1024);
  });

  it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
    refusals.length = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(new URL(eventsUrl()), {
        method: 'POST',
        headers: { 'content-length': String(400 * 1024 * 1024), 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
    expect(refusals).toEqual([{ reason: 'too_large', bytesRead: 0 }]);
  });

  it('refuses a request signed with a timestamp from the future, as one from the past', async () => {
    refusals.length = 0;
    const body = helpCommand();
    for (const offset of [10 * 60, -10 * 60]) {
      const timestamp = Math.floor(Date.now() / 1000) + offset;
      const status = await post(body, {
        ...form,
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': sign(timestamp, body),
      });
      expect(status).toBe(401);
    }
    expect(refusals.map((r) => r.reason)).toEqual(['bad_timestamp', 'bad_timestamp']);
    expect(stage.slack.ephemerals).toHaveLength(0);
  });

  it('refuses a wrong signature and lets Slack signed requests through', async () => {
    refusals.length = 0;
    const timestamp = Math.floor(Date.now() / 1000);
    const helpCommandBody = helpCommand();
    const forged = await post(helpCommandBody, {
      ...form,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': sign(timestamp, helpCommandBody, 'not-the-secret'),
    });
    expect(forged).toBe(401);
    expect(refusals.map((r) => r.reason)).toEqual(['bad_signature']);

    expect(stage.slack.ephemerals).toHaveLength(0);
    const signed = await post(helpCommandBody, {
      ...form,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': sign(timestamp, helpCommandBody),
    });
    expect(signed).toBe(200);
    expect(refusals).toHaveLength(1);
    await waitFor(() => stage.slack.ephemerals.length === 1, 5_000, 'the help answer');
  });
});
