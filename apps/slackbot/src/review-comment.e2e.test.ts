// End to end over real HTTP (real Bolt app, fake Slack, emulator, SQLite store): Comment on a line, from the
// review. Ben edits line 2's translation, presses Comment beside it, and types why: the review comes back with
// his edit kept and the comment beside line 2; it is recorded as a reply "#2 …" in the thread would be (by the
// line's stable number, open), listed on the status message, and shown in Ana's review too. An empty comment is
// refused under its input; Back returns to the review with nothing noted.
import { byKind, waitFor } from '@dubkit/slack-sandbox';
import { describe, expect, it } from 'vitest';
import { LINE_COMMENT } from './features/review/line-comment.ts';
import { REVIEW } from './features/review/modal.ts';
import { THREAD_ACTIONS } from './features/review/thread-blocks.ts';
import { ANA, BEN, WAIT_MS } from './test-support/people.ts';
import { qaOff } from './test-support/qa.ts';
import { dubbedJob, openModal, pageValues, viewOf } from './test-support/review.ts';
import { useStage } from './test-support/stage.ts';

const CHANNEL = 'C37LINECOMMENT';
const TEST_MS = 90_000;

// biome-ignore lint/suspicious/noExplicitAny: Block Kit JSON as the fake Slack holds it
type Loose = Record<string, any>;

/** The review's line `n`: its heading's text, its segment id (its controls' block), its translation's input. */
function lineOf(view: Loose, n: number) {
  let number = 0;
  const line = { head: '', segmentId: '', translation: '' };
  for (const block of view.blocks as Loose[]) {
    const heading = block.type === 'section' ? /^\*#(\d+)\*/.exec(block.text.text) : null;
    if (heading) number = Number(heading[1]);
    if (number !== n) continue;
    if (heading) line.head = block.text.text;
    if (block.block_id?.startsWith(REVIEW.dstBlock)) line.translation = block.element.initial_value ?? '';
    if (block.block_id?.startsWith(REVIEW.metaBlock))
      line.segmentId = block.block_id.slice(REVIEW.metaBlock.length);
  }
  return line;
}

const commentText = (value: string) => ({
  [LINE_COMMENT.textBlock]: { [LINE_COMMENT.textAction]: { type: 'plain_text_input', value } },
});

describe('Comment on a line, in the review', () => {
  const stage = useStage({ speed: 100 });

  it(
    'notes the comment on the line by its number, beside it in the review and on the status message',
    async () => {
      stage.slack.setMembers(CHANNEL, [ANA, BEN]);
      await qaOff(stage, CHANNEL);
      const { card, dubbed, target } = await dubbedJob(stage, CHANNEL, 'https://vimeo.com/line-comment', ANA);

      const reviewId = await openModal(stage, dubbed, THREAD_ACTIONS.review, BEN, REVIEW.callbackId);
      const second = lineOf(viewOf(stage, reviewId), 2);
      expect(second.segmentId).not.toBe('');
      // Ben rewrites line 2, then presses Comment beside it: the dialog takes the review's place.
      await stage.driver.clickInView({
        viewId: reviewId,
        actionId: LINE_COMMENT.open,
        value: second.segmentId,
        user: BEN,
        values: pageValues(viewOf(stage, reviewId), { texts: { 2: 'Una versión menos formal' } }),
      });
      await waitFor(
        () => viewOf(stage, reviewId).callback_id === LINE_COMMENT.callbackId,
        WAIT_MS,
        'the comment dialog',
      );
      expect(JSON.stringify(viewOf(stage, reviewId).blocks)).toContain('Your comment on #2');

      const empty = await stage.driver.submitView({ viewId: reviewId, user: BEN, values: commentText('  ') });
      expect(JSON.parse(empty.body)).toEqual({
        response_action: 'errors',
        errors: { [LINE_COMMENT.textBlock]: 'Type your comment.' },
      });
      expect(await stage.app.store.commentsOf(target.id)).toEqual([]);

      await stage.driver.submitView({ viewId: reviewId, user: BEN, values: commentText('too formal') });
      await waitFor(
        () =>
          viewOf(stage, reviewId).callback_id === REVIEW.callbackId &&
          lineOf(viewOf(stage, reviewId), 2).head.includes('💬 <@U0BEN>: too formal'),
        WAIT_MS,
        'the review again, the comment beside line 2',
      );
      // His edit of line 2 was kept through the dialog.
      expect(lineOf(viewOf(stage, reviewId), 2).translation).toBe('Una versión menos formal');
      expect(lineOf(viewOf(stage, reviewId), 1).head).not.toContain('💬');
      expect(await stage.app.store.commentsOf(target.id)).toMatchObject([
        { segmentId: second.segmentId, number: 2, userId: BEN, text: 'too formal', resolvedIn: null },
      ]);
      const status = () => byKind(stage.slack.thread(CHANNEL, card.ts), 'status')[0]!;
      await waitFor(
        () => JSON.stringify(status().blocks).includes('💬 1 comment (1 open): #2 open'),
        WAIT_MS,
        'the comment on the status message',
      );

      // Comment on line 1, then Back: the review again, nothing noted.
      await stage.driver.clickInView({
        viewId: reviewId,
        actionId: LINE_COMMENT.open,
        value: lineOf(viewOf(stage, reviewId), 1).segmentId,
        user: BEN,
        values: pageValues(viewOf(stage, reviewId)),
      });
      await waitFor(
        () => viewOf(stage, reviewId).callback_id === LINE_COMMENT.callbackId,
        WAIT_MS,
        'the dialog for line 1',
      );
      await stage.driver.clickInView({
        viewId: reviewId,
        actionId: LINE_COMMENT.back,
        user: BEN,
        values: {},
      });
      await waitFor(
        () => viewOf(stage, reviewId).callback_id === REVIEW.callbackId,
        WAIT_MS,
        'back to the review',
      );
      expect(await stage.app.store.commentsOf(target.id)).toHaveLength(1);

      // Ana's own review shows Ben's comment beside line 2.
      const anas = await openModal(stage, dubbed, THREAD_ACTIONS.review, ANA, REVIEW.callbackId);
      expect(lineOf(viewOf(stage, anas), 2).head).toContain('💬 <@U0BEN>: too formal');
    },
    TEST_MS,
  );
});
