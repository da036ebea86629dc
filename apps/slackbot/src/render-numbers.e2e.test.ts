// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): renders are numbered by the
// versions delivered, not by the attempts made. German fails at voiceover, is retried and dubbed: its reply,
// status message, card line, files, approval and the ephemeral confirming it all say render 1 (the attempt, 2,
// stays the reply's key). Rendered again, the next delivery is render 2, which replaces render 1.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { CONFIRM } from './features/dub/confirm-views.ts';
import type { RenderPayload } from './outbox/payloads.ts';
import { confirmed } from './test-support/confirm.ts';
import { BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { confirmRender, saveEdit } from './test-support/review.ts';
import { useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf, waitForDubs } from './test-support/threads.ts';

const TEST_MS = 90_000;
const CHANNEL = 'C1RENDERNO';

describe('renders numbered by delivered versions', () => {
  const stage = useStage({ speed: 100 });
  afterEach(() => stage.emulator.faults.clear());

  const now = (message: SlackMessage) => stage.slack.message(message.channel, message.ts)!;
  const said = (message: SlackMessage) => JSON.stringify(now(message).blocks);

  it(
    'a language that failed once and then succeeded shows render 1, and its next render is render 2',
    async () => {
      await qaOff(stage, CHANNEL);
      stage.emulator.faults.set({ failStage: 'voiceover' });
      await stage.driver.command({
        channel: CHANNEL,
        user: BEN,
        text: 'https://vimeo.com/render-count to de',
      });
      const card = await cardOf(stage, CHANNEL);
      const jobId = jobIdOf(card);
      const failed = await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'failed')[0],
        LONG_WAIT_MS,
        'the failure',
      );
      stage.emulator.faults.clear();
      await confirmed(stage, {
        message: failed,
        actionId: 'target_retry',
        user: BEN,
        callbackId: CONFIRM.retry,
      });
      await waitForDubs(stage, CHANNEL, card.ts, 1);
      await stage.drained(jobId);

      const [target] = await stage.app.store.targetsOf(jobId);
      expect(target).toMatchObject({ attempt: 2 });
      const thread = stage.slack.thread(CHANNEL, card.ts);
      const reply = byKind(thread, 'dubbed')[0]!;
      // The attempt stays the key; the number shown counts the renders delivered.
      expect(keyOf(reply)).toBe(`dubbed:${target!.id}.2`);
      expect(said(reply)).toContain('dub ready* · render 1');
      expect(said(reply)).not.toContain('render 2');
      const status = byKind(thread, 'status')[0]!;
      expect(said(status)).toContain('⏳ Render 1 is waiting for review');
      expect(said(card)).toContain('r1 waiting for review');
      const files = (await stage.app.store.getDelivery(keyOf(reply)))?.payload as RenderPayload;
      expect(files.files?.baseName).toMatch(/\.de$/);
      expect((reply.files ?? []).map((f) => f.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/\.de\.srt$/)]),
      );

      await stage.driver.click({ message: reply, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      const told = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === CHANNEL && e.text.includes('approved')),
        WAIT_MS,
        'the approval confirmed',
      );
      expect(told.text).toBe('✅ You approved render 1 of German.');
      await waitFor(
        () => said(reply).includes(`✅ Approved by <@${BEN}> · render 1 · <!date^`),
        WAIT_MS,
        'the approved reply',
      );
      await waitFor(() => said(card).includes('approved r1'), WAIT_MS, 'the card’s approved line');

      // Rendered again: the third attempt is the second render delivered.
      await saveEdit(stage, reply, BEN, 1, 'Der Name, richtig ausgesprochen');
      await confirmRender(stage, reply, BEN);
      const newest = await waitFor(
        () =>
          byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').find(
            (m) => keyOf(m) === `dubbed:${target!.id}.3`,
          ),
        WAIT_MS,
        'the new render’s reply',
      );
      expect(said(newest)).toContain('dub ready* · render 2');
      await waitFor(
        () => now(reply).text.includes('replaced by render 2'),
        WAIT_MS,
        'render 1’s reply replaced',
      );
      expect(said(reply)).toContain(`✅ Approved by <@${BEN}> · render 1`);
      await waitFor(
        () =>
          now(status).text === `German: dubbed, render 1 approved by <@${BEN}>, render 2 waiting for review`,
        WAIT_MS,
        'the status with both renders',
      );
    },
    TEST_MS,
  );
});
