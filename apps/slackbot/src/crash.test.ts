// The app killed with SIGKILL in the middle of a job (no chance to clean up), then started again on the
// same SQLite file: every language resumes, nothing is posted twice and no project is created twice.
// The app runs as its own process (`node src/main.ts`), configured from the environment like production.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DubbingClient } from '@dubkit/core';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack, type SlackMessage } from './demo/fake-slack.ts';
import { SlackDriver } from './demo/slack-driver.ts';
import { waitFor } from './demo/stage.ts';

const SECRET = 'crash-secret';
const BOT = 'xoxb-crash';
const WAIT_MS = 25_000;

let emulator: Emulator;
let slack: FakeSlack;
let dir: string;
let port: number;
let app: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/** Starts `node src/main.ts` and waits until it answers on /slack/events. */
async function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
    env: {
      PATH: process.env.PATH,
      SLACK_BOT_TOKEN: BOT,
      SLACK_SIGNING_SECRET: SECRET,
      PORT: String(port),
      SLACK_API_URL: slack.apiUrl,
      DUBKIT_BASE_URL: emulator.url,
      DUBKIT_TOKEN: 'crash-token',
      DATABASE_URL: `sqlite:${join(dir, 'dubkit.db')}`,
      POLL_MIN_MS: '40',
      POLL_MAX_MS: '250',
      SERVICE_REQUESTS_PER_SECOND: '200',
      SLACK_CHANNEL_PACE_MS: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await untilListening(child);
  return child;
}

/** Waits (at most 15 s) until the app answers on its port; fails at once if it exited. */
async function untilListening(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}/slack/events`, {
      method: 'POST',
      body: '{}',
    }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out after 15000 ms waiting for the app to listen');
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, tokens: ['crash-token'], speed: 12 });
  slack = await new FakeSlack({ botToken: BOT }).start();
  dir = mkdtempSync(join(tmpdir(), 'dubkit-crash-'));
  port = await freePort();
});
afterAll(async () => {
  app?.kill('SIGKILL');
  await slack.close();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const keyOf = (m: SlackMessage) => String(m.metadata?.event_payload.key ?? '');

describe('a crash in the middle of a job', { timeout: 60_000 }, () => {
  it('resumes after SIGKILL without posting or creating anything twice', async () => {
    app = await startApp();
    const driver = new SlackDriver({
      eventsUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret: SECRET,
      slack,
    });
    const channel = 'CCRASH';
    await driver.command({ channel, user: 'U1', text: 'https://vimeo.com/4242 to es,de' });
    const card = await waitFor(
      () => slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:')),
      WAIT_MS,
      'the card',
    );
    const statuses = () => slack.thread(channel, card.ts).filter((m) => keyOf(m).startsWith('status:'));
    await waitFor(
      () => statuses().length === 2 && statuses().every((m) => m.history.length >= 2),
      WAIT_MS,
      'progress',
    );

    app.kill('SIGKILL');
    await new Promise((resolve) => app!.once('exit', resolve));
    app = await startApp();

    const thread = await waitFor(
      () => {
        const messages = slack.thread(channel, card.ts);
        const files = messages.filter((m) => m.bot_id).flatMap((m) => m.files ?? []);
        return messages.filter((m) => keyOf(m).startsWith('dubbed:')).length === 2 && files.length === 4
          ? messages
          : undefined;
      },
      WAIT_MS,
      'both dubs after the restart',
    );
    const keys = slack
      .callsOf('chat.postMessage')
      .filter((c) => c.args.channel === channel)
      .map((c) => JSON.parse(String(c.args.metadata)).event_payload.key as string);
    expect(new Set(keys).size).toBe(keys.length);
    expect(thread.filter((m) => keyOf(m).startsWith('status:'))).toHaveLength(2);
    expect(
      slack.callsOf('files.completeUploadExternal').filter((c) => c.args.channel_id === channel),
    ).toHaveLength(2);
    const jobId = keyOf(card).slice('card:'.length);
    const client = new DubbingClient({ baseUrl: emulator.url, token: 'crash-token', env: {} });
    const page = await client.projects.list({ name: jobId, limit: 100 });
    expect(page.projects.map((p) => p.name).sort()).toEqual([
      expect.stringContaining(`dk-${jobId}-de-1`),
      expect.stringContaining(`dk-${jobId}-es-1`),
    ]);
  });
});
