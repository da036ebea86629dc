// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): review events reach people.
// Ana assigns Spanish to Omar; Ben asks for changes: a reply in the thread mentions Omar, quotes the reason and
// offers Review Spanish; Omar's direct message says the same and its Review opens the review; Omar's App Home
// lists it under "Changes requested on my work". Omar fixes and renders: the new render mentions Ben. With
// nobody assigned, a request goes to the last editor; an assignment made after a request carries its reason.
import { byKind, keyOf, type SlackMessage, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTIONS } from './features/approval/blocks.ts';
import { ASSIGN_ACTIONS } from './features/assign/blocks.ts';
import { REVIEW } from './features/review/modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { homeOf } from './test-support/home.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { confirmRender, dubbedJob, openModal, saveEdit } from './test-support/review.ts';
import type { AppStage } from './test-support/stage.ts';
import { useStage } from './test-support/stage.ts';

const OMAR = 'U0OMAR';
const TEST_MS = 150_000;

/** Assigns the language of the status message to `assignee`, as `by`. */
async function assignTo(stage: AppStage, status: SlackMessage, by: string, assignee: string) {
  const viewId = await openModal(stage, status, ASSIGN_ACTIONS.open, by, ASSIGN_ACTIONS.callbackId);
  await stage.driver.submitView({
    viewId,
    user: by,
    values: {
      [ASSIGN_ACTIONS.userBlock]: {
        [ASSIGN_ACTIONS.userAction]: { type: 'users_select', selected_user: assignee },
      },
    },
  });
}

/** Request changes on a render's reply as `user`, with `reason`. */
async function requestChanges(stage: AppStage, reply: SlackMessage, user: string, reason: string) {
  const before = stage.slack.views.length;
  await stage.driver.click({ message: reply, actionId: APPROVAL_ACTIONS.requestChanges, user });
  const dialog = await waitFor(() => stage.slack.views[before], WAIT_MS, 'the reason dialog');
  await stage.driver.submitView({
    viewId: dialog.id,
    user,
    values: {
      [APPROVAL_ACTIONS.reasonBlock]: {
        [APPROVAL_ACTIONS.reasonAction]: { type: 'plain_text_input', value: reason },
      },
    },
  });
}

const repliesKeyed = (stage: AppStage, channel: string, threadTs: string, prefix: string) =>
  stage.slack.thread(channel, threadTs).filter((m) => keyOf(m).startsWith(prefix));

describe('review events reach people, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'mentions the assignee with the reason in the thread and their DM, lists it on their Home, and the fix mentions who asked',
    async () => {
      const channel = 'C37ASKS';
      stage.slack.setMembers(channel, [ANA, BEN, OMAR]);
      await qaOff(stage, channel);
      const { card, dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/asks', ANA);
      const status = () => byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      await assignTo(stage, status(), ANA, OMAR);
      await waitFor(
        async () => (await stage.app.store.assignmentsOf([target.id]))[0]?.assignee === OMAR,
        WAIT_MS,
        'Omar assigned',
      );

      await requestChanges(stage, dubbed, BEN, 'The brand name is wrong in #2');
      const asked = await waitFor(
        () => repliesKeyed(stage, channel, card.ts, 'changes:')[0],
        WAIT_MS,
        'the request in the thread',
      );
      expect(asked.text).toBe(
        `<@${BEN}> asked for changes in Spanish: “The brand name is wrong in #2” → <@${OMAR}>`,
      );
      const said = JSON.stringify(asked.blocks);
      expect(said).toContain(`→ <@${OMAR}> (assigned to review it): the new render will mention <@${BEN}>.`);
      expect(said).toContain(`"action_id":"${THREAD_ACTIONS.review}"`);
      expect(said).toContain('Review Spanish');
      await waitFor(
        () =>
          stage.slack.ephemerals.some(
            (e) => e.user === BEN && e.text.includes(`mentions <@${OMAR}>, and in their direct message`),
          ),
        WAIT_MS,
        'Ben told who it reached',
      );

      // The thread's Review Spanish opens the review of the newest render.
      await openModal(stage, asked, THREAD_ACTIONS.review, OMAR, REVIEW.callbackId);

      // Omar's direct message: the request, the thread's link and a Review button that opens the review.
      const dm = await waitFor(
        () => stage.slack.directMessages(OMAR).find((m) => keyOf(m).includes(':changes.1.')),
        WAIT_MS,
        'Omar’s direct message',
      );
      expect(dm.text).toContain('asked for changes in the Spanish dub');
      expect(JSON.stringify(dm.blocks)).toContain('The brand name is wrong in #2');
      expect(JSON.stringify(dm.blocks)).toContain('Open the thread');
      await openModal(stage, dm, ASSIGN_ACTIONS.review, OMAR, REVIEW.callbackId);

      // Omar's Home: the change is his to make.
      const home = await homeOf(stage, OMAR);
      expect(home).toContain('Changes requested on my work (1)');
      expect(home).toContain(`✋ <@${BEN}>: “The brand name is wrong in #2”`);
      expect(await homeOf(stage, BEN)).not.toContain('Changes requested on my work');

      // The fix is rendered: Ben, who asked, is mentioned.
      await saveEdit(stage, dubbed, OMAR, 2, 'La marca, bien escrita');
      await confirmRender(stage, dubbed, OMAR);
      const told = await waitFor(
        () => repliesKeyed(stage, channel, card.ts, `rendered:${target.id}.2`)[0],
        LONG_WAIT_MS,
        'Ben mentioned when render 2 is ready',
      );
      expect(JSON.stringify(told.blocks)).toContain(
        `<@${BEN}>, you asked for changes to render 1: “The brand name is wrong in #2” — check them in this render.`,
      );
      expect(await homeOf(stage, OMAR)).not.toContain('Changes requested on my work');
    },
    TEST_MS,
  );

  it(
    'goes to the last editor when nobody is assigned, and an assignment made after it carries the reason',
    async () => {
      const channel = 'C37EDITOR';
      stage.slack.setMembers(channel, [ANA, BEN, OMAR]);
      await qaOff(stage, channel);
      const { card, dubbed, target } = await dubbedJob(stage, channel, 'https://vimeo.com/editor', ANA);
      // Nobody edited yet: the job's owner.
      await requestChanges(stage, dubbed, BEN, 'Too formal');
      const first = await waitFor(
        () => repliesKeyed(stage, channel, card.ts, 'changes:')[0],
        WAIT_MS,
        'the request to the owner',
      );
      expect(JSON.stringify(first.blocks)).toContain(`→ <@${ANA}> (who started this dub)`);

      // Omar edits and renders; Ben asks again of render 2: Omar, its last editor, is mentioned.
      await saveEdit(stage, dubbed, OMAR, 1, 'Menos formal');
      await confirmRender(stage, dubbed, OMAR);
      const second = await waitFor(
        () =>
          byKind(stage.slack.thread(channel, card.ts), 'dubbed').find(
            (m) => keyOf(m) === `dubbed:${target.id}.2`,
          ),
        LONG_WAIT_MS,
        'render 2',
      );
      await requestChanges(stage, second, BEN, 'Still too formal in #1');
      const again = await waitFor(
        () => repliesKeyed(stage, channel, card.ts, `changes:${target.id}.2.`)[0],
        WAIT_MS,
        'the request to the editor',
      );
      expect(JSON.stringify(again.blocks)).toContain(`→ <@${OMAR}> (its last editor)`);
      expect(stage.slack.directMessages(OMAR).filter((m) => keyOf(m).includes(target.id))).toEqual([]);

      // Ana then assigns it to Omar: his direct message says why.
      const status = byKind(stage.slack.thread(channel, card.ts), 'status')[0]!;
      await assignTo(stage, status, ANA, OMAR);
      const assigned = await waitFor(
        () => stage.slack.directMessages(OMAR).find((m) => keyOf(m) === `assigned:${target.id}:${OMAR}`),
        WAIT_MS,
        'the assignment’s direct message',
      );
      expect(JSON.stringify(assigned.blocks)).toContain(`✋ <@${BEN}> asked for changes:`);
      expect(JSON.stringify(assigned.blocks)).toContain('Still too formal in #1');
    },
    TEST_MS,
  );
});
