// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): Approve on a dubbed language
// records who and when, shows it in the language's status message and on App Home (the other language waiting
// for review); Request changes on the other language says why; a render afterwards waits for review beside
// the approval, which stays on render 1. Each reply acts on its own render: render 2's arrival edits render 1's
// reply (replaced, buttons gone, its approval kept), and Approve pressed on render 1's reply is refused.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { RENDER_UI } from './features/review/render-modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { saveEdit } from './test-support/review.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const TEST_MS = 90_000;
const CHANNEL = 'C42APPROVE';

const statusOf = (stage: AppStage, threadTs: string, lang: string) =>
  byKind(stage.slack.thread(CHANNEL, threadTs), 'status').find((m) => m.text.startsWith(lang))!;

describe('approval of a dubbed language, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'is recorded, shown in the status message and on Home, and stays on its render when a newer one comes',
    async () => {
      // QA off: Approve approves at once (asking first about open QA flags is approvers.e2e's).
      await qaOff(stage, CHANNEL);
      await stage.driver.command({
        channel: CHANNEL,
        user: ANA,
        text: 'https://vimeo.com/approve-me to es,de from en',
      });
      const card = await cardOf(stage, CHANNEL);
      const replies = await waitFor(
        () => {
          const dubbed = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed');
          return dubbed.length === 2 ? dubbed : undefined;
        },
        WAIT_MS,
        'both dubbed replies',
      );
      const spanish = replies.find((m) => m.text.startsWith('Spanish')) as SlackMessage;
      const german = replies.find((m) => m.text.startsWith('German')) as SlackMessage;
      // A client still showing render 1's reply as it was posted keeps its buttons until Slack delivers an edit.
      const staleSpanish = { ...spanish, blocks: structuredClone(spanish.blocks) } as SlackMessage;
      const target = (await stage.app.store.targetsOf(jobIdOf(card))).find((t) => t.dstLang === 'es')!;

      const before = Date.now();
      await stage.driver.click({ message: spanish, actionId: APPROVAL_ACTIONS.approve, user: ANA });
      const told = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === CHANNEL && e.text.includes('approved')),
        WAIT_MS,
        'the approval confirmed',
      );
      expect(told.text).toBe('✅ You approved render 1 of Spanish.');
      const [approval] = await stage.app.store.approvalsOf([target.id]);
      expect(approval).toMatchObject({ targetId: target.id, attempt: 1, userId: ANA });
      expect(approval!.at).toBeGreaterThanOrEqual(before);

      // The status message says who, for everyone in the thread; German's does not.
      await waitFor(
        () => statusOf(stage, card.ts, 'Spanish').text.includes('approved'),
        WAIT_MS,
        'the approved status',
      );
      expect(statusOf(stage, card.ts, 'Spanish').text).toBe(`Spanish: dubbed, approved by <@${ANA}>`);
      expect(JSON.stringify(statusOf(stage, card.ts, 'Spanish').blocks)).toContain(
        `✅ Render 1 approved by <@${ANA}> · <!date^`,
      );
      // New posts go before edits: German's last edit may still be on its way.
      await waitFor(
        () => statusOf(stage, card.ts, 'German').text === 'German: dubbed',
        WAIT_MS,
        'German dubbed',
      );

      expect(await homeOf(stage, ANA)).toMatch(
        new RegExp(`Spanish: ✅ approved by <@${ANA}> · 🇩🇪 German: ⏳ dubbed, waiting for review`),
      );

      // /dub list waiting: German only.
      const listed = stage.slack.ephemerals.length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'list waiting' });
      const list = await waitFor(() => stage.slack.ephemerals[listed], WAIT_MS, 'the waiting list');
      expect(list.text).toBe('1 dubbed language waits for review');
      expect(JSON.stringify(list.blocks)).toContain('🇩🇪 German — vimeo.com/approve-me');
      expect(JSON.stringify(list.blocks)).not.toContain('Spanish');

      // Request changes on German, with a reason (none is refused in the dialog).
      const opened = stage.slack.views.length;
      await stage.driver.click({ message: german, actionId: APPROVAL_ACTIONS.requestChanges, user: ANA });
      const asking = await waitFor(() => stage.slack.views[opened], WAIT_MS, 'the reason dialog');
      const reason = (value: string) => ({
        [APPROVAL_ACTIONS.reasonBlock]: {
          [APPROVAL_ACTIONS.reasonAction]: { type: 'plain_text_input', value },
        },
      });
      const empty = await stage.driver.submitView({ viewId: asking.id, user: ANA, values: reason('  ') });
      expect(JSON.parse(empty.body)).toMatchObject({ response_action: 'errors' });
      await stage.driver.submitView({
        viewId: asking.id,
        user: ANA,
        values: reason('The CEO’s name is mispronounced at 0:12'),
      });
      await waitFor(
        () => statusOf(stage, card.ts, 'German').text === `German: dubbed, changes requested by <@${ANA}>`,
        WAIT_MS,
        'the changes requested in the status message',
      );
      expect(JSON.stringify(statusOf(stage, card.ts, 'German').blocks)).toContain('mispronounced at 0:12');
      expect(await homeOf(stage, ANA)).toMatch(new RegExp(`German: ✋ changes requested by <@${ANA}>`));

      // Render again: a new render nobody has approved yet.
      // An edit is made first: a render with nothing changed is not offered.
      await saveEdit(stage, spanish, ANA, 1, 'El nombre de la directora, bien dicho');
      const renders = stage.slack.views.length;
      await stage.driver.click({ message: spanish, actionId: THREAD_ACTIONS.render, user: ANA });
      const dialog = await waitFor(() => stage.slack.views[renders], WAIT_MS, 'the render dialog');
      await waitFor(() => dialog.view.callback_id === RENDER_UI.callbackId, WAIT_MS, 'its price');
      await stage.driver.submitView({ viewId: dialog.id, user: ANA, values: {} });
      await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').length === 3,
        WAIT_MS,
        'the new Spanish reply',
      );
      await waitFor(
        () =>
          statusOf(stage, card.ts, 'Spanish').text ===
          `Spanish: dubbed, render 1 approved by <@${ANA}>, render 2 waiting for review`,
        WAIT_MS,
        'the status with both renders',
      );
      // A new render waits for review; render 1's approval stays beside it.
      expect(JSON.stringify(statusOf(stage, card.ts, 'Spanish').blocks)).toContain(
        '⏳ Render 2 is waiting for review',
      );
      expect(await homeOf(stage, ANA)).toMatch(
        new RegExp(
          `Spanish: ✅ render 1 approved by <@${ANA}> · ⏳ render 2 waiting for review · 🇩🇪 German: ✋ changes requested`,
        ),
      );

      // Render 1's reply now says what replaced it, keeps its links and lost its buttons.
      const dubbed = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed');
      const newest = dubbed.find((m) => keyOf(m) === `dubbed:${target.id}.2`)!;
      expect(JSON.stringify(newest.blocks)).toContain('dub ready* · render 2');
      await waitFor(() => spanish.text.includes('replaced by render 2'), WAIT_MS, 'render 1’s reply edited');
      expect(spanish.blocks?.some((b) => (b as { type: string }).type === 'actions')).toBe(false);
      expect(JSON.stringify(spanish.blocks)).toContain('replaced by render 2');
      expect(JSON.stringify(spanish.blocks)).toContain('▶ Video');

      // Approve on render 1's reply (a client that did not get the edit yet) is refused, pointing to render 2.
      const answered = stage.slack.ephemerals.length;
      await stage.driver.click({ message: staleSpanish, actionId: APPROVAL_ACTIONS.approve, user: ANA });
      const refusal = await waitFor(() => stage.slack.ephemerals[answered], WAIT_MS, 'the refusal');
      expect(refusal.text).toContain('This reply shows render 1 of Spanish; the newest is render 2');
      expect(await stage.app.store.approvalsOf([target.id])).toMatchObject([{ attempt: 1 }]);

      // Approve on render 2's reply approves render 2.
      await stage.driver.click({ message: newest, actionId: APPROVAL_ACTIONS.approve, user: ANA });
      await waitFor(
        async () => (await stage.app.store.approvalsOf([target.id])).some((a) => a.attempt === 2),
        WAIT_MS,
        'the approval of render 2',
      );
      await waitFor(
        () => stage.slack.ephemerals.some((e) => e.text === '✅ You approved render 2 of Spanish.'),
        WAIT_MS,
        'the approval of render 2 confirmed',
      );
    },
    TEST_MS,
  );
});
