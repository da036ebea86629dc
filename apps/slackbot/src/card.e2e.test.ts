// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): the job card names the video
// and its cost before Start. The video is made ready on the service while the card waits (media costs no
// minutes), so the card shows its title, length and source language and what the ticked languages leave of
// the account's minutes; ticking a language changes the estimate; languages that do not fit are refused at
// Start with the choice; a restart between the card and Start makes no second media; and a card whose
// languages have all ended no longer offers Stop. Once started, the card is the job's summary: a line per
// language (approved, waiting for review, failed), and the outcome once every language ended.
import { readFileSync } from 'node:fs';
import { DubbingClient } from '@dubkit/core';
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { minutesLeft, minutesNeeded } from './domain/credits.ts';
import { videoLength } from './domain/video.ts';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { ANA, BEN, LONG_WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, cardOf, jobIdOf, waitForDubs } from './test-support/threads.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
/** A number as the card writes it. */
const n = (value: number) => value.toLocaleString('en-US');
const TEST_MS = 120_000;
const CHANNEL_SUMMARY = 'C4SUMMARY';

describe('the job card names the video and its cost', () => {
  const stage = useStage({ speed: 100 });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  const left = async () => minutesLeft(await service.credits.get());
  const shown = (card: SlackMessage) => JSON.stringify(card.blocks);
  /** How many media the emulator holds. */
  const mediaCount = async () =>
    ((await (await fetch(`${stage.serviceUrl}/_admin/stats`)).json()) as { media: number }).media;

  /** The card in the drop's thread once it shows `text`. */
  function cardShowing(channel: string, rootTs: string, text: string): Promise<SlackMessage> {
    return waitFor(
      async () => {
        const card = await cardIn(stage, channel, rootTs);
        return shown(card).includes(text) ? card : undefined;
      },
      LONG_WAIT_MS,
      `the card showing ${text}`,
    );
  }

  /** The video's length the app recorded for the job (as the service gave it). */
  async function secondsOf(jobId: string): Promise<number> {
    const job = await waitFor(
      async () => {
        const j = await stage.app.store.getJob(jobId);
        return j?.mediaReady ? j : undefined;
      },
      LONG_WAIT_MS,
      'the video ready',
    );
    expect(job.mediaSeconds).toBeGreaterThan(0);
    return job.mediaSeconds!;
  }

  /** Ticks `langs` in the card's language picker, as Slack sends a change of a multi-select. */
  async function tick(card: SlackMessage, langs: string[]) {
    const block = (card.blocks as { block_id?: string }[]).find((b) =>
      b.block_id?.startsWith(`${JOB_CARD.dstBlock}:`),
    )!.block_id!;
    const selected = langs.map((value) => ({ text: { type: 'plain_text', text: value }, value }));
    await stage.driver.act({
      user: ANA,
      message: card,
      action: {
        type: 'multi_static_select',
        action_id: JOB_CARD.dstAction,
        block_id: block,
        selected_options: selected,
      },
      values: {
        [block]: { [JOB_CARD.dstAction]: { type: 'multi_static_select', selected_options: selected } },
      },
    });
  }

  it(
    'a dropped link’s card shows its title, length, source and the minutes left after it; ticking changes the estimate',
    async () => {
      const channel = 'C1CARD';
      const link = 'https://vimeo.com/launch-keynote-2025';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <${link}|${link}> in Spanish and German`,
        // Slack's preview of the link, with the page's title (hostile characters included).
        attachments: [{ title: 'Product <launch> *keynote*', from_url: link, original_url: link }],
      });
      await stage.driver.mention(drop);
      const first = await cardIn(stage, channel, drop.ts);
      const jobId = jobIdOf(first);
      const seconds = await secondsOf(jobId);
      const account = await left();
      const two = `≈ ${n(account - minutesNeeded(seconds, 2))} of ${n(account)} minutes left after this job`;
      const card = await cardShowing(channel, drop.ts, two);
      expect(card.blocks?.[0]).toMatchObject({
        text: {
          text:
            `🎬 *<${link}|Product &lt;launch&gt; ∗keynote∗>* · ${videoLength(seconds)} · ` +
            'language detected by the service',
        },
      });
      expect(videoLength(seconds)).toMatch(/^\d+:\d\d$/);

      await tick(card, ['es', 'de', 'fr']);
      const three = `≈ ${n(account - minutesNeeded(seconds, 3))} of ${n(account)} minutes left after this job`;
      const ticked = await cardShowing(channel, drop.ts, three);
      expect(shown(ticked)).not.toContain(two);
      expect((await stage.app.store.getJob(jobId))?.picked?.dstLangs).toEqual(['es', 'de', 'fr']);
      // Another three languages change nothing the card says: no edit.
      const edits = ticked.history.length;
      await tick(ticked, ['es', 'de', 'it']);
      await waitFor(
        async () => (await stage.app.store.getJob(jobId))?.picked?.dstLangs.includes('it'),
        LONG_WAIT_MS,
        'the change recorded',
      );
      await stage.drained(jobId);
      expect((await cardIn(stage, channel, drop.ts)).history.length).toBe(edits);
    },
    TEST_MS,
  );

  it(
    'a link preview Slack adds after the message was posted gives the card its title',
    async () => {
      const channel = 'C6CARD';
      const link = 'https://vimeo.com/previewed-later';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <${link}|${link}>`,
      });
      await stage.driver.mention(drop);
      const first = await cardShowing(channel, drop.ts, `<${link}|vimeo.com/previewed-later>`);
      const seconds = await secondsOf(jobIdOf(first));
      await cardShowing(channel, drop.ts, ` · ${videoLength(seconds)} · `);
      // Slack unfurls the link a moment later and says so with message_changed.
      await stage.driver.event({
        type: 'message',
        subtype: 'message_changed',
        hidden: true,
        channel,
        ts: '9999999999.000001',
        message: {
          type: 'message',
          user: ANA,
          text: drop.text,
          ts: drop.ts,
          attachments: [{ title: 'Quarterly all-hands', from_url: link, original_url: link }],
        },
      });
      const card = await cardShowing(channel, drop.ts, `<${link}|Quarterly all-hands>`);
      expect(card.blocks?.[0]).toMatchObject({
        text: {
          text: `🎬 *<${link}|Quarterly all-hands>* · ${videoLength(seconds)} · language detected by the service`,
        },
      });
      expect((await stage.app.store.getJob(jobIdOf(card)))?.title).toBe('Quarterly all-hands');
    },
    TEST_MS,
  );

  it(
    'languages whose minutes do not fit: the card says so before Start, and Start is refused with the choice',
    async () => {
      const channel = 'C2CARD';
      // The emulator gives this link a length of several minutes (4:37).
      const link = 'https://vimeo.com/long-talk';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <${link}|${link}> from English`,
      });
      await stage.driver.mention(drop);
      const jobId = jobIdOf(await cardIn(stage, channel, drop.ts));
      const seconds = await secondsOf(jobId);
      // The card drawn once the video was ready, before the account changes.
      await cardShowing(channel, drop.ts, ` · ${videoLength(seconds)} · `);
      const perLanguage = Math.ceil(seconds / 60);
      // Room for one language, and for two by the old rule of a minute each: the length is what decides.
      expect(perLanguage).toBeGreaterThan(1);
      const leave = perLanguage;
      const credits = await service.credits.get();
      stage.emulator.setCredits('default', { minutes: credits.minutes.used + leave });
      try {
        const needs = `needs ${2 * perLanguage} minutes, and ${leave} are left on the account`;
        // The card is drawn again when the languages change; two of them do not fit.
        await tick(await cardIn(stage, channel, drop.ts), ['es', 'de']);
        const card = await cardShowing(channel, drop.ts, needs);
        expect(shown(card)).toContain('⚠️ Dubbing into 2 languages');
        expect(shown(card)).toContain('pick fewer languages, or add minutes to the account');
        expect(shown(card)).toContain(' · from English');
        await stage.driver.click({
          message: card,
          actionId: JOB_CARD.start,
          user: ANA,
          selections: { [JOB_CARD.dstAction]: ['es', 'de'] },
        });
        const refusal = await waitFor(
          () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === ANA),
          LONG_WAIT_MS,
          'the refusal',
        );
        expect(refusal.text).toBe(
          `⚠️ Not started: dubbing into 2 languages needs ${2 * perLanguage} minutes (the video’s length in ` +
            `whole minutes, for each language), and ${leave} are left on the account. Pick fewer languages and ` +
            'press Start again, or add minutes to the account. Nothing was created.',
        );
        expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');
        expect((await service.projects.list({ name: `dk-${jobId}`, limit: 100 })).projects).toEqual([]);
      } finally {
        stage.emulator.setCredits('default', { minutes: 6000 });
      }
    },
    TEST_MS,
  );

  it(
    'a shared file’s card shows its Slack title and length before Start, and the file is downloaded from Slack once',
    async () => {
      const channel = 'C5CARD';
      const file = stage.slack.addFile({
        name: 'onboarding-step3.mp4',
        mimetype: 'video/mp4',
        content: fixture('talk.mp4'),
      });
      file.title = 'Onboarding, step 3';
      const drop = stage.slack.postUserMessage({ channel, user: ANA, text: 'new cut', files: [file] });
      await stage.driver.fileShare(drop);
      const jobId = jobIdOf(await cardIn(stage, channel, drop.ts));
      const seconds = await secondsOf(jobId);
      const card = await cardShowing(channel, drop.ts, 'minutes left after this job');
      expect(card.blocks?.[0]).toMatchObject({
        text: {
          text: `🎬 *Onboarding, step 3* · ${videoLength(seconds)} · language detected by the service`,
        },
      });
      expect(stage.slack.downloads.get(file.id)).toBe(1);
      await stage.driver.click({
        message: card,
        actionId: JOB_CARD.start,
        user: ANA,
        selections: { [JOB_CARD.dstAction]: ['fr'] },
      });
      await waitForDubs(stage, channel, drop.ts, 1);
      expect(stage.slack.downloads.get(file.id)).toBe(1);
    },
    TEST_MS,
  );

  it(
    'a link the service cannot open: the card says so, and Start is refused saying why',
    async () => {
      const channel = 'C4CARD';
      // Not a host the emulator may fetch from (it has no internet): refused when the media is created.
      const link = 'https://videos.example.org/talk.mp4';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <${link}|${link}> in Spanish`,
      });
      await stage.driver.mention(drop);
      const card = await cardShowing(channel, drop.ts, 'The service could not take this video');
      expect(shown(card)).toContain('the link could not be fetched (request id r-');
      await stage.driver.click({ message: card, actionId: JOB_CARD.start, user: ANA });
      const refusal = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === ANA),
        LONG_WAIT_MS,
        'the refusal',
      );
      expect(refusal.text).toMatch(
        /^⚠️ Not started: the service could not take this video: the link could not be fetched \(request id r-[0-9a-f]{8}\)\. /,
      );
      expect((await stage.app.store.getJob(jobIdOf(card)))?.state).toBe('picking');
    },
    TEST_MS,
  );

  it(
    'a restart between the card and Start makes no second media; the finished card no longer offers Stop',
    async () => {
      const channel = 'C3CARD';
      const link = 'https://vimeo.com/restart-between';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <${link}|${link}>`,
      });
      const before = await mediaCount();
      const mention = await stage.driver.mention(drop);
      const jobId = jobIdOf(await cardIn(stage, channel, drop.ts));
      await secondsOf(jobId);
      const mediaId = (await stage.app.store.getJob(jobId))?.mediaId;
      expect(await mediaCount()).toBe(before + 1);
      // Slack delivers the event again, then the app restarts before anyone presses Start.
      await stage.driver.mention(drop, { eventId: mention.eventId, retryNum: 1 });
      await stage.restartApp();
      const card = await cardShowing(channel, drop.ts, 'minutes left after this job');
      // Without the link's own title, a short readable form of it.
      expect(shown(card)).toContain(`<${link}|vimeo.com/restart-between>`);
      await stage.driver.click({
        message: card,
        actionId: JOB_CARD.start,
        user: ANA,
        selections: { [JOB_CARD.dstAction]: ['es'] },
      });
      const thread = await waitForDubs(stage, channel, drop.ts, 1);
      expect((await stage.app.store.getJob(jobId))?.mediaId).toBe(mediaId);
      expect(await mediaCount()).toBe(before + 1);
      expect(byKind(thread, 'dubbed')).toHaveLength(1);
      // Every language delivered: the card is drawn again without Stop, and says how it ended.
      const finished = await waitFor(
        async () => {
          const now = await cardIn(stage, channel, drop.ts);
          return shown(now).includes('Done:') && !shown(now).includes(JOB_CARD.stop) ? now : undefined;
        },
        LONG_WAIT_MS,
        'the card without Stop',
      );
      expect(shown(finished)).toContain('started by');
      expect(shown(finished)).not.toContain('Dubbing into');
    },
    TEST_MS,
  );

  it(
    'the card is the summary: a line per language, kept current, and the outcome once every language ended',
    async () => {
      await qaOff(stage, CHANNEL_SUMMARY);
      await stage.driver.command({
        channel: CHANNEL_SUMMARY,
        user: ANA,
        text: 'https://vimeo.com/summary to es,de from en',
      });
      const card = await cardOf(stage, CHANNEL_SUMMARY);
      const current = () => stage.slack.message(CHANNEL_SUMMARY, card.ts)!;
      const delivered = await waitFor(
        () => (shown(current()).includes('Done:') ? current() : undefined),
        LONG_WAIT_MS,
        'the card’s outcome',
      );
      expect(delivered.text).toBe('vimeo.com/summary: Done: 2 of 2 languages dubbed');
      expect(shown(delivered)).toContain('🏁 *Done: 2 of 2 languages dubbed*');
      expect(shown(delivered)).toContain(
        '🇪🇸 Spanish — ⏳ r1 waiting for review\\n🇩🇪 German — ⏳ r1 waiting for review',
      );
      expect(shown(delivered)).not.toContain('Dubbing into');
      expect(shown(delivered)).not.toContain(JOB_CARD.stop);

      const spanish = byKind(stage.slack.thread(CHANNEL_SUMMARY, card.ts), 'dubbed').find((m) =>
        m.text.startsWith('Spanish'),
      )!;
      await stage.driver.click({ message: spanish, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      const approved = await waitFor(
        () => (shown(current()).includes('approved r1') ? current() : undefined),
        LONG_WAIT_MS,
        'the approval on the card',
      );
      expect(approved.text).toBe('vimeo.com/summary: Done: 2 of 2 languages dubbed (1 approved)');
      expect(shown(approved)).toContain(`🇪🇸 Spanish — ✅ approved r1 by <@${BEN}>\\n`);
      expect(shown(approved)).toContain('🇩🇪 German — ⏳ r1 waiting for review');
    },
    TEST_MS,
  );
});
