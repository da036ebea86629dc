// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): what spends minutes or stops
// work asks once, with the minutes. Retry says what the new project uses and what is left; Stop says what was
// used and that the service keeps it; Cancel that nothing was used. A dialog left unconfirmed does nothing. A
// Retry that did its work leaves no Retry behind; a stopped or cancelled dub starts again from its card.
import { DubbingClient } from '@dubkit/core';
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CARD } from './features/dub/card-blocks.ts';
import { CONFIRM } from './features/dub/confirm-views.ts';
import { askedFirst, confirmed } from './test-support/confirm.ts';
import { ANA, BEN, LONG_WAIT_MS } from './test-support/people.ts';
import { useStage } from './test-support/stage.ts';
import { cardIn, cardOf, jobIdOf, waitForDubs } from './test-support/threads.ts';

const TEST_MS = 90_000;

describe('spending you confirm', () => {
  const stage = useStage({ speed: 100 });
  afterEach(() => {
    stage.emulator.setSpeed(100);
    stage.emulator.faults.clear();
  });
  let service: DubbingClient;
  beforeAll(() => {
    service = new DubbingClient({ baseUrl: stage.serviceUrl, token: stage.serviceToken });
  });

  const projectsOf = async (jobId: string) =>
    (await service.projects.list({ name: `dk-${jobId}`, limit: 100 })).projects;
  const minutesLeft = async () => {
    const { minutes } = await service.credits.get();
    return minutes.total - minutes.used;
  };
  /** The message as the fake Slack holds it now (its last edit). */
  const now = (message: SlackMessage) => stage.slack.message(message.channel, message.ts)!;
  const said = (message: SlackMessage) => JSON.stringify(now(message).blocks);

  it(
    'Retry says what it uses and what is left; left unconfirmed it spends nothing; once done, no Retry stays',
    async () => {
      const channel = 'C1RETRY';
      stage.emulator.faults.set({ failStage: 'voiceover' });
      await stage.driver.command({ channel, user: ANA, text: 'https://vimeo.com/310 to de' });
      const card = await cardOf(stage, channel);
      const jobId = jobIdOf(card);
      const failed = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'failed')[0],
        LONG_WAIT_MS,
        'the first failure',
      );
      // As a client that never got the edit would keep it, Retry and all.
      const stale: SlackMessage = structuredClone(failed);
      await stage.drained(jobId);
      const seconds = (await stage.app.store.getJob(jobId))?.mediaSeconds ?? 0;
      const uses = Math.ceil(seconds / 60);
      const left = await minutesLeft();

      const retry = { message: failed, actionId: 'target_retry', user: BEN, callbackId: CONFIRM.retry };
      const asked = await askedFirst(stage, retry);
      expect(asked.said).toContain('*Retry German?*');
      expect(asked.said).toContain(
        `A new project uses ${uses} minute${uses === 1 ? '' : 's'} of the ${left.toLocaleString('en-US')} left on the account.`,
      );
      // Closed without confirming: nothing is created, nothing is used, the language stays failed.
      await stage.drained(jobId);
      expect(await projectsOf(jobId)).toHaveLength(1);
      expect(await minutesLeft()).toBe(left);
      expect((await stage.app.store.targetsOf(jobId))[0]).toMatchObject({ attempt: 1, terminal: true });

      // Confirmed: a second attempt, which fails again; then a third, which is dubbed.
      await confirmed(stage, retry);
      const second = await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'failed')[1],
        LONG_WAIT_MS,
        'the second failure',
      );
      stage.emulator.faults.clear();
      await confirmed(stage, { ...retry, message: second });
      await waitForDubs(stage, channel, card.ts, 1);
      await stage.drained(jobId);
      // Both failed replies have lost their Retry and say who retried them.
      for (const reply of [failed, second]) {
        expect(said(reply)).not.toContain('target_retry');
        expect(said(reply)).toContain(`Retried by <@${BEN}>`);
      }
      expect(await projectsOf(jobId)).toHaveLength(3);
      // A stale Retry (a client that kept it) opens no dialog once the language is dubbed: nothing to retry.
      const views = stage.slack.views.length;
      await stage.driver.click({ message: stale, actionId: 'target_retry', user: BEN });
      const told = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === BEN),
        LONG_WAIT_MS,
        'the answer to a stale Retry',
      );
      expect(told.text).toBe(
        'That language is not failed any more (it is being dubbed again, or was dubbed): nothing to retry.',
      );
      expect(stage.slack.views).toHaveLength(views);
    },
    TEST_MS,
  );

  it(
    'Stop says what was used and that the service keeps it; unconfirmed it stops nothing; Start again dubs',
    async () => {
      const channel = 'C2STOP';
      stage.emulator.setSpeed(1);
      const drop = stage.slack.postUserMessage({
        channel,
        user: ANA,
        text: `<@${stage.slack.botUserId}> <https://vimeo.com/320|vimeo.com/320>`,
      });
      await stage.driver.mention(drop);
      const card = await cardIn(stage, channel, drop.ts);
      const jobId = jobIdOf(card);
      await stage.driver.click({
        message: card,
        actionId: JOB_CARD.start,
        user: ANA,
        selections: { job_dst: ['es'] },
      });
      await waitFor(
        async () => (await stage.app.store.targetsOf(jobId))[0]?.projectId ?? undefined,
        LONG_WAIT_MS,
        'its project',
      );
      const running = await waitFor(
        () => (said(card).includes(JOB_CARD.stop) ? now(card) : undefined),
        LONG_WAIT_MS,
        'the card with Stop',
      );
      const seconds = (await stage.app.store.getJob(jobId))?.mediaSeconds ?? 0;
      const used = Math.ceil(seconds / 60);

      const stop = { message: running, actionId: JOB_CARD.stop, user: BEN, callbackId: CONFIRM.stop };
      const asked = await askedFirst(stage, stop);
      expect(asked.said).toContain('*Stop dubbing Spanish?*');
      expect(asked.said).toContain(
        `The ${used} minute${used === 1 ? '' : 's'} their projects already used stay spent: the service keeps them`,
      );
      expect((await stage.app.store.getJob(jobId))?.state).toMatch(/starting|running/);
      expect(byKind(stage.slack.thread(channel, drop.ts), 'stopped')).toEqual([]);

      await confirmed(stage, stop);
      const stopped = await waitFor(
        () => (said(card).includes(JOB_CARD.restart) ? now(card) : undefined),
        LONG_WAIT_MS,
        'the stopped card with Start again',
      );
      expect(JSON.stringify(stopped.blocks)).toContain(`Stopped by <@${BEN}>`);
      const reply = byKind(stage.slack.thread(channel, drop.ts), 'stopped')[0]!;
      expect(JSON.stringify(reply.blocks)).toContain(
        `the minutes already spent on these languages stay spent (${used} minute${used === 1 ? '' : 's'})`,
      );

      stage.emulator.setSpeed(100);
      const restart = {
        message: stopped,
        actionId: JOB_CARD.restart,
        user: ANA,
        callbackId: CONFIRM.restart,
      };
      const again = await askedFirst(stage, restart);
      expect(again.said).toContain('*Start Spanish again?*');
      expect(again.said).toContain(`that uses ${used} minute${used === 1 ? '' : 's'} of the`);
      await stage.driver.submitView({ viewId: again.viewId, user: ANA, values: {} });
      const thread = await waitForDubs(stage, channel, drop.ts, 1);
      expect(byKind(thread, 'started').map((m) => m.text)).toContain('Started again: dubbing into Spanish');
      expect(await projectsOf(jobId)).toHaveLength(2);
      expect(said(card)).not.toContain(JOB_CARD.restart);
    },
    TEST_MS,
  );

  it('Cancel says nothing was used and cancels only once confirmed; Start again shows the picker', async () => {
    const channel = 'C3CANCEL';
    const drop = stage.slack.postUserMessage({
      channel,
      user: ANA,
      text: `<@${stage.slack.botUserId}> <https://vimeo.com/330|vimeo.com/330> into French`,
    });
    await stage.driver.mention(drop);
    const card = await cardIn(stage, channel, drop.ts);
    const jobId = jobIdOf(card);
    const cancel = { message: card, actionId: JOB_CARD.cancel, user: BEN, callbackId: CONFIRM.cancel };
    const asked = await askedFirst(stage, cancel);
    expect(asked.said).toContain('Nothing was started, so no minutes were used.');
    expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');

    await confirmed(stage, cancel);
    const cancelled = await waitFor(
      () => (said(card).includes(JOB_CARD.restart) ? now(card) : undefined),
      LONG_WAIT_MS,
      'the cancelled card with Start again',
    );
    expect(JSON.stringify(cancelled.blocks)).toContain(`Cancelled by <@${BEN}>. No minutes were used.`);

    await stage.driver.click({ message: cancelled, actionId: JOB_CARD.restart, user: ANA });
    const picker = await waitFor(
      () => (said(card).includes(JOB_CARD.start) ? now(card) : undefined),
      LONG_WAIT_MS,
      'the picker again',
    );
    expect(keyOf(picker)).toBe(`card:${jobId}`);
    expect(JSON.stringify(picker.blocks)).toContain('"value":"fr"');
    expect((await stage.app.store.getJob(jobId))?.state).toBe('picking');
    expect(await projectsOf(jobId)).toEqual([]);
  });
});
