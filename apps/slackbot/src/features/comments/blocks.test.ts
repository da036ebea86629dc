// The comments line on a status message and the Resolve dialog: escaped, within Slack's limits at their largest,
// and the button only while a comment is open.
import { describe, expect, it } from 'vitest';
import type { SegmentComment } from '../../domain/comments.ts';
import { blockProblems, viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import { button, LIMITS } from '../../ui/blocks.ts';
import { COMMENT_ACTIONS, commentsBlocks, resolveModal } from './blocks.ts';

/** Every attempt delivered: the numbers shown are the attempts. */
const asAttempts = (attempt: number) => attempt;

const comment = (i: number, over: Partial<SegmentComment> = {}): SegmentComment => ({
  id: `c${i}`,
  targetId: 't1',
  segmentId: `s${i}`,
  number: i,
  userId: 'U0BEN',
  text: `<!channel> *${long(600)}*`,
  render: 1,
  at: i,
  resolvedIn: null,
  resolvedBy: null,
  ...over,
});

describe('comments on the status message', () => {
  it('lists each by number and state, the latest 15, and offers Resolve while one is open', () => {
    const resolve = button('Resolve comments…', COMMENT_ACTIONS.open, 't1');
    const many = Array.from({ length: 40 }, (_, i) =>
      comment(i + 1, i === 39 ? {} : { resolvedIn: 2, resolvedBy: i % 2 ? 'U0ANA' : null }),
    );
    const blocks = commentsBlocks(many, resolve, asAttempts);
    const text = JSON.stringify(blocks);
    expect(text).toContain('💬 40 comments (1 open):');
    expect(text).toContain('#26 resolved by <@U0ANA> · #27 resolved in render 2');
    expect(text).toContain('#40 open · and 25 earlier');
    expect(text).toContain(COMMENT_ACTIONS.open);
    expect(blockProblems(blocks, LIMITS.messageBlocks)).toEqual([]);
    const closed = commentsBlocks([comment(1, { resolvedIn: 2, resolvedBy: null })], resolve, asAttempts);
    expect(JSON.stringify(closed)).not.toContain(COMMENT_ACTIONS.open);
    expect(commentsBlocks([], resolve, asAttempts)).toEqual([]);
  });

  it('offers at most 10 open comments to tick, within a modal’s limits', () => {
    const view = resolveModal({
      lang: 'de',
      subject: 't1',
      open: Array.from({ length: 30 }, (_, i) => comment(i + 1)),
    });
    expect(viewProblems(view)).toEqual([]);
    expect(JSON.stringify(view)).toContain('and 20 more');
    expect(view.private_metadata).toBe('t1');
  });
});
