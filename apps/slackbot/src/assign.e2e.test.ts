// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): Assign… on a language's status
// message asks who should review it (a person in the job's channel: a bot, the app or an outsider is refused
// in the dialog), the status message then names the assignee and who asked, the assignee gets one direct
// message with the thread's link and a Review button that opens the review, and their App Home lists the
// language until it is approved. An outsider's Assign and Review are refused; the same dialog submitted twice,
// and a post whose answer Slack lost, still give one direct message; a new render keeps the assignee named.
import { byKind, keyOf, type RecordedCall, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { NOT_YOURS } from './access/access.ts';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { ASSIGN_ACTIONS } from './features/assign/blocks.ts';
import { REVIEW } from './features/review/modal.ts';
import { RENDER_UI } from './features/review/render-modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, LONG_WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { openModal, saveEdit } from './test-support/review.ts';
import { type AppStage, useStage } from './test-support/stage.ts';
import { cardOf, jobIdOf } from './test-support/threads.ts';

const MALLORY = 'U0MAL';
const ROBOT = 'U0ROBOT';
const GONE = 'U0GONE';
const CHANNEL = 'C43ASSIGN';
const TEST_MS = 120_000;

const statusOf = (stage: AppStage, threadTs: string, lang: string) =>
  byKind(stage.slack.thread(CHANNEL, threadTs), 'status').find((m) => m.text.startsWith(lang))!;

/** Opens the Assign dialog from a status message as `user`; resolves to its view id. */
const openAssign = (stage: AppStage, status: SlackMessage, user: string): Promise<string> =>
  openModal(stage, status, ASSIGN_ACTIONS.open, user, ASSIGN_ACTIONS.callbackId);

const picking = (user: string | null) => ({
  [ASSIGN_ACTIONS.userBlock]: { [ASSIGN_ACTIONS.userAction]: { type: 'users_select', selected_user: user } },
});

/** The dialog's answer to a submission: the error under the input, if any. */
async function submitAssign(stage: AppStage, viewId: string, by: string, user: string | null) {
  const answer = await stage.driver.submitView({ viewId, user: by, values: picking(user) });
  expect(answer.status).toBe(200);
  return answer.body ? (JSON.parse(answer.body) as { errors?: Record<string, string> }).errors : undefined;
}

const assignedDms = (stage: AppStage, user: string, targetId: string) =>
  stage.slack.directMessages(user).filter((m) => keyOf(m).startsWith(`assigned:${targetId}:`));

describe('assigning a language’s review, end to end', () => {
  // A short write timeout: a post whose answer was lost is looked up a few seconds later, not 12.
  const stage = useStage({ speed: 100, env: { SLACK_WRITE_TIMEOUT_MS: '2000' } });

  it(
    'names the assignee in the status message, sends them one DM whose Review opens the review, and lists it on their Home',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      // QA off: Approve approves at once (asking first about open QA flags is approvers.e2e's).
      await qaOff(stage, CHANNEL);
      stage.slack.setUser({ id: ROBOT, is_bot: true });
      stage.slack.setUser({ id: GONE, deleted: true });
      await stage.driver.command({
        channel: CHANNEL,
        user: ANA,
        text: 'https://vimeo.com/assign-me to es,de from en',
      });
      const card = await cardOf(stage, CHANNEL);
      const jobId = jobIdOf(card);
      await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').length === 2,
        LONG_WAIT_MS,
        'both dubbed replies',
      );
      await stage.drained(jobId);
      const targets = await stage.app.store.targetsOf(jobId);
      const spanish = targets.find((t) => t.dstLang === 'es')!;
      const german = targets.find((t) => t.dstLang === 'de')!;

      // Mallory, not in the channel, cannot even open the dialog: the status message, as if in her own channel
      // (Slack would never send her click from the job's).
      const views = stage.slack.views.length;
      await stage.driver.click({
        message: { ...statusOf(stage, card.ts, 'Spanish'), channel: 'C43MAL' },
        actionId: ASSIGN_ACTIONS.open,
        user: MALLORY,
      });
      await waitFor(
        () => stage.slack.ephemerals.find((e) => e.user === MALLORY && e.text === `⛔ ${NOT_YOURS}`),
        LONG_WAIT_MS,
        'Mallory refused',
      );
      expect(stage.slack.views.length).toBe(views);

      // Ana asks; a bot, the app itself, Slackbot, a deactivated account, an outsider and nobody are refused
      // under the input.
      const viewId = await openAssign(stage, statusOf(stage, card.ts, 'Spanish'), ANA);
      const dialog = JSON.stringify(stage.slack.views.find((v) => v.id === viewId)!.view);
      expect(dialog).toContain('Who should review Spanish?');
      expect(await submitAssign(stage, viewId, ANA, ROBOT)).toEqual({
        [ASSIGN_ACTIONS.userBlock]: 'That is a bot or an app: pick a person.',
      });
      for (const bot of [stage.slack.botUserId, 'USLACKBOT'])
        expect(await submitAssign(stage, viewId, ANA, bot)).toEqual({
          [ASSIGN_ACTIONS.userBlock]: 'That is a bot or an app: pick a person.',
        });
      expect(await submitAssign(stage, viewId, ANA, GONE)).toEqual({
        [ASSIGN_ACTIONS.userBlock]: 'That account is deactivated: pick someone else.',
      });
      // The dialog's error is plain text: the channel is named in words, never as a raw `<#C…>`.
      expect((await submitAssign(stage, viewId, ANA, MALLORY))?.[ASSIGN_ACTIONS.userBlock]).toBe(
        'They are not in this dub’s channel, so they could not open the review. Invite them to the channel first, or pick someone in it.',
      );
      expect(await submitAssign(stage, viewId, ANA, null)).toEqual({
        [ASSIGN_ACTIONS.userBlock]: 'Pick who should review it.',
      });
      expect(await stage.app.store.assignmentsOf([spanish.id])).toEqual([]);
      expect(await submitAssign(stage, viewId, ANA, BEN)).toBeUndefined();
      const told = await waitFor(
        () => stage.slack.ephemerals.find((e) => e.user === ANA && e.text.includes('You assigned')),
        LONG_WAIT_MS,
        'Ana told',
      );
      expect(told.text).toContain(`to <@${BEN}>`);
      expect(await stage.app.store.assignmentsOf([spanish.id])).toMatchObject([
        { assignee: BEN, assignedBy: ANA },
      ]);

      // The status message says who and by whom, for everyone in the thread.
      await waitFor(
        () => statusOf(stage, card.ts, 'Spanish').text.includes('assigned to'),
        LONG_WAIT_MS,
        'the status naming the assignee',
      );
      expect(statusOf(stage, card.ts, 'Spanish').text).toBe(
        `Spanish: dubbed, assigned to <@${BEN}> by <@${ANA}>`,
      );
      expect(JSON.stringify(statusOf(stage, card.ts, 'Spanish').blocks)).toContain(
        `👤 Assigned to <@${BEN}> by <@${ANA}>`,
      );

      // Ben's direct message: the thread's link (Slack's permalink of the card) and a Review button.
      const [dm] = await waitFor(
        () => {
          const found = assignedDms(stage, BEN, spanish.id);
          return found.length > 0 ? found : undefined;
        },
        LONG_WAIT_MS,
        'Ben’s direct message',
      );
      expect(stage.slack.callsOf('conversations.open').at(-1)?.args.users).toBe(BEN);
      const dmText = JSON.stringify(dm!.blocks);
      expect(dmText).toContain(`${stage.slack.url}/archives/${CHANNEL}/p${card.ts.replace('.', '')}|`);
      expect(dmText).toContain(`<@${ANA}> asked you to review the 🇪🇸 Spanish dub`);
      // The same dialog submitted again (a retry): still one message, one assignment.
      expect(await submitAssign(stage, viewId, ANA, BEN)).toBeUndefined();
      await stage.drained(jobId);
      expect(assignedDms(stage, BEN, spanish.id)).toHaveLength(1);
      // Another dialog naming Ben again (five did send five messages): the assignment is updated, one message.
      for (let dialog = 0; dialog < 2; dialog++) {
        const again = await openAssign(stage, statusOf(stage, card.ts, 'Spanish'), ANA);
        expect(await submitAssign(stage, again, ANA, BEN)).toBeUndefined();
        await waitFor(
          async () => (await stage.app.store.assignmentsOf([spanish.id]))[0]?.id === again,
          LONG_WAIT_MS,
          'the assignment updated',
        );
      }
      await stage.drained(jobId);
      expect(assignedDms(stage, BEN, spanish.id)).toHaveLength(1);

      // Review in the DM opens the review of Spanish's newest render, for Ben.
      let before = stage.slack.views.length;
      await stage.driver.click({ message: dm!, actionId: ASSIGN_ACTIONS.review, user: BEN });
      await waitFor(
        () =>
          stage.slack.views
            .slice(before)
            .find((v) => v.user_id === BEN && v.view.callback_id === REVIEW.callbackId),
        LONG_WAIT_MS,
        'the review opened from the DM',
      );
      // The same button pressed by someone outside the channel is refused.
      before = stage.slack.views.length;
      await stage.driver.click({ message: dm!, actionId: ASSIGN_ACTIONS.review, user: MALLORY });
      await waitFor(
        () =>
          stage.slack.ephemerals.filter((e) => e.user === MALLORY && e.text === `⛔ ${NOT_YOURS}`).length ===
          2,
        LONG_WAIT_MS,
        'Mallory refused again',
      );
      expect(stage.slack.views.length).toBe(before);

      // Ben's Home lists it with its video, language, state and the thread's link; Ana's does not.
      const bens = await homeOf(stage, BEN);
      expect(bens).toContain('Assigned to me');
      expect(bens).toContain(`*vimeo.com/assign-me* in <#${CHANNEL}>`);
      expect(bens).toContain(`🇪🇸 Spanish: ⏳ dubbed, waiting for review · asked by <@${ANA}>`);
      expect(bens).toContain(`/archives/${CHANNEL}/p${card.ts.replace('.', '')}|Open thread>`);
      expect(await homeOf(stage, ANA)).not.toContain('Assigned to me');

      // Approved: it no longer waits for Ben.
      const reply = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').find((m) =>
        m.text.startsWith('Spanish'),
      )!;
      await stage.driver.click({ message: reply, actionId: APPROVAL_ACTIONS.approve, user: BEN });
      await waitFor(
        async () => (await stage.app.store.approvalsOf([spanish.id])).length === 1,
        LONG_WAIT_MS,
        'the approval',
      );
      expect(await homeOf(stage, BEN)).not.toContain('Assigned to me');

      // German, assigned while Slack loses the answer to the DM's post: looked up, not posted again.
      const lost: RecordedCall[] = [];
      const onLost = (call: RecordedCall) => {
        if (call.args.channel === stage.slack.imOf(BEN)) lost.push(call);
      };
      stage.slack.on('lostAnswer', onLost);
      stage.slack.faults.lostAnswers.push({ method: 'chat.postMessage', times: 1 });
      try {
        const germanView = await openAssign(stage, statusOf(stage, card.ts, 'German'), ANA);
        expect(await submitAssign(stage, germanView, ANA, BEN)).toBeUndefined();
        await waitFor(() => lost.length === 1, LONG_WAIT_MS, 'the lost answer');
        await stage.drained(jobId, LONG_WAIT_MS);
      } finally {
        stage.slack.off('lostAnswer', onLost);
        stage.slack.faults.lostAnswers.length = 0;
      }
      expect(assignedDms(stage, BEN, german.id)).toHaveLength(1);
      expect(stage.slack.directMessages(BEN), 'one DM per assignment').toHaveLength(2);

      // A new render of German keeps naming Ben in every version of its status message from then on, and
      // waits for his review again.
      const germanReply = byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').find((m) =>
        m.text.startsWith('German'),
      )!;
      await saveEdit(stage, germanReply, ANA, 1, 'Der Name der Direktorin, richtig gesagt');
      const renderId = await openModal(stage, germanReply, THREAD_ACTIONS.render, ANA, RENDER_UI.callbackId);
      await stage.driver.submitView({ viewId: renderId, user: ANA, values: {} });
      await waitFor(
        () => byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').length === 3,
        LONG_WAIT_MS,
        'German’s render 2',
      );
      await stage.drained(jobId, LONG_WAIT_MS);
      const germanStatus = statusOf(stage, card.ts, 'German');
      const versions = [...germanStatus.history.map((h) => h.text), germanStatus.text];
      const from = versions.findIndex((text) => text.includes('assigned to'));
      expect(versions.length - from).toBeGreaterThan(2);
      for (const text of versions.slice(from)) expect(text).toContain(`assigned to <@${BEN}> by <@${ANA}>`);
      expect(await homeOf(stage, BEN)).toContain(
        `🇩🇪 German: ⏳ dubbed, waiting for review · asked by <@${ANA}>`,
      );
    },
    TEST_MS,
  );
});
