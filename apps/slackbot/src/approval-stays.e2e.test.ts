// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): an approval belongs to its
// render for good. Ben, the channel's approver, approves render 1: its reply says so and loses Approve and
// Request changes, and a second Approve is told it is already approved (no QA question again). Omar, a
// translator, edits: the edit's line says render 1 is approved; Render again says so too and offers to ask
// an approver first, which mentions Ben in the thread and renders nothing. Omar goes on: render 2 arrives,
// render 1's reply keeps its approval beside "replaced by render 2", the status shows both renders, Ben is
// told render 2 waits for him, and App Home and `/dub list waiting` keep the approval.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { RENDER_UI } from './features/review/render-modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { APPROVERS_SETTING } from './features/settings/approvers-block.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { confirmRender, dubbedJob, openModal, saveEdit, viewOf } from './test-support/review.ts';
import { submitSettings } from './test-support/settings.ts';
import { useStage } from './test-support/stage.ts';

const OMAR = 'U0OMAR';
const CHANNEL = 'C37STAYS';
const TEST_MS = 150_000;

const actionIds = (message: SlackMessage): string[] =>
  (message.blocks ?? []).flatMap((b) =>
    (b as { type: string }).type === 'actions'
      ? ((b as { elements: { action_id: string }[] }).elements ?? []).map((e) => e.action_id)
      : [],
  );

describe('an approval stays with its render, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'marks the approved reply for good, warns before a newer render, and keeps the approval beside it',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN, OMAR]);
      await submitSettings(stage, CHANNEL, ANA, {
        [APPROVERS_SETTING.block]: {
          [APPROVERS_SETTING.action]: { type: 'multi_users_select', selected_users: [BEN] },
        },
      });
      await waitFor(
        async () => (await stage.app.store.channelApprovers(CHANNEL)).includes(BEN),
        WAIT_MS,
        'Ben named the approver',
      );
      const { card, dubbed, target } = await dubbedJob(stage, CHANNEL, 'https://vimeo.com/stays', ANA);
      const stale = { ...dubbed, blocks: structuredClone(dubbed.blocks) } as SlackMessage;

      // Ben approves render 1 (QA flags open: asked once, Approve anyway).
      const before = stage.slack.views.length;
      await stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      const asked = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the QA question');
      await waitFor(
        () => asked.view.callback_id === APPROVAL_ACTIONS.approveAnywayCallbackId,
        WAIT_MS,
        'Approve anyway',
      );
      await stage.driver.submitView({ viewId: asked.id, user: BEN, values: {} });
      await waitFor(
        () => JSON.stringify(dubbed.blocks).includes(`✅ Approved by <@${BEN}> · render 1 · <!date^`),
        WAIT_MS,
        'render 1’s reply marked approved',
      );
      expect(actionIds(dubbed)).toContain(THREAD_ACTIONS.review);
      expect(actionIds(dubbed)).not.toContain(APPROVAL_ACTIONS.approve);
      expect(actionIds(dubbed)).not.toContain(APPROVAL_ACTIONS.requestChanges);

      // A second Approve (a client still showing the button) is told, and asks nothing.
      const views = stage.slack.views.length;
      const told = stage.slack.ephemerals.length;
      await stage.driver.click({ message: stale, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      const again = await waitFor(() => stage.slack.ephemerals[told], WAIT_MS, 'the answer');
      expect(again.text).toContain(`Render 1 of Spanish is already approved by <@${BEN}>`);
      expect(stage.slack.views).toHaveLength(views);
      // Nor can changes be asked of it: the approval stays.
      await stage.driver.click({ message: stale, actionId: APPROVAL_ACTIONS.requestChanges, user: BEN });
      const changes = await waitFor(() => stage.slack.views[views], WAIT_MS, 'the reason dialog');
      await stage.driver.submitView({
        viewId: changes.id,
        user: BEN,
        values: {
          [APPROVAL_ACTIONS.reasonBlock]: {
            [APPROVAL_ACTIONS.reasonAction]: { type: 'plain_text_input', value: 'too formal' },
          },
        },
      });
      await waitFor(
        () => stage.slack.ephemerals.some((e) => e.text.includes('stays approved')),
        WAIT_MS,
        'the refusal',
      );
      expect(await stage.app.store.approvalsOf([target.id])).toMatchObject([{ attempt: 1, userId: BEN }]);

      // Omar, no approver, edits: the edit's line says what a render of it means.
      await saveEdit(stage, dubbed, OMAR, 1, 'Una frase nueva');
      const summary = await waitFor(
        () => stage.slack.thread(CHANNEL, card.ts).find((m) => keyOf(m).startsWith('edited:')),
        WAIT_MS,
        'the edit’s line',
      );
      expect(JSON.stringify(summary.blocks)).toContain(`Render 1 is approved by <@${BEN}> and stays so`);

      // Render again says so, and offers to ask Ben first: asked in the thread, nothing rendered.
      const dialog = await openModal(stage, dubbed, THREAD_ACTIONS.render, OMAR, RENDER_UI.callbackId);
      expect(JSON.stringify(viewOf(stage, dialog).blocks)).toContain(`Render 1 is approved by <@${BEN}>`);
      await stage.driver.clickInView({
        viewId: dialog,
        actionId: RENDER_UI.askApprover,
        user: OMAR,
        values: {},
      });
      const question = await waitFor(
        () => stage.slack.thread(CHANNEL, card.ts).find((m) => keyOf(m).startsWith('ask-approver:')),
        WAIT_MS,
        'the question to Ben',
      );
      expect(question.text).toBe(`<@${OMAR}> asks whether Spanish may be rendered again`);
      expect(JSON.stringify(question.blocks)).toContain(`<@${BEN}>: go ahead?`);
      expect(JSON.stringify(viewOf(stage, dialog).blocks)).toContain('nothing was rendered');
      expect((await stage.app.store.getTarget(target.id))?.attempt).toBe(1);

      // Omar goes on: render 2.
      await confirmRender(stage, dubbed, OMAR);
      const newest = await waitFor(
        () =>
          byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').find(
            (m) => keyOf(m) === `dubbed:${target.id}.2`,
          ),
        LONG_WAIT_MS,
        'render 2’s reply',
      );
      expect(actionIds(newest)).toContain(APPROVAL_ACTIONS.approve);
      await waitFor(() => dubbed.text.includes('replaced by render 2'), WAIT_MS, 'render 1’s reply replaced');
      expect(JSON.stringify(dubbed.blocks)).toContain(`✅ Approved by <@${BEN}> · render 1`);
      expect(actionIds(dubbed)).toEqual([]);

      const status = () => byKind(stage.slack.thread(CHANNEL, card.ts), 'status')[0]!;
      await waitFor(
        () => status().text.includes('render 2 waiting for review'),
        WAIT_MS,
        'the status with both renders',
      );
      expect(status().text).toBe(
        `Spanish: dubbed, render 1 approved by <@${BEN}>, render 2 waiting for review`,
      );
      const told2 = await waitFor(
        () => stage.slack.thread(CHANNEL, card.ts).find((m) => keyOf(m).startsWith('rendered:')),
        WAIT_MS,
        'Ben told render 2 is ready',
      );
      expect(JSON.stringify(told2.blocks)).toContain(
        `<@${BEN}>, you approved render 1 (it stays approved): render 2 waits for your review.`,
      );

      expect(await homeOf(stage, ANA)).toContain(
        `Spanish: ✅ render 1 approved by <@${BEN}> · ⏳ render 2 waiting for review`,
      );
      const listed = stage.slack.ephemerals.length;
      await stage.driver.command({ channel: CHANNEL, user: ANA, text: 'list waiting' });
      const list = await waitFor(() => stage.slack.ephemerals[listed], WAIT_MS, 'the waiting list');
      expect(JSON.stringify(list.blocks)).toContain(`✅ render 1 approved by <@${BEN}>, render 2 waits`);
    },
    TEST_MS,
  );
});
