// The app killed with SIGKILL in the middle of a job (no chance to clean up), then started again on the
// same SQLite file: every language resumes, nothing is posted twice and no project is created twice.
// The app runs as its own process (`node src/main.ts`), configured from the environment like production.
import { DubbingClient } from '@dubkit/core';
import { type FakeSlack, keyOf, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, drainedOnDisk, startAppProcess } from './test-support/app-process.ts';
import { LONG_WAIT_MS } from './test-support/people.ts';
import { testEnv } from './test-support/stage.ts';
import { expectFilesOnReplies, jobIdOf } from './test-support/threads.ts';

let stage: Stage<AppProcess>;
let slack: FakeSlack;

beforeAll(async () => {
  stage = await setStage({
    startApp: startAppProcess,
    env: testEnv({ logLevel: 'error' }),
    emulator: { speed: 12 },
  });
  slack = stage.slack;
});
afterAll(async () => {
  await stage?.close();
});

describe('a crash in the middle of a job', { timeout: 60_000 }, () => {
  it('resumes after SIGKILL without posting or creating anything twice', async () => {
    const channel = 'CCRASH';
    await stage.driver.command({ channel, user: 'U1', text: 'https://vimeo.com/4242 to es,de' });
    const card = await waitFor(
      () => slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:')),
      LONG_WAIT_MS,
      'the card',
    );
    const statuses = () => slack.thread(channel, card.ts).filter((m) => keyOf(m).startsWith('status:'));
    await waitFor(
      () => statuses().length === 2 && statuses().every((m) => m.history.length >= 2),
      LONG_WAIT_MS,
      'progress',
    );

    await stage.restartApp(); // SIGKILL, then `node src/main.ts` again on the same database

    const thread = await waitFor(
      () => {
        const messages = slack.thread(channel, card.ts);
        const files = messages.filter((m) => m.bot_id).flatMap((m) => m.files ?? []);
        return messages.filter((m) => keyOf(m).startsWith('dubbed:')).length === 2 && files.length === 4
          ? messages
          : undefined;
      },
      LONG_WAIT_MS,
      'both dubs after the restart',
    );
    // Count once the app has nothing left to post for the job, as its own database tells.
    const jobId = jobIdOf(card);
    await drainedOnDisk(stage, jobId);
    const keys = slack
      .callsOf('chat.postMessage')
      .filter((c) => c.args.channel === channel)
      .map((c) => JSON.parse(String(c.args.metadata)).event_payload.key as string);
    expect(new Set(keys).size).toBe(keys.length);
    expect(thread.filter((m) => keyOf(m).startsWith('status:'))).toHaveLength(2);
    expectFilesOnReplies(thread);
    const client = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken, env: {} });
    const page = await client.projects.list({ name: jobId, limit: 100 });
    expect(page.projects.map((p) => p.name).sort()).toEqual([
      expect.stringContaining(`dk-${jobId}-de-1`),
      expect.stringContaining(`dk-${jobId}-es-1`),
    ]);
  });
});
