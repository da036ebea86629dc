// The deliverer against the fake Slack over HTTP: posts once, edits in place, and after a crash finds what
// it had already posted instead of posting it again.

import { FakeSlack, type SlackFaults, waitFor } from '@dubkit/slack-sandbox';
import { WebClient } from '@slack/web-api';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DubbingService } from '../dubbing/service.ts';
import type { Store } from '../store/store.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { Deliverer, type DelivererOptions } from './deliverer.ts';

const TOKEN = 'xoxb-test';
let temp: TempStore;
let store: Store;
let slack: FakeSlack;
let deliverer: Deliverer | undefined;

/** Only getSegments is used, for subtitle files. */
const service = {
  getSegments: async () => [
    {
      start: '00:00:00,000',
      end: '00:00:01,500',
      src: { text: 'Hello', lang: 'en' },
      dst: { text: 'Hola', lang: 'es' },
    },
  ],
} as unknown as DubbingService;

/** A Web API client as the app makes it: it never retries by itself and rejects 429s. */
const webClient = () =>
  new WebClient(TOKEN, {
    slackApiUrl: slack.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 1_000,
  });

/** The deliverer as the app builds it. */
function startDeliverer(
  owner: string,
  channelPaceMs = 0,
  settleMs = 300,
  more: Partial<Pick<DelivererOptions, 'onGaveUp' | 'retryBaseMs' | 'slack'>> = {},
) {
  deliverer = new Deliverer({
    ...more,
    slack: more.slack ?? webClient(),
    store,
    dubbing: service,
    logger: pino({ level: 'silent' }),
    channelPaceMs,
    settleMs,
    owner,
  });
  deliverer.start();
  return deliverer;
}

beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
  slack = await new FakeSlack({ botToken: TOKEN }).start();
});
afterEach(async () => {
  await deliverer?.stop();
  await slack.close();
  await temp.cleanup();
});

/** A job answered in the thread of a message dropped in `channel`. */
async function job(channel = 'C1') {
  const root = slack.postUserMessage({ channel, user: 'U1', text: 'video' });
  return (
    await store.createJob(
      {
        triggerKey: `msg:${channel}:${root.ts}`,
        channel,
        threadTs: root.ts,
        userId: 'U1',
        source: { kind: 'link', link: 'https://x.com/v' },
        title: 'v',
      },
      1,
    )
  ).job;
}

describe('Deliverer', () => {
  it('posts a status message once and then edits it in place', async () => {
    const { id } = await job();
    startDeliverer('a');
    await store.enqueue(
      { key: 'status:t', jobId: id, kind: 'status', inThread: true, payload: { text: 'one', blocks: [] } },
      1,
    );
    deliverer!.wake();
    await waitFor(async () => (await store.getDelivery('status:t'))?.state === 'done', 5000, 'the post');
    await store.enqueue(
      { key: 'status:t', jobId: id, kind: 'status', inThread: true, payload: { text: 'two', blocks: [] } },
      2,
    );
    deliverer!.wake();
    await waitFor(() => slack.callsOf('chat.update').length === 1, 5000, 'the edit');
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
    const [message] = slack.messages.filter((m) => m.bot_id);
    expect(message?.text).toBe('two');
    expect(message?.history.map((h) => h.text)).toEqual(['one']);
  });

  it('edits a reply only when its writer records a new payload after it was posted', async () => {
    const { id } = await job();
    startDeliverer('a');
    const reply = (text: string) => ({
      key: 'failed:t.1',
      jobId: id,
      kind: 'reply' as const,
      inThread: true,
      payload: { text, blocks: [] },
    });
    await store.enqueue(reply('failed, Retry'), 1);
    deliverer!.wake();
    await waitFor(async () => (await store.getDelivery('failed:t.1'))?.state === 'done', 5000, 'the post');
    // The same payload again is no news: nothing is written.
    await store.enqueue(reply('failed, Retry'), 2);
    await store.enqueue(reply('failed (retried)'), 3);
    deliverer!.wake();
    await waitFor(() => slack.callsOf('chat.update').length === 1, 5000, 'the edit');
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
    expect(slack.messages.find((m) => m.bot_id)?.text).toBe('failed (retried)');
  });

  it('finds a message posted before a crash by its key instead of posting it again', async () => {
    const { id } = await job();
    await store.enqueue(
      { key: 'dubbed:t.1', jobId: id, kind: 'reply', inThread: true, payload: { text: 'ready', blocks: [] } },
      1,
    );
    // A first process claims it, posts it, and dies before recording the answer.
    const [claim] = await store.claimWrites('dead', 1, 10, 10);
    const claimed = claim?.write;
    await store.markSending([claimed!.key], 1);
    const rootTs = (await store.getJob(id))!.threadTs!;
    await new WebClient(TOKEN, { slackApiUrl: slack.apiUrl }).chat.postMessage({
      channel: 'C1',
      thread_ts: rootTs,
      text: 'ready',
      metadata: { event_type: 'dubkit_delivery', event_payload: { key: claimed!.key } },
    });
    startDeliverer('b');
    await waitFor(
      async () => (await store.getDelivery('dubbed:t.1'))?.state === 'done',
      5000,
      'the recovery',
    );
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
    expect(slack.callsOf('conversations.replies')).toHaveLength(1);
    expect((await store.getDelivery('dubbed:t.1'))?.ts).toBe(slack.messages.find((m) => m.bot_id)?.ts);
  });

  it.each<[string, Partial<Pick<SlackFaults, 'rateLimits' | 'refusals'>>]>([
    ['answered 429', { rateLimits: [{ method: 'conversations.replies', times: 1, retryAfterSeconds: 1 }] }],
    ['refused (internal_error)', { refusals: [{ method: 'conversations.replies', times: 1 }] }],
  ])('keeps looking up a status message left being sent when the look-up is %s: never posts it twice', async (_, fault) => {
    const { id } = await job();
    const key = 'status:t.de';
    const status = { text: 'German: Uploading the video (0%)', blocks: [] };
    await store.enqueue({ key, jobId: id, kind: 'status', inThread: true, payload: status }, 1);
    // A first writer posts it (slowly), and its database goes away before the answer is recorded: the row is
    // left 'sending', with nothing else saying the post may have gone through.
    const [claim] = await store.claimWrites('cut-off', 1, 10, 10);
    await store.markSending([claim!.write!.key], 1);
    await new WebClient(TOKEN, { slackApiUrl: slack.apiUrl }).chat.postMessage({
      channel: 'C1',
      thread_ts: (await store.getJob(id))!.threadTs!,
      text: status.text,
      metadata: { event_type: 'dubkit_delivery', event_payload: { key } },
    });
    // The next writer's look-up fails once in a way that says the look-up did not happen.
    slack.faults.rateLimits.push(...(fault.rateLimits ?? []));
    slack.faults.refusals.push(...(fault.refusals ?? []));
    startDeliverer('b', 0, 300, { retryBaseMs: 50 });
    await waitFor(async () => (await store.getDelivery(key))?.state === 'done', 8000, 'the recovery');
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
    expect(slack.callsOf('conversations.replies')).toHaveLength(2);
    expect((await store.getDelivery(key))?.ts).toBe(slack.messages.find((m) => m.bot_id)?.ts);
  });

  it('uploads subtitles into the thread with the external upload flow, once', async () => {
    const { id } = await job();
    await store.enqueue(
      {
        key: 'files:t.1',
        jobId: id,
        kind: 'files',
        inThread: true,
        payload: { projectId: 'p', lang: 'es', baseName: 'v.es' },
      },
      1,
    );
    startDeliverer('a');
    await waitFor(async () => (await store.getDelivery('files:t.1'))?.state === 'done', 5000, 'the upload');
    expect(slack.callsOf('files.getUploadURLExternal')).toHaveLength(2);
    expect(slack.callsOf('files.completeUploadExternal')).toHaveLength(1);
    const files = slack.messages.flatMap((m) => m.files ?? []);
    expect(files.map((f) => f.name).sort()).toEqual(['v.es.srt', 'v.es.vtt']);
    const vtt = new TextDecoder().decode(files.find((f) => f.name === 'v.es.vtt')!.content);
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toContain('Hola');
  });

  it('attaches a render’s files uploaded by an earlier try rather than upload them again', async () => {
    const { id } = await job();
    await store.enqueue(
      {
        key: 'render:t.2',
        jobId: id,
        kind: 'render',
        inThread: true,
        payload: { text: 'render 2', blocks: [], files: { projectId: 'p', lang: 'es', baseName: 'v.es' } },
      },
      1,
    );
    // The attach fails after the upload went through (as a replica killed between the two would leave it).
    slack.faults.refusals.push({ method: 'chat.update', times: 1, error: 'internal_error' });
    startDeliverer('a', 0, 300, { retryBaseMs: 10 });
    await waitFor(async () => (await store.getDelivery('render:t.2'))?.state === 'done', 5000, 'the render');
    expect(slack.callsOf('chat.update')).toHaveLength(2);
    expect(slack.callsOf('files.completeUploadExternal')).toHaveLength(1);
    const [reply] = slack.messages.filter((m) => m.bot_id);
    expect(reply?.text).toBe('render 2');
    expect((reply?.files ?? []).map((f) => f.name).sort()).toEqual(['v.es.srt', 'v.es.vtt']);
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
  });

  it('waits for Slack after a 429 and still posts once', async () => {
    await slack.close();
    slack = await new FakeSlack({
      botToken: TOKEN,
      rateLimit: { method: 'chat.postMessage', times: 1, retryAfterSeconds: 1 },
    }).start();
    const { id } = await job();
    await store.enqueue(
      { key: 'started:j', jobId: id, kind: 'reply', inThread: true, payload: { text: 'go', blocks: [] } },
      1,
    );
    const started = Date.now();
    startDeliverer('a');
    await waitFor(async () => (await store.getDelivery('started:j'))?.state === 'done', 8000, 'the post');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(slack.messages.filter((m) => m.bot_id)).toHaveLength(1);
  });

  it('paces writes into one channel, keeping their order', async () => {
    const { id } = await job();
    for (const n of [1, 2, 3]) {
      await store.enqueue(
        {
          key: `reply:${n}`,
          jobId: id,
          kind: 'reply',
          inThread: true,
          payload: { text: `r${n}`, blocks: [] },
        },
        n,
      );
    }
    startDeliverer('a', 300);
    await waitFor(async () => (await store.getDelivery('reply:3'))?.state === 'done', 5000, 'three replies');
    const posts = slack.callsOf('chat.postMessage');
    expect(posts.map((c) => c.args.text)).toEqual(['r1', 'r2', 'r3']);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(280);
    expect(posts[2]!.at - posts[1]!.at).toBeGreaterThanOrEqual(280);
  });

  it('keeps writing into other channels while one waits out a 429', async () => {
    const first = await job('C1');
    const second = await job('C2');
    slack.faults.rateLimits.push({
      method: 'chat.postMessage',
      channel: 'C1',
      times: 1,
      retryAfterSeconds: 3,
    });
    const reply = (jobId: string, n: number) => ({
      key: `reply:${n}`,
      jobId,
      kind: 'reply' as const,
      inThread: true,
      payload: { text: `r${n}`, blocks: [] },
    });
    await store.enqueue(reply(first.id, 1), 1);
    const started = Date.now();
    startDeliverer('a');
    await waitFor(
      () => slack.calls.some((c) => c.method === 'chat.postMessage'),
      5000,
      'the first try in C1',
    );
    await store.enqueue(reply(second.id, 2), 2);
    deliverer!.wake();
    await waitFor(
      async () => (await store.getDelivery('reply:2'))?.state === 'done',
      5000,
      'the reply in C2',
    );
    const secondAt = Date.now() - started;
    await waitFor(
      async () => (await store.getDelivery('reply:1'))?.state === 'done',
      8000,
      'the reply in C1',
    );
    const firstAt = Date.now() - started;
    expect(secondAt).toBeLessThan(2_000);
    expect(firstAt).toBeGreaterThanOrEqual(2_900);
    expect(
      slack.messages
        .filter((m) => m.bot_id)
        .map((m) => m.text)
        .sort(),
    ).toEqual(['r1', 'r2']);
  });

  it('holds every channel of its workspace, and no other workspace, for the Retry-After of a per-workspace 429', async () => {
    const first = await job('C1');
    const second = await job('C2');
    // Another workspace: its own store view, Slack client and deliverer, as each tenant's graph has.
    const theirStore = temp.stores.tenant('T-OTHER');
    const root = slack.postUserMessage({ channel: 'C3', user: 'U1', text: 'video' });
    const { job: theirs } = await theirStore.createJob(
      {
        triggerKey: `msg:C3:${root.ts}`,
        channel: 'C3',
        threadTs: root.ts,
        userId: 'U1',
        source: { kind: 'link', link: 'https://x.com/v' },
        title: 'v',
      },
      1,
    );
    const status = (text: string) => ({
      key: 'status:1',
      jobId: first.id,
      kind: 'status' as const,
      inThread: true,
      payload: { text, blocks: [] },
    });
    const reply = (jobId: string, key: string) => ({
      key,
      jobId,
      kind: 'reply' as const,
      inThread: true,
      payload: { text: key, blocks: [] },
    });
    startDeliverer('a');
    const other = new Deliverer({
      store: theirStore,
      slack: webClient(),
      dubbing: service,
      logger: pino({ level: 'silent' }),
      channelPaceMs: 0,
      settleMs: 300,
      owner: 'b',
    });
    other.start();
    try {
      await store.enqueue(status('one'), 1);
      deliverer!.wake();
      await waitFor(async () => (await store.getDelivery('status:1'))?.state === 'done', 5000, 'the status');
      // chat.update is limited per workspace (Tier 3): Slack answers this edit 429 for 3 s.
      slack.faults.rateLimits.push({ method: 'chat.update', channel: 'C1', times: 1, retryAfterSeconds: 3 });
      await store.enqueue(status('two'), 2);
      deliverer!.wake();
      await waitFor(() => slack.callsOf('chat.update').length === 1, 5000, 'the edit answered 429');
      const limitedAt = Date.now();
      await store.enqueue(reply(second.id, 'ours:C2'), 3);
      await theirStore.enqueue(reply(theirs.id, 'theirs:C3'), 3);
      deliverer!.wake();
      other.wake();
      await waitFor(
        async () => (await theirStore.getDelivery('theirs:C3'))?.state === 'done',
        5000,
        'theirs',
      );
      const theirsAt = Date.now() - limitedAt;
      await waitFor(async () => (await store.getDelivery('ours:C2'))?.state === 'done', 8000, 'ours in C2');
      const oursAt = Date.now() - limitedAt;
      expect(theirsAt).toBeLessThan(2_000);
      expect(oursAt).toBeGreaterThanOrEqual(2_800);
      await waitFor(() => slack.messages.some((m) => m.text === 'two'), 5000, 'the edit made after the wait');
    } finally {
      await other.stop();
    }
  });

  it('is not held by a 429 on a method it does not call, made with the same client', async () => {
    const { id } = await job('C1');
    const client = webClient();
    startDeliverer('a', 0, 300, { slack: client });
    slack.faults.rateLimits.push({ method: 'conversations.members', times: 1, retryAfterSeconds: 3 });
    await expect(client.conversations.members({ channel: 'C1' })).rejects.toMatchObject({
      code: 'slack_webapi_rate_limited_error',
    });
    const limitedAt = Date.now();
    await store.enqueue(
      { key: 'reply:1', jobId: id, kind: 'reply', inThread: true, payload: { text: 'r1', blocks: [] } },
      1,
    );
    deliverer!.wake();
    await waitFor(async () => (await store.getDelivery('reply:1'))?.state === 'done', 5000, 'the reply');
    expect(Date.now() - limitedAt).toBeLessThan(2_000);
  });

  it('after a per-workspace 429 and its wait, writes its channels one at a time, not all at once', async () => {
    const channels = ['C1', 'C2', 'C3', 'C4'];
    const jobs = new Map<string, string>();
    for (const channel of channels) jobs.set(channel, (await job(channel)).id);
    const status = (channel: string, text: string) => ({
      key: `status:${channel}`,
      jobId: jobs.get(channel)!,
      kind: 'status' as const,
      inThread: true,
      payload: { text, blocks: [] },
    });
    startDeliverer('a');
    for (const channel of channels) await store.enqueue(status(channel, 'one'), 1);
    deliverer!.wake();
    await waitFor(() => slack.callsOf('chat.postMessage').length === 4, 5000, 'the four statuses');
    slack.faults.rateLimits.push({ method: 'chat.update', channel: 'C1', times: 1, retryAfterSeconds: 1 });
    await store.enqueue(status('C1', 'two'), 2);
    deliverer!.wake();
    await waitFor(() => slack.callsOf('chat.update').length === 1, 5000, 'the edit answered 429');
    // Each edit now takes Slack 100 ms: edits sent together arrive together, edits one at a time 100 ms apart.
    slack.faults.random = { seed: 1, methods: ['chat.update'], delayMs: 100 };
    for (const channel of channels.slice(1)) await store.enqueue(status(channel, 'two'), 2);
    deliverer!.wake();
    await waitFor(() => slack.messages.filter((m) => m.text === 'two').length === 4, 8000, 'the four edits');
    const arrivals = slack
      .callsOf('chat.update')
      .slice(1)
      .map((call) => call.at)
      .sort((a, b) => a - b);
    expect(arrivals).toHaveLength(4);
    for (let i = 1; i < arrivals.length; i++)
      expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(90);
  });

  it('never posts twice when an answer is lost: it looks the post up once an earlier try can no longer land', async () => {
    const { id } = await job();
    slack.faults.lostAnswers.push({ method: 'chat.postMessage', times: 1 });
    await store.enqueue(
      { key: 'dubbed:x.1', jobId: id, kind: 'reply', inThread: true, payload: { text: 'ready', blocks: [] } },
      1,
    );
    startDeliverer('a', 0, 600);
    await waitFor(async () => (await store.getDelivery('dubbed:x.1'))?.state === 'done', 8000, 'the reply');
    const lookups = slack.callsOf('conversations.replies');
    const post = slack.callsOf('chat.postMessage')[0]!;
    expect(slack.callsOf('chat.postMessage')).toHaveLength(1);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.at - post.at).toBeGreaterThanOrEqual(580);
    expect(slack.messages.filter((m) => m.bot_id && m.text === 'ready')).toHaveLength(1);
    expect((await store.getDelivery('dubbed:x.1'))?.ts).toBe(
      slack.messages.find((m) => m.text === 'ready')?.ts,
    );
  });

  it('ends a write Slack keeps refusing after three tries, and says so in the thread once', async () => {
    const { id } = await job();
    // An empty file: Slack answers invalid_arguments to its upload URL, every time.
    await store.enqueue(
      {
        key: 'export:g',
        jobId: id,
        kind: 'file',
        inThread: true,
        payload: { filename: 'glossary.csv', content: '', comment: 'The glossary' },
      },
      1,
    );
    startDeliverer('a');
    await waitFor(async () => (await store.getDelivery('export:g'))?.state === 'done', 10_000, 'the end');
    await waitFor(
      () => slack.messages.some((m) => m.bot_id && m.text.includes('glossary.csv')),
      5000,
      'the line',
    );
    expect(slack.callsOf('files.getUploadURLExternal')).toHaveLength(3);
    const lines = slack.messages.filter((m) => m.bot_id);
    expect(lines.map((m) => m.text)).toHaveLength(1);
    expect(lines[0]!.text).toMatch(
      /^glossary\.csv could not be attached: Slack refused the file \(Slack answered `invalid_arguments`; request id `r-[0-9a-f]{8}`\)\.$/,
    );
    expect(lines[0]!.thread_ts).toBe((await store.getJob(id))!.threadTs);
  });

  it('ends a write Slack answers internal_error after its tries, or a plain HTTP 400 after three; each counted', async () => {
    const { id } = await job();
    const gaveUp: string[] = [];
    await store.enqueue(
      { key: 'dubbed:a.1', jobId: id, kind: 'reply', inThread: true, payload: { text: 'a', blocks: [] } },
      1,
    );
    // Slack's trouble is tried longer than a refusal of the request itself, but not forever.
    slack.faults.refusals.push({ method: 'chat.postMessage', times: 8, error: 'internal_error' });
    startDeliverer('a', 0, 300, { retryBaseMs: 10, onGaveUp: (code) => gaveUp.push(code) });
    await waitFor(async () => (await store.getDelivery('dubbed:a.1'))?.state === 'done', 10_000, 'a ends');
    expect(gaveUp).toEqual(['internal_error']);
    expect(slack.messages.some((m) => m.text === 'a')).toBe(false);
    await waitFor(
      () => slack.messages.some((m) => m.bot_id && m.text.startsWith('A reply could not be posted')),
      5000,
      'the line',
    );

    gaveUp.length = 0;
    await store.enqueue(
      { key: 'dubbed:c.1', jobId: id, kind: 'reply', inThread: true, payload: { text: 'c', blocks: [] } },
      1,
    );
    const posts = slack.callsOf('chat.postMessage').length;
    slack.faults.refusals.push({ method: 'chat.postMessage', times: 3, status: 400 });
    deliverer!.wake();
    await waitFor(async () => (await store.getDelivery('dubbed:c.1'))?.state === 'done', 10_000, 'c ends');
    expect(gaveUp).toEqual(['http_400']);
    await waitFor(
      () => slack.messages.filter((m) => m.bot_id && m.text.includes('`http_400`')).length === 1,
      5000,
      'its line',
    );
    // Three tries of the reply, one post of the line.
    expect(slack.callsOf('chat.postMessage').length - posts).toBe(4);
    expect(slack.messages.some((m) => m.text === 'c')).toBe(false);
  });

  it('never uploads an empty subtitle file: the thread is told there are no lines', async () => {
    await deliverer?.stop();
    const { id } = await job();
    await store.enqueue(
      {
        key: 'files:e.1',
        jobId: id,
        kind: 'files',
        inThread: true,
        payload: { projectId: 'p', lang: 'de', baseName: 'v.de' },
      },
      1,
    );
    deliverer = new Deliverer({
      store,
      slack: new WebClient(TOKEN, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } }),
      dubbing: { getSegments: async () => [] } as unknown as DubbingService,
      logger: pino({ level: 'silent' }),
      channelPaceMs: 0,
      settleMs: 300,
      owner: 'a',
    });
    deliverer.start();
    await waitFor(() => slack.messages.some((m) => m.bot_id), 5000, 'the line');
    expect(slack.callsOf('files.getUploadURLExternal')).toHaveLength(0);
    expect(slack.messages.filter((m) => m.bot_id).map((m) => m.text)).toEqual([
      'No German subtitle files: the translation has no lines left.',
    ]);
  });

  it('never uploads again a file Slack accepted in an earlier try', async () => {
    const { id } = await job();
    await store.enqueue(
      {
        key: 'files:t.2',
        jobId: id,
        kind: 'files',
        inThread: true,
        payload: { projectId: 'p', lang: 'es', baseName: 'v.es' },
      },
      1,
    );
    // An earlier try failed after Slack had taken the .srt.
    await store.deferDelivery('files:t.2', 0, { uncertain: false, failed: true });
    const threadTs = (await store.getJob(id))!.threadTs!;
    await new WebClient(TOKEN, { slackApiUrl: slack.apiUrl }).filesUploadV2({
      channel_id: 'C1',
      thread_ts: threadTs,
      file_uploads: [{ file: Buffer.from('1\n00:00:00,000 --> 00:00:01,500\nHola\n'), filename: 'v.es.srt' }],
    });
    const before = slack.callsOf('files.getUploadURLExternal').length;
    startDeliverer('a');
    await waitFor(async () => (await store.getDelivery('files:t.2'))?.state === 'done', 5000, 'the upload');
    expect(slack.callsOf('files.getUploadURLExternal').length - before).toBe(1);
    const names = slack.messages.flatMap((m) => m.files ?? []).map((f) => f.name);
    expect(names.sort()).toEqual(['v.es.srt', 'v.es.vtt']);
  });
});
