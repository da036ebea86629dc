// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): comments on a line from the
// thread. Ben replies "#2 too formal" and "00:00:01 …" in a dubbed job's thread: each is anchored to its segment
// by its stable number, he is told privately, the status message lists them, and the review shows them beside
// their lines. Ana removes line 1 and edits line 2, then renders: both comments close with render 2 (one line
// changed, the other gone), and the numbers stay (#1 is a gap, "#2" still names the same line). A reply without
// an anchor is ignored. A comment can also be resolved by hand: Resolve comments… on the status message.
import { byKind, keyOf, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { COMMENT_ACTIONS } from './features/comments/blocks.ts';
import { REVIEW } from './features/review/modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, BEN, LONG_WAIT_MS, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { confirmRender, dubbedJob, openModal, pageValues, viewOf } from './test-support/review.ts';
import type { AppStage } from './test-support/stage.ts';
import { useStage } from './test-support/stage.ts';

const CHANNEL = 'C37COMMENTS';
const TEST_MS = 150_000;

/** Ben's reply in the thread, as Slack sends it; the whisper he gets back. */
async function reply(stage: AppStage, threadTs: string, text: string) {
  const told = stage.slack.ephemerals.length;
  const message = stage.slack.postUserMessage({ channel: CHANNEL, user: BEN, text, thread_ts: threadTs });
  await stage.driver.userMessage(message);
  return () => stage.slack.ephemerals.slice(told).find((e) => e.user === BEN);
}

describe('comments on a line, end to end', () => {
  const stage = useStage({ speed: 100 });

  it(
    'anchors a reply to its segment, shows it in the status and the review, and resolves it by the render that changes it',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      await qaOff(stage, CHANNEL);
      const { card, dubbed, target } = await dubbedJob(stage, CHANNEL, 'https://vimeo.com/comments', ANA);

      const whispers = stage.slack.ephemerals.length;
      await reply(stage, card.ts, 'looks good to me');
      const first = await reply(stage, card.ts, '#2 too formal');
      const told = await waitFor(first, WAIT_MS, 'Ben told');
      expect(told.text).toMatch(/^💬 Noted on 🇪🇸 Spanish #2 \(/);
      const second = await reply(stage, card.ts, '00:00:01 the name is wrong');
      expect((await waitFor(second, WAIT_MS, 'Ben told again')).text).toContain('Noted on 🇪🇸 Spanish #1');
      const missing = await reply(stage, card.ts, '#99 what?');
      expect((await waitFor(missing, WAIT_MS, 'no such line')).text).toContain('has no line #99');
      // "looks good to me" was no comment: Ben was told three times, for the three anchored replies.
      expect(stage.slack.ephemerals.slice(whispers).filter((e) => e.user === BEN)).toHaveLength(3);

      const status = () => byKind(stage.slack.thread(CHANNEL, card.ts), 'status')[0]!;
      await waitFor(
        () => JSON.stringify(status().blocks).includes('💬 2 comments (2 open): #2 open · #1 open'),
        WAIT_MS,
        'the comments on the status message',
      );

      // The review shows each beside its line.
      const reviewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      const heads = (viewOf(stage, reviewId).blocks as { type: string; text?: { text: string } }[])
        .filter((b) => b.type === 'section')
        .map((b) => b.text?.text ?? '');
      const headOf = (n: number) => heads.find((t) => t.startsWith(`*#${n}*`)) ?? '';
      expect(headOf(2)).toContain('💬 <@U0BEN>: too formal');
      expect(headOf(1)).toContain('💬 <@U0BEN>: the name is wrong');

      // Ana removes line 1 and rewrites line 2, then renders.
      await stage.driver.submitView({
        viewId: reviewId,
        user: ANA,
        values: pageValues(viewOf(stage, reviewId), { remove: [1], texts: { 2: 'Menos formal, por favor' } }),
      });
      await waitFor(
        () => JSON.stringify(viewOf(stage, reviewId).blocks).includes('Saved'),
        WAIT_MS,
        'the saved review',
      );
      await confirmRender(stage, dubbed, ANA);
      await waitFor(
        () =>
          byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').some(
            (m) => keyOf(m) === `dubbed:${target.id}.2`,
          ),
        LONG_WAIT_MS,
        'render 2',
      );
      const comments = await stage.app.store.commentsOf(target.id);
      expect(comments.map((c) => [c.number, c.resolvedIn])).toEqual([
        [2, 2],
        [1, 2],
      ]);
      await waitFor(
        () => JSON.stringify(status().blocks).includes('#2 resolved in render 2'),
        WAIT_MS,
        'the status with the resolved comment',
      );

      // Line 1 is gone: its number is not given again, and #2 still names the same line.
      const after = await openModal(
        stage,
        byKind(stage.slack.thread(CHANNEL, card.ts), 'dubbed').at(-1)!,
        THREAD_ACTIONS.review,
        ANA,
        REVIEW.callbackId,
      );
      const numbers = [...JSON.stringify(viewOf(stage, after).blocks).matchAll(/\*#(\d+)\*/g)].map((m) =>
        Number(m[1]),
      );
      expect(numbers[0]).toBe(2);
      expect(numbers).not.toContain(1);
      expect(JSON.stringify(viewOf(stage, after).blocks)).not.toContain('too formal');

      // A new comment on #3, closed by hand: Resolve comments… on the status message, ticked, resolved by Ana.
      await waitFor(await reply(stage, card.ts, '#3 check the pause'), WAIT_MS, 'Ben told of #3');
      await waitFor(
        () => JSON.stringify(status().blocks).includes(COMMENT_ACTIONS.open),
        WAIT_MS,
        'Resolve comments… offered',
      );
      const dialog = await openModal(stage, status(), COMMENT_ACTIONS.open, ANA, COMMENT_ACTIONS.callbackId);
      const open = (await stage.app.store.commentsOf(target.id)).find((c) => c.resolvedIn === null)!;
      expect(JSON.stringify(viewOf(stage, dialog).blocks)).toContain('#3: check the pause');
      await stage.driver.submitView({
        viewId: dialog,
        user: ANA,
        values: {
          [COMMENT_ACTIONS.block]: {
            [COMMENT_ACTIONS.action]: { type: 'checkboxes', selected_options: [{ value: open.id }] },
          },
        },
      });
      await waitFor(
        () => JSON.stringify(status().blocks).includes(`#3 resolved by <@${ANA}>`),
        WAIT_MS,
        'the comment resolved by Ana',
      );
      expect(JSON.stringify(status().blocks)).not.toContain(COMMENT_ACTIONS.open);
    },
    TEST_MS,
  );
});
