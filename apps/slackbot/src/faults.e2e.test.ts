// Issue 12: nothing acknowledged is lost, nothing is posted twice — under the dubbing service's faults, Slack's
// faults and crashes. Over real HTTP, with the app as its own process (so that a crash is a SIGKILL, no clean-up):
// several /dub commands and mentions over three channels while the emulator answers 500/503, 429 and resets
// with latency, and the fake Slack answers 429 (at random and as a storm on one channel), 500, slowly, and
// acts on some writes without answering; for the scene's first 20 s Slack answers every conversations.members
// and conversations.info with 429 and 500 (issue 35: a command or click is never refused because Slack's
// member list is busy). The app is killed right after a /dub is acknowledged, while a project creation is in
// flight, and after Slack acted on a post but before it answered; then the faults are cleared. Every trigger must end as one job with one dubbed reply and two subtitle files per language in
// its thread, no message or file twice, and no project created twice.
import { DubbingClient } from '@dubkit/core';
import {
  type FakeSlack,
  keyOf,
  type RecordedCall,
  type SlackMessage,
  type SlackOutage,
  type Stage,
  setStage,
  waitFor,
} from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openStore } from './store/open.ts';
import type { Store, Stores } from './store/store.ts';
import { type AppProcess, startAppProcess } from './test-support/app-process.ts';
import { LONG_WAIT_MS } from './test-support/people.ts';
import { drained, testEnv } from './test-support/stage.ts';

/** A write whose answer was lost is looked up once an earlier try can no longer land: this + 2 s. */
const SLACK_WRITE_TIMEOUT_MS = 1_000;

// The outbox's writes and their look-ups get Slack's random faults; what the app asks Slack about channels
// gets the outage below.
const FAULTY_METHODS = [
  'chat.postMessage',
  'chat.update',
  'conversations.replies',
  'files.getUploadURLExternal',
  'files.completeUploadExternal',
];

/** What the app asks about channels: who is in one, whether it may post there. */
const CHANNEL_METHODS = ['conversations.members', 'conversations.info'];
const CHANNEL_OUTAGE_MS = 20_000;

let stage: Stage<AppProcess>;
let slack: FakeSlack;
/** The app's database opened beside it (read only by the test), across restarts. */
let readerStores: Stores;
let reader: Store;
/** Exits of the app that the test did not cause with SIGKILL. */
const ownExits: string[] = [];
/** Every app process started, to read what their last-resort guards logged. */
const started: AppProcess[] = [];

/** Starts the app's process and notes any exit that is not a SIGKILL: the app must never stop by itself. */
async function startWatched(env: Record<string, string>): Promise<AppProcess> {
  const app = await startAppProcess(env);
  started.push(app);
  app.child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') ownExits.push(`code ${code}, signal ${signal}`);
  });
  return app;
}

beforeAll(async () => {
  stage = await setStage({
    startApp: startWatched,
    env: {
      ...testEnv({ logLevel: 'fatal', channelPaceMs: 20 }),
      SLACK_WRITE_TIMEOUT_MS: String(SLACK_WRITE_TIMEOUT_MS),
    },
    // About 2 s for a whole dub, so that the scene's jobs overlap with the faults and the crashes.
    emulator: { speed: 24 },
  });
  slack = stage.slack;
  readerStores = await openStore(loadConfig(stage.env).store);
  reader = readerStores.tenant(stage.slack.teamId);
});
afterAll(async () => {
  await readerStores?.close();
  await stage?.close();
});

/** The service's faults for most of the scene: errors, resets, a rare 429 (it pauses the app's whole budget), latency. */
const serviceFaults = () =>
  stage.emulator.faults.set({
    errorRate: 0.08,
    resetRate: 0.03,
    rateLimitRate: 0.004,
    retryAfterSeconds: 1,
    latencyMs: [0, 40],
  });

/** Slack's faults: random 429s, 500s and delays (seeded), lost answers, and a 429 storm on one channel. */
function slackFaults(): void {
  slack.faults.random = {
    seed: 12,
    methods: FAULTY_METHODS,
    rateLimitRate: 0.06,
    retryAfterSeconds: 1,
    errorRate: 0.08,
    delayMs: [0, 120],
  };
  slack.faults.lostAnswers.push(
    { method: 'chat.postMessage', times: 2 },
    { method: 'chat.update', times: 2 },
    { method: 'files.completeUploadExternal', times: 1 },
  );
  // A storm on CF2's posts (edits there may all be folded into the first post of their status, so they are
  // not counted on): its writes wait, the other channels' do not.
  slack.faults.rateLimits.push({
    method: 'chat.postMessage',
    channel: 'CF2',
    times: 8,
    retryAfterSeconds: 1,
  });
}

function clearFaults(): void {
  stage.emulator.faults.clear();
  slack.faults.outages.length = 0;
  slack.faults.random = undefined;
  slack.faults.lostAnswers.length = 0;
  slack.faults.rateLimits.length = 0;
}

/** SIGKILL now, then the app again on the same database (restartApp stops a process already killed at once). */
async function crash(): Promise<void> {
  await stage.restartApp();
}

/** The one job a user started (each trigger of the scene has its own user), once recorded. */
async function jobOf(user: string) {
  const jobs = await waitFor(
    async () => {
      const recent = await reader.recentJobs(user, 10);
      return recent.length > 0 ? recent : undefined;
    },
    LONG_WAIT_MS,
    `${user}'s job`,
  );
  return jobs;
}

/** A user's message mentioning the app with a link; its card comes in the message's thread. */
async function mention(channel: string, user: string, link: string) {
  const drop = slack.postUserMessage({ channel, user, text: `<@${slack.botUserId}> please <${link}>` });
  await stage.driver.mention(drop);
  return drop;
}

/** Start clicked on a mention's card, once the card is there. */
async function startMentioned(drop: SlackMessage, langs: string[]): Promise<void> {
  const card = await waitFor(
    () => slack.thread(drop.channel, drop.ts).find((m) => keyOf(m).startsWith('card:')),
    LONG_WAIT_MS,
    `the card for ${drop.user}`,
  );
  const res = await stage.driver.click({
    message: card,
    actionId: 'job_start',
    user: drop.user,
    selections: { job_dst: langs },
  });
  expect(res.status).toBe(200);
}

describe('faults and crashes', { timeout: 120_000 }, () => {
  it('every acknowledged trigger is dubbed once: one job, one reply and two files per language, no project twice', async () => {
    serviceFaults();
    slackFaults();
    const outage: SlackOutage = {
      methods: CHANNEL_METHODS,
      until: Date.now() + CHANNEL_OUTAGE_MS,
      retryAfterSeconds: 1,
    };
    slack.faults.outages.push(outage);
    const expected = new Map<string, string[]>(); // user → languages

    const command = async (channel: string, user: string, link: string, langs: string[]) => {
      expected.set(user, langs);
      const res = await stage.driver.command({ channel, user, text: `${link} to ${langs.join(',')}` });
      expect(res.status).toBe(200);
      expect(res.body, `${user}'s /dub answer`).not.toMatch(/could not|try again/i);
    };
    await command('CF1', 'UC1', 'https://vimeo.com/1201', ['es', 'de']);
    await command('CF2', 'UC2', 'https://vimeo.com/1202', ['fr']);
    await command('CF3', 'UC3', 'https://vimeo.com/1203', ['es']);
    expected.set('UM1', ['it']);
    const m1 = await mention('CF1', 'UM1', 'https://vimeo.com/1204');
    expected.set('UM2', ['ja', 'de']);
    const m2 = await mention('CF3', 'UM2', 'https://vimeo.com/1205');

    // Crash 1: right after a /dub is acknowledged. It was recorded before the ack, so it must still run.
    await command('CF2', 'UK1', 'https://vimeo.com/1206', ['pt']);
    await crash();

    await startMentioned(m1, ['it']);
    await startMentioned(m2, ['ja', 'de']);

    // Crash 2: while a project creation is in flight. Creations are held 1.5 s by the emulator; the kill
    // comes once the app has recorded its intent to create (and not yet the project it got back).
    stage.emulator.faults.set({ latencyMs: 1_500, paths: ['/v2/projects'] });
    await command('CF3', 'UK2', 'https://vimeo.com/1207', ['ko']);
    const [creating] = await jobOf('UK2');
    await waitFor(
      async () => {
        const [target] = await reader.targetsOf(creating!.id);
        return target?.createIntentAt != null && target.projectId === null;
      },
      LONG_WAIT_MS,
      'a project creation in flight',
    );
    await crash();
    serviceFaults();

    // Crash 3: Slack acted on a post (the card of a new /dub, or whichever post comes next) but the app is
    // killed before it hears the answer: after the restart it must find the message instead of posting again.
    // Armed once the /dub is acknowledged, so that the kill does not cut the command's own request.
    await command('CF1', 'UK3', 'https://vimeo.com/1208', ['es']);
    slack.faults.lostAnswers.push({ method: 'chat.postMessage', times: 1 });
    const lost = new Promise<string>((resolve) => {
      const onLost = (call: RecordedCall) => {
        if (call.method !== 'chat.postMessage') return; // an edit's lost answer, armed earlier
        slack.off('lostAnswer', onLost);
        stage.app.child.kill('SIGKILL');
        resolve(String(JSON.parse(String(call.args.metadata)).event_payload.key));
      };
      slack.on('lostAnswer', onLost);
    });
    const lostKey = await Promise.race([
      lost,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no post lost within 30 s')), LONG_WAIT_MS).unref(),
      ),
    ]);
    expect(lostKey).not.toBe('');
    await crash();

    // The one-shot faults (lost answers, the storm on CF2) must all have been played before the faults end,
    // or the scene would not have tested them.
    await waitFor(
      () => [...slack.faults.lostAnswers, ...slack.faults.rateLimits].every((f) => f.times === 0),
      LONG_WAIT_MS,
      'every lost answer and 429 of the storm to be played',
    );
    clearFaults();
    // The outage was met (the /dub commands' channels were asked about during it), and nobody was told that
    // something could not be checked or to try again.
    console.info(`conversations.members/info answered 429 or 500 ${outage.served ?? 0} times in the outage`);
    expect(outage.served ?? 0).toBeGreaterThan(0);
    expect(slack.ephemerals.filter((e) => /could not be checked|try again/i.test(e.text))).toEqual([]);

    // Every trigger gave exactly one job; wait for each to have nothing left to deliver or track.
    const jobs = new Map<string, { id: string; channel: string }>();
    for (const user of expected.keys()) {
      const found = await jobOf(user);
      expect(found, `${user}'s jobs`).toHaveLength(1);
      jobs.set(user, found[0]!);
    }
    for (const job of jobs.values()) await drained(() => reader, job.id, 60_000);
    expect(slack.messages.some((m) => keyOf(m) === lostKey)).toBe(true);

    // No message twice anywhere: each delivery key is on one message.
    const keys = slack.messages.map(keyOf).filter((key) => key !== '');
    expect(
      keys.length - new Set(keys).size,
      `messages posted twice ${keys.filter((k, i) => keys.indexOf(k) !== i)}`,
    ).toBe(0);
    const client = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken, env: {} });
    for (const [user, langs] of expected) {
      const job = jobs.get(user)!;
      const card = slack.messages.filter((m) => keyOf(m) === `card:${job.id}`);
      expect(card, `${user}'s card`).toHaveLength(1);
      const root = card[0]!.thread_ts ?? card[0]!.ts;
      const thread = slack.thread(job.channel, root);
      const targets = await reader.targetsOf(job.id);
      expect(targets.map((t) => t.dstLang).sort()).toEqual([...langs].sort());
      const projects = (await client.projects.list({ name: `dk-${job.id}-`, limit: 100 })).projects;
      for (const target of targets) {
        expect(target.status, `${user} ${target.dstLang}`).toBe('merging_done');
        expect(thread.filter((m) => keyOf(m) === `status:${target.id}`)).toHaveLength(1);
        const replies = thread.filter((m) => keyOf(m) === `dubbed:${target.id}.${target.attempt}`);
        expect(replies, `${user} ${target.dstLang} dubbed reply`).toHaveLength(1);
        const files = thread
          .filter((m) => m.bot_id)
          .flatMap((m) => m.files ?? [])
          .map((f) => f.name)
          .filter(
            (name) => name.endsWith(`.${target.dstLang}.srt`) || name.endsWith(`.${target.dstLang}.vtt`),
          );
        expect(files.map((name) => name.slice(-3)).sort(), `${user} ${target.dstLang} files`).toEqual([
          'srt',
          'vtt',
        ]);
        const tag = `[dk-${job.id}-${target.dstLang}-${target.attempt}]`;
        expect(
          projects.filter((p) => p.name.includes(tag)),
          tag,
        ).toHaveLength(1);
      }
      // Nothing else created for the job: one project per language.
      expect(projects, `${user}'s projects`).toHaveLength(targets.length);
    }
    // Every file the app shared is there once in its channel.
    for (const channel of ['CF1', 'CF2', 'CF3']) {
      const names = slack.messages
        .filter((m) => m.channel === channel && m.bot_id)
        .flatMap((m) => m.files ?? [])
        .map((f) => f.name);
      expect(names.length - new Set(names).size, `files shared twice in ${channel}`).toBe(0);
    }
    expect(ownExits).toEqual([]);
    expect(started.flatMap((app) => app.lastResorts)).toEqual([]);
    expect(stage.app.child.exitCode).toBeNull();
  });
});
