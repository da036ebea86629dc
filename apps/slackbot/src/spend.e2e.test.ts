// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): choices before spending and
// who did it. The card says how minutes are counted and what is left; a Start whose languages cannot fit is
// refused with the choice; when the video's length, known after the upload, leaves room for some languages
// but not all, none is created on the service and the thread says why; the person who pressed Start is the
// one the card and the thread name.
import { DubbingClient } from '@dubkit/core';
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { CONFIRM } from './features/dub/confirm-views.ts';
import { confirmed } from './test-support/confirm.ts';
import { ANA, BEN, LONG_WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, cardOf, jobIdOf } from './test-support/threads.ts';

const TEST_MS = 90_000;

describe('choices before spending, and who did it', () => {
  // Each project polled on its own, so that the service's reads of a project show whether it is still followed.
  const stage = useStage({ speed: 100, env: { TRACKER_SWEEP_MS: '0' } });
  afterEach(() => stage.emulator.setSpeed(100));
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  /** Leaves exactly `left` minutes on the account. */
  async function leave(left: number): Promise<void> {
    const credits = await service.credits.get();
    stage.emulator.setCredits('default', { minutes: credits.minutes.used + left });
  }

  /** The projects the service holds for a job (every project the app makes carries the job's tag). */
  async function projectsOf(jobId: string) {
    return (await service.projects.list({ name: `dk-${jobId}`, limit: 100 })).projects;
  }

  it(
    'Start with more languages than minutes left is refused with the choice, and nothing is created',
    async () => {
      const channel = 'C1SPEND';
      await leave(1);
      try {
        const drop = stage.slack.postUserMessage({
          channel,
          user: ANA,
          text: `<@${stage.slack.botUserId}> <https://vimeo.com/505|vimeo.com/505>`,
        });
        await stage.driver.mention(drop);
        // The card is recorded first, then the video's length and the minutes left are added to it.
        const card = await waitFor(
          async () => {
            const shown = await cardIn(stage, channel, drop.ts);
            const said = JSON.stringify(shown.blocks);
            return said.includes('1 is left on the account') || said.includes('of 1 minutes left')
              ? shown
              : undefined;
          },
          LONG_WAIT_MS,
          'the minutes on the card',
        );
        const seconds = (await stage.app.store.getJob(jobIdOf(card)))?.mediaSeconds ?? 0;
        const needs = 2 * Math.ceil(seconds / 60);
        await stage.driver.click({
          message: card,
          actionId: JOB_CARD.start,
          user: ANA,
          selections: { job_dst: ['es', 'de'] },
        });
        const refusal = await waitFor(
          () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === ANA),
          LONG_WAIT_MS,
          'the refusal',
        );
        expect(refusal.text).toBe(
          `⚠️ Not started: dubbing into 2 languages needs ${needs} minutes (the video’s length in whole ` +
            'minutes, for each language), and 1 is left on the account. Pick fewer languages and press Start ' +
            'again, or add minutes to the account. Nothing was created.',
        );
        const jobId = jobIdOf(card);
        expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');
        expect(await projectsOf(jobId)).toEqual([]);
      } finally {
        stage.emulator.setCredits('default', { minutes: 6000 });
      }
    },
    TEST_MS,
  );

  it(
    'when the video’s length leaves room for one language of two, neither is created and the thread says why',
    async () => {
      const channel = 'C2SPEND';
      const link = 'https://vimeo.com/one-fits';
      // The emulator gives a link the same length every time: the minutes of one language, not two.
      const media = await service.media.uploadLink({ link, name: 'probe' });
      const ready = await service.media.waitUntilReady(media.id);
      const seconds = Number((ready.meta as { duration_seconds: number }).duration_seconds);
      const perLanguage = Math.ceil(seconds / 60);
      await leave(perLanguage);
      try {
        await stage.driver.command({ channel, user: ANA, text: `${link} to es,de` });
        const card = await cardOf(stage, channel);
        const thread = await waitFor(
          () => {
            const t = stage.slack.thread(channel, card.ts);
            return byKind(t, 'failed').length === 2 && byKind(t, 'credits').length === 1 ? t : undefined;
          },
          LONG_WAIT_MS,
          'both languages not started',
        );
        expect(byKind(thread, 'credits')[0]!.text).toBe(
          `The video is ${perLanguage} min long, so dubbing it into 2 languages needs ${2 * perLanguage} ` +
            `minutes, but only ${perLanguage} are left on the account. Nothing was started, and no minutes were used.`,
        );
        for (const failed of byKind(thread, 'failed')) {
          expect(failed.text).toMatch(/Not started: the languages chosen need more minutes than are left/);
          expect(JSON.stringify(failed.blocks)).toContain('"text":"Retry"');
        }
        expect(byKind(thread, 'started')).toEqual([]);
        const jobId = jobIdOf(card);
        await stage.drained(jobId);
        expect(await projectsOf(jobId)).toEqual([]);
        expect((await service.credits.get()).minutes.total - (await service.credits.get()).minutes.used).toBe(
          perLanguage,
        );
      } finally {
        stage.emulator.setCredits('default', { minutes: 6000 });
      }
    },
    TEST_MS,
  );

  it(
    'Start pressed on a card another member made names the one who pressed it, on the card and in the thread',
    async () => {
      const channel = 'C3WHO';
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/606|vimeo.com/606>`,
      });
      await stage.driver.mention(drop);
      const card = await cardIn(stage, channel, drop.ts);
      await stage.driver.click({
        message: card,
        actionId: JOB_CARD.start,
        user: BEN,
        selections: { job_dst: ['fr'] },
      });
      const started = await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'started')[0],
        LONG_WAIT_MS,
        'the started reply',
      );
      expect(JSON.stringify(started.blocks)).toContain(`Requested by <@${BEN}>`);
      const startedCard = await waitFor(
        () =>
          stage.slack
            .thread(channel, drop.ts)
            .find((m) => m.ts === card.ts && JSON.stringify(m.blocks).includes('started by')),
        LONG_WAIT_MS,
        'the card as started',
      );
      expect(JSON.stringify(startedCard.blocks)).toContain(`started by <@${BEN}>`);
      expect(JSON.stringify(startedCard.blocks)).not.toContain(`<@${ANA}>`);
    },
    TEST_MS,
  );

  /**
   * A job started by Ana from a mention, into `langs`, once its projects are polled. The emulator runs at
   * its normal pace from here on (a dub takes about 48 s), so the job is still running when it is stopped.
   */
  async function startedJob(channel: string, link: string, langs: string[]) {
    stage.emulator.setSpeed(1);
    const drop = stage.slack.postUserMessage({
      channel,
      user: ANA,
      text: `<@${stage.slack.botUserId}> <${link}|${link}>`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    await stage.driver.click({
      message: card,
      actionId: JOB_CARD.start,
      user: ANA,
      selections: { job_dst: langs },
    });
    const jobId = jobIdOf(card);
    const projects = await waitFor(
      async () => {
        const targets = await stage.app.store.targetsOf(jobId);
        const ids = targets.map((t) => t.projectId).filter((id): id is string => id !== null);
        return ids.length === langs.length && ids.every((id) => stage.emulator.projectReads(id).length > 0)
          ? ids
          : undefined;
      },
      LONG_WAIT_MS,
      'its projects polled',
    );
    return { drop, card, jobId, projects };
  }

  /** Asserts that the service sees no more reads of the projects once the stop has settled. */
  async function expectNoMorePolls(jobId: string, projects: string[]) {
    await stage.drained(jobId);
    const reads = projects.map((id) => stage.emulator.projectReads(id).length);
    // Several poll intervals of the app (40–250 ms) go by: not one more read of its projects.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(projects.map((id) => stage.emulator.projectReads(id).length)).toEqual(reads);
  }

  it(
    'Stop on the card stops following the job: status says who stopped it, the minutes stay spent, no more polls',
    async () => {
      const channel = 'C4STOP';
      const { drop, card, jobId, projects } = await startedJob(channel, 'https://vimeo.com/707', [
        'es',
        'de',
      ]);
      const started = await waitFor(
        () =>
          stage.slack
            .thread(channel, drop.ts)
            .find((m) => m.ts === card.ts && JSON.stringify(m.blocks).includes(JOB_CARD.stop)),
        LONG_WAIT_MS,
        'the card with Stop',
      );
      await confirmed(stage, {
        message: started,
        actionId: JOB_CARD.stop,
        user: BEN,
        callbackId: CONFIRM.stop,
      });
      const reply = await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'stopped')[0],
        LONG_WAIT_MS,
        'the stopped reply',
      );
      expect(JSON.stringify(reply.blocks)).toContain(`<@${BEN}> stopped this dub`);
      expect(JSON.stringify(reply.blocks)).toContain(
        'the minutes already spent on these languages stay spent',
      );
      await expectNoMorePolls(jobId, projects);
      const thread = stage.slack.thread(channel, drop.ts);
      for (const status of byKind(thread, 'status'))
        expect(JSON.stringify(status.blocks)).toContain(`Stopped by <@${BEN}>`);
      const stoppedCard = thread.find((m) => m.ts === card.ts)!;
      expect(JSON.stringify(stoppedCard.blocks)).toContain(`Stopped by <@${BEN}>`);
      expect(JSON.stringify(stoppedCard.blocks)).not.toContain(JOB_CARD.stop);
      expect(byKind(thread, 'dubbed')).toEqual([]);
    },
    TEST_MS,
  );

  it(
    '“@dubkit cancel this please” in a running job’s thread stops it; /dub cancel and /dub stop answer how',
    async () => {
      const channel = 'C5STOP';
      const { drop, jobId, projects } = await startedJob(channel, 'https://vimeo.com/808', ['fr']);
      const ask = stage.slack.postUserMessage({
        channel,
        user: BEN,
        thread_ts: drop.ts,
        text: `<@${stage.slack.botUserId}> cancel this please`,
      });
      await stage.driver.mention(ask);
      await waitFor(
        () => byKind(stage.slack.thread(channel, drop.ts), 'stopped')[0],
        LONG_WAIT_MS,
        'stopped',
      );
      await expectNoMorePolls(jobId, projects);
      expect(stage.slack.ephemerals.filter((e) => e.channel === channel)).toEqual([]);

      for (const text of ['cancel', 'stop']) {
        const before = stage.slack.ephemerals.length;
        await stage.driver.command({ channel, user: ANA, text });
        const answer = await waitFor(
          () => stage.slack.ephemerals.slice(before).find((e) => e.channel === channel),
          LONG_WAIT_MS,
          `the answer to /dub ${text}`,
        );
        expect(answer.text).not.toMatch(/not a link/);
        expect(answer.text).toMatch(/^To stop a dub, press \*Stop\* on its card/);
      }
    },
    TEST_MS,
  );
});
