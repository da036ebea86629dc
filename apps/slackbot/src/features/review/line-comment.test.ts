// The line's comment dialog within Slack's limits with the largest inputs, its text escaped, and read back.
import { describe, expect, it } from 'vitest';
import { viewProblems } from '../../test-support/block-limits.ts';
import { long } from '../../test-support/inputs.ts';
import {
  LINE_COMMENT,
  lineCommentSubject,
  lineCommentView,
  parseLineCommentSubject,
  readLineCommentText,
} from './line-comment.ts';

const segment = {
  id: 'seg|7',
  start: '01:59:57,000',
  end: '01:59:59,999',
  speaker: null,
  src: `<b>${long(3000)}`,
  dst: `&${long(15000)}`,
  comments: Array.from({ length: 40 }, (_, i) => ({ userId: `U${i}`, text: `<@U0BOSS> ${long(500)}` })),
};

describe('the comment dialog of a line in the review', () => {
  it('stays within limits with the longest line and many comments, escaping what people wrote', () => {
    const view = lineCommentView({ sessionId: long(64), lang: 'es', segment, number: 12 });
    expect(viewProblems(view)).toEqual([]);
    const said = JSON.stringify(view.blocks);
    expect(said).toContain('Your comment on #12');
    expect(said).toContain('&lt;b&gt;');
    expect(said).not.toContain('<@U0BOSS>');
    expect(said).toContain(LINE_COMMENT.back);
    expect(view.callback_id).toBe(LINE_COMMENT.callbackId);
  });

  it('grants the session and the line, whatever the line id holds', () => {
    const view = lineCommentView({ sessionId: 'rs1', lang: 'es', segment, number: 12 });
    expect(view.private_metadata).toBe(lineCommentSubject('rs1', 'seg|7'));
    expect(parseLineCommentSubject(view.private_metadata ?? '')).toEqual({
      sessionId: 'rs1',
      segmentId: 'seg|7',
    });
    expect(parseLineCommentSubject('no-bar')).toBeUndefined();
  });

  it('reads the comment trimmed, empty when nothing was typed', () => {
    const typed = (value: string | undefined) => ({
      [LINE_COMMENT.textBlock]: { [LINE_COMMENT.textAction]: { type: 'plain_text_input', value } },
    });
    expect(readLineCommentText(typed('  too formal \n'))).toBe('too formal');
    expect(readLineCommentText(typed(undefined))).toBe('');
    expect(readLineCommentText({})).toBe('');
  });
});
