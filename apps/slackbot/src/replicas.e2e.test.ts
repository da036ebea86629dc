// Three replicas of the app on one PostgreSQL database, behind a round-robin proxy, while things break:
// PostgreSQL stopped while the jobs' starts are in flight, replicas SIGKILLed in turn and started again,
// PostgreSQL restarted again mid-run. No replica ends itself (nor logs its last-resort guard). Jobs are started through
// different replicas (the proxy spreads the commands). Asserted from the outside: every job's two dubs are
// delivered once, in the job's own thread; no Slack message is posted twice, no project created twice; no
// project was polled by two replicas within one polling interval (from the emulator's record of reads); and a
// command or a mention sent while the database is down is answered "busy, try again" rather than lost. The
// commands arrive while Slack answers conversations.members and conversations.info with 429 and 500 (for
// CHANNEL_OUTAGE_MS): none is refused or told to try again for it, and each starts once Slack answers.
//
// This test runs its own PostgreSQL server (not the run's shared one) because it restarts it.
import { DubbingClient } from '@dubkit/core';
import {
  keyOf,
  type SlackMessage,
  type SlackOutage,
  type Stage,
  setStage,
  waitFor,
} from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY } from './access/busy.ts';
import { type PostgresServer, startPostgres } from './test-support/postgres-server.ts';
import { type Replicas, startReplicas } from './test-support/replicas.ts';
import { testEnv } from './test-support/stage.ts';
import { expectFilesOnReplies } from './test-support/threads.ts';

const REPLICAS = 3;
const JOBS = 6;
const POLL_MIN_MS = 300;
// A dub takes about a minute at speed 1: ~50 s here, stages of 3–7 s, several polls each, long enough that
// every job is still under way when the database restarts.
const SPEED = 1.2;
// A poll or a start cut short by a kill leaves its row leased until the lease ends (15 s, renewed only by a
// live holder) before another replica takes it.
const END_WAIT_MS = 60_000;
/** How long PostgreSQL stays stopped while the starts are in flight. */
const OUTAGE_MS = 6_000;
/** How long Slack cannot say who is in a channel, or whether the app may post there, as the commands come. */
const CHANNEL_OUTAGE_MS = 10_000;

let postgres: PostgresServer;
let stage: Stage<Replicas>;

beforeAll(async () => {
  // Kept across stop/start: the restart mid-run must find the data where it was.
  postgres = await startPostgres({ persistent: true });
  stage = await setStage({
    startApp: (env) => startReplicas(env, REPLICAS),
    env: {
      ...testEnv({ logLevel: 'fatal', pollMinMs: POLL_MIN_MS, pollMaxMs: 1000 }),
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '4',
      // Each project polled on its own: what this run proves is one replica at a time per project's poll
      // (list sweeps, one replica at a time per sweep, are proven in track-sweep.test.ts and the store contract).
      TRACKER_SWEEP_MS: '0',
    },
    emulator: { speed: SPEED },
  });
}, 120_000);

afterAll(async () => {
  await stage?.close();
  await postgres?.close();
});

describe(
  'three replicas on PostgreSQL, replicas killed and the database restarted',
  { timeout: 200_000 },
  () => {
    it('delivers every job once, in its thread, polling each project from one replica at a time', async () => {
      const { slack, driver } = stage;
      const replicas = stage.app;
      const channels = Array.from({ length: JOBS }, (_, i) => `CREP${i}`);
      const outage: SlackOutage = {
        methods: ['conversations.members', 'conversations.info'],
        until: Date.now() + CHANNEL_OUTAGE_MS,
        retryAfterSeconds: 1,
      };
      slack.faults.outages.push(outage);
      for (const [i, channel] of channels.entries()) {
        const answer = await driver.command({
          channel,
          user: 'U1',
          text: `https://vimeo.com/77${i} to es,de`,
        });
        expect(answer.body).not.toMatch(/could not|try again/i);
      }
      // The proxy handed the commands out in turn: every replica started some of the jobs.
      expect(new Set(replicas.served).size).toBe(REPLICAS);

      // The database goes away while the starts are in flight (the first card is out, projects are being
      // made): each start fails, and so does recording its failure. The replicas stay up and start the jobs
      // once it is back, none twice.
      const client = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken, env: {} });
      await waitFor(() => slack.messages.some((m) => keyOf(m).startsWith('card:')), 30_000, 'the first card');
      await postgres.stop();
      expect((await client.projects.list({ limit: 100 })).projects.length).toBeLessThan(JOBS * 2);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await postgres.start();

      const cardOf = (channel: string) =>
        slack.messages.find((m) => m.channel === channel && keyOf(m).startsWith('card:'));
      const statusesOf = (card: SlackMessage) =>
        slack.thread(card.channel, card.ts).filter((m) => keyOf(m).startsWith('status:'));
      const editsSoFar = () =>
        channels.reduce((sum, channel) => {
          const card = cardOf(channel);
          return sum + (card ? statusesOf(card).reduce((n, m) => n + m.history.length, 0) : 0);
        }, 0);
      // Every job started (its projects made, its languages polled) before replicas are killed.
      await waitFor(
        () =>
          channels.every((channel) => {
            const card = cardOf(channel);
            return (
              card && statusesOf(card).length === 2 && statusesOf(card).every((m) => m.history.length >= 2)
            );
          }),
        60_000,
        'every job started and polled',
      );

      /** Waits until the threads moved on by a few status edits (the survivors carry on). */
      const progress = async (what: string) => {
        const from = editsSoFar();
        await waitFor(() => editsSoFar() >= from + 3, 30_000, what);
      };

      await replicas.kill(0);
      await progress('progress with replica 0 dead');
      await replicas.restart(0);
      await replicas.kill(1);
      await progress('progress with replica 1 dead');
      await replicas.restart(1);

      // The database goes away: a command is answered busy (nothing recorded, so nothing started), not lost.
      await postgres.stop();
      const ephemeralsBefore = slack.ephemerals.length;
      const command = await driver.command({
        channel: 'CREPBUSY',
        user: 'U2',
        text: 'https://vimeo.com/999 to es',
      });
      // Said in the command's ack itself, the one answer that cannot be lost.
      expect(JSON.parse(command.body || '{}')).toEqual({ response_type: 'ephemeral', text: BUSY });
      // So is a link mentioning the app (Bolt acked the event already, so Slack will not send it again): the
      // sender is told, to them only, in the message's thread.
      const drop = slack.postUserMessage({
        channel: 'CREPBUSY',
        user: 'U3',
        text: `<@${slack.botUserId}> <https://vimeo.com/998|vimeo.com/998>`,
      });
      await driver.mention(drop);
      await waitFor(
        () =>
          slack.ephemerals
            .slice(ephemeralsBefore)
            .find((e) => e.user === 'U3' && e.via === 'chat.postEphemeral' && e.text === BUSY),
        15_000,
        'the busy answer to a mention',
      );
      await postgres.start();
      // The replicas resume by themselves (their loops back off and retry): no restart needed.
      await progress('progress after the database came back');

      await replicas.kill(2);
      await progress('progress with replica 2 dead');
      await replicas.restart(2);

      const done = (channel: string) => {
        const card = cardOf(channel);
        if (!card) return false;
        const thread = slack.thread(channel, card.ts);
        const files = thread.filter((m) => m.bot_id).flatMap((m) => m.files ?? []);
        return thread.filter((m) => keyOf(m).startsWith('dubbed:')).length === 2 && files.length === 4;
      };
      await waitFor(() => channels.every(done), END_WAIT_MS, 'every job delivered');

      // Once: every posted message under its own key, each job's replies in its card's thread, one card each.
      const posted = slack.callsOf('chat.postMessage').map((c) => ({
        channel: String(c.args.channel),
        threadTs: c.args.thread_ts === undefined ? null : String(c.args.thread_ts),
        key: JSON.parse(String(c.args.metadata)).event_payload.key as string,
      }));
      const keys = posted.map((p) => p.key);
      expect(keys.length - new Set(keys).size).toBe(0);
      for (const channel of channels) {
        const card = cardOf(channel)!;
        const mine = posted.filter((p) => p.channel === channel);
        expect(mine.filter((p) => p.key.startsWith('card:'))).toHaveLength(1);
        const replies = mine.filter((p) => !p.key.startsWith('card:'));
        expect(replies.every((p) => p.threadTs === card.ts)).toBe(true);
        expect(replies.filter((p) => p.key.startsWith('dubbed:'))).toHaveLength(2);
        expectFilesOnReplies(slack.thread(channel, card.ts));
      }
      // Nothing was started for the command answered busy.
      expect(posted.filter((p) => p.channel === 'CREPBUSY')).toHaveLength(0);

      // One project per job and language, none created twice (attempt 1 each, by its job tag).
      const projects = (await client.projects.list({ limit: 100 })).projects;
      expect(projects).toHaveLength(JOBS * 2);
      const tags = projects.map((p) => /\[dk-(.+)\]/.exec(p.name ?? '')?.[1]);
      expect(new Set(tags).size).toBe(JOBS * 2);

      // One replica at a time per project: after a poll, its language is due again no sooner than the
      // shortest interval less its jitter (0.85 × POLL_MIN_MS), so two reads closer than that were two
      // replicas polling in the same interval.
      const reads = stage.emulator.projectReads();
      expect(Object.keys(reads).sort()).toEqual(projects.map((p) => p.id).sort());
      const tooClose = Object.entries(reads).flatMap(([project, times]) =>
        times
          .slice(1)
          .flatMap((at, i) =>
            at - times[i]! < 0.85 * POLL_MIN_MS - 5 ? [{ project, gapMs: at - times[i]! }] : [],
          ),
      );
      expect(tooClose).toEqual([]);
      expect(Object.values(reads).every((times) => times.length >= 4)).toBe(true);

      // Slack's outage was met, and nobody was told that something could not be checked.
      console.info(
        `conversations.members/info answered 429 or 500 ${outage.served ?? 0} times in the outage`,
      );
      expect(outage.served ?? 0).toBeGreaterThan(0);
      expect(slack.ephemerals.filter((e) => /could not be checked/i.test(e.text))).toEqual([]);

      // No replica ended by itself, and none needed its last-resort guard.
      expect(replicas.ownExits).toEqual([]);
      expect(replicas.lastResorts).toEqual([]);
    });
  },
);
