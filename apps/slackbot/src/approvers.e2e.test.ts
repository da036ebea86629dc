// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): who reviews. `/dub settings`
// names the channel's approvers; then Omar, in the channel but no approver, is refused Approve and Request
// changes with the names of who can, and nothing changes; Ben, the approver, is heard. App Home lists the
// language waiting for Ben's approval, not for Omar. Approve while QA flags are open asks once, naming them;
// Approve anyway approves; with none open (QA off) Approve approves at once.
import { byKind, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { APPROVERS_SETTING } from './features/settings/approvers-block.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { confirmRender, dubbedJob, saveEdit } from './test-support/review.ts';
import { nextEphemeral, submitSettings } from './test-support/settings.ts';
import type { AppStage } from './test-support/stage.ts';
import { useStage } from './test-support/stage.ts';

const OMAR = 'U0OMAR';
const TEST_MS = 120_000;

const approversPicked = (users: string[]) => ({
  [APPROVERS_SETTING.block]: {
    [APPROVERS_SETTING.action]: { type: 'multi_users_select', selected_users: users },
  },
});

/** Presses Approve as `user` and waits for the question about open QA flags, opened for them. */
async function askedToApprove(stage: AppStage, message: SlackMessage, user: string) {
  const before = stage.slack.views.length;
  await stage.driver.click({ message, actionId: APPROVAL_ACTIONS.approve, user });
  const asked = await waitFor(() => stage.slack.views[before], WAIT_MS, 'a dialog');
  await waitFor(
    () => asked.view.callback_id === APPROVAL_ACTIONS.approveAnywayCallbackId,
    WAIT_MS,
    'the Approve anyway dialog',
  );
  return asked;
}

const statusOf = (stage: AppStage, channel: string, threadTs: string) =>
  byKind(stage.slack.thread(channel, threadTs), 'status')[0]!;

describe('who reviews, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'leaves Approve and Request changes to the channel’s approvers, and lists what waits on an approver’s Home',
    async () => {
      const channel = 'C24APPROVERS';
      stage.slack.setMembers(channel, [ANA, BEN, OMAR]);
      const { answer } = await submitSettings(stage, channel, ANA, approversPicked([BEN]));
      expect(answer.status).toBe(200);
      const saved = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.channel === channel && e.user === ANA),
        WAIT_MS,
        'the confirmation',
      );
      expect(saved.text).toBe(
        `Saved the defaults for <#${channel}>: no default languages; approvers <@${BEN}>.`,
      );
      // Omar cannot make himself an approver.
      const { answer: refused } = await submitSettings(stage, channel, OMAR, approversPicked([OMAR]));
      expect(JSON.parse(refused.body)).toEqual({
        response_action: 'errors',
        errors: { [APPROVERS_SETTING.block]: `Only <@${BEN}> can change who approves in this channel.` },
      });
      expect(await stage.app.store.channelApprovers(channel)).toEqual([BEN]);

      const { card, dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/who-reviews', ANA);
      await waitFor(
        () => statusOf(stage, channel, card.ts).text === 'Spanish: dubbed',
        WAIT_MS,
        'the dubbed status',
      );
      const statusBefore = JSON.stringify(statusOf(stage, channel, card.ts).blocks);

      // Omar presses Approve, then Request changes: told who can; no approval, no request, no dialog.
      const views = stage.slack.views.length;
      const noApprove = await nextEphemeral(stage, channel, OMAR, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.approve, user: OMAR }),
      );
      expect(noApprove.text).toBe(`⛔ Only <@${BEN}> can approve in this channel. Nothing was done.`);
      const noChanges = await nextEphemeral(stage, channel, OMAR, () =>
        stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.requestChanges, user: OMAR }),
      );
      expect(noChanges.text).toBe(`⛔ Only <@${BEN}> can request changes in this channel. Nothing was done.`);
      expect(stage.slack.views.length).toBe(views);
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);
      expect(await stage.app.store.changeRequestsOf([target.id])).toEqual([]);
      expect(JSON.stringify(statusOf(stage, channel, card.ts).blocks)).toBe(statusBefore);

      // Ben's Home lists Spanish as waiting for his approval; Omar's lists nothing for him to review.
      const bens = await homeOf(stage, BEN);
      expect(bens).toContain('Waiting for my approval');
      expect(bens).toContain(`🇪🇸 Spanish · render 1 — *vimeo.com/who-reviews* in <#${channel}>`);
      const omars = await homeOf(stage, OMAR);
      expect(omars).not.toContain('Waiting for my approval');
      expect(omars).not.toContain('Waiting for you');
      expect(omars).not.toContain('who-reviews');

      // Ben asks for changes: heard.
      const opened = stage.slack.views.length;
      await stage.driver.click({ message: dubbed, actionId: APPROVAL_ACTIONS.requestChanges, user: BEN });
      const asking = await waitFor(() => stage.slack.views[opened], WAIT_MS, 'the reason dialog');
      await stage.driver.submitView({
        viewId: asking.id,
        user: BEN,
        values: {
          [APPROVAL_ACTIONS.reasonBlock]: {
            [APPROVAL_ACTIONS.reasonAction]: {
              type: 'plain_text_input',
              value: 'Say the product name in English',
            },
          },
        },
      });
      await waitFor(
        async () => (await stage.app.store.changeRequestsOf([target.id])).length === 1,
        WAIT_MS,
        'Ben’s change request',
      );
      // Changes asked: it no longer waits for his approval.
      expect(await homeOf(stage, BEN)).toContain('✅ Nothing waits for your approval.');

      // Ben approves: heard (the emulator's translation reads too fast, so he is asked first).
      const asked = await askedToApprove(stage, dubbed, BEN);
      const approved = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.submitView({ viewId: asked.id, user: BEN, values: {} }),
      );
      expect(approved.text).toBe('✅ You approved render 1 of Spanish.');
      expect(await stage.app.store.approvalsOf([target.id])).toMatchObject([{ userId: BEN, attempt: 1 }]);
    },
    TEST_MS,
  );

  it(
    'asks once before approving while QA flags are open, naming them; Approve anyway approves; no flags, at once',
    async () => {
      const channel = 'C24QAFLAGS';
      stage.slack.setMembers(channel, [ANA, BEN]);
      // The emulator's translation reads too fast and has lines too long: QA flags it.
      const { card, dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/flagged-talk', ANA);
      const asked = await askedToApprove(stage, dubbed, BEN);
      const text = JSON.stringify(asked.view.blocks);
      expect(text).toMatch(/\*Spanish has \d+ open QA flags:\*\\n• #\d+ \(00:/);
      expect(text).toContain('Reads too fast');
      expect(text).toContain('Approve render 1 of Spanish anyway?');
      expect((asked.view.submit as { text: string }).text).toBe('Approve anyway');
      // Asked, not approved.
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);

      const told = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.submitView({ viewId: asked.id, user: BEN, values: {} }),
      );
      expect(told.text).toBe('✅ You approved render 1 of Spanish.');
      expect(await stage.app.store.approvalsOf([target.id])).toMatchObject([{ userId: BEN, attempt: 1 }]);
      await waitFor(
        () => statusOf(stage, channel, card.ts).text === `Spanish: dubbed, approved by <@${BEN}>`,
        WAIT_MS,
        'the approved status',
      );

      // With QA off in a channel there are no open flags: Approve approves at once, no dialog.
      const quiet = 'C24QAOFF';
      stage.slack.setMembers(quiet, [ANA, BEN]);
      await qaOff(stage, quiet);
      const other = await dubbedJob(stage, quiet, 'https://vimeo.com/quiet-talk', ANA);
      const before = stage.slack.views.length;
      const atOnce = await nextEphemeral(stage, quiet, BEN, () =>
        stage.driver.click({ message: other.dubbed, actionId: APPROVAL_ACTIONS.approve, user: BEN }),
      );
      expect(atOnce.text).toBe('✅ You approved render 1 of Spanish.');
      expect(stage.slack.views.length).toBe(before);
    },
    TEST_MS,
  );

  it(
    'refuses Approve anyway once the render it asked about was replaced, as Approve refuses it',
    async () => {
      const channel = 'C24QASTALE';
      stage.slack.setMembers(channel, [ANA, BEN]);
      const { card, dubbed, target } = await dubbedJob(
        stage,
        channel,
        'https://vimeo.com/stale-question',
        ANA,
      );
      const asked = await askedToApprove(stage, dubbed, BEN);
      // Meanwhile Ana edits and renders again: render 2 is delivered.
      await saveEdit(stage, dubbed, ANA, 1, 'Hola, versión corregida');
      await confirmRender(stage, dubbed, ANA);
      await waitFor(
        () => byKind(stage.slack.thread(channel, card.ts), 'dubbed').length === 2,
        WAIT_MS,
        'render 2’s reply',
      );
      const refused = await nextEphemeral(stage, channel, BEN, () =>
        stage.driver.submitView({ viewId: asked.id, user: BEN, values: {} }),
      );
      expect(refused.text).toContain('This reply shows render 1 of Spanish; the newest is render 2');
      expect(await stage.app.store.approvalsOf([target.id])).toEqual([]);
    },
    TEST_MS,
  );
});
