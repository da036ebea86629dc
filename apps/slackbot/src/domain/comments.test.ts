// Replies read as comments on a line: "#12 …", "01:23 …", "German #12 …"; anything else is not one. The reader
// is one walk over the text: a long hostile reply is read in time proportional to its length.
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX, readLineComment } from './comments.ts';

describe('readLineComment', () => {
  it('reads a number or a time as the anchor, the words before it, and what is said', () => {
    expect(readLineComment('#12 too formal')).toEqual({
      before: '',
      anchor: { kind: 'number', number: 12 },
      text: 'too formal',
    });
    expect(readLineComment('01:23 the name is wrong')).toEqual({
      before: '',
      anchor: { kind: 'time', ms: 83_000 },
      text: 'the name is wrong',
    });
    expect(readLineComment('1:02:03: too fast')?.anchor).toEqual({ kind: 'time', ms: 3_723_000 });
    expect(readLineComment('German #4: reads too formal')).toEqual({
      before: 'German',
      anchor: { kind: 'number', number: 4 },
      text: 'reads too formal',
    });
  });

  it('is not a comment without an anchor near the start, or without words after it', () => {
    for (const text of [
      'looks great',
      '#12',
      '#0 nothing',
      '#12abc words',
      '1:75 not a time',
      'we should meet at some point tomorrow around #5 maybe',
      'issue#12 words',
    ])
      expect(readLineComment(text)).toBeUndefined();
    expect(readLineComment(`#3 ${'x'.repeat(2000)}`)?.text).toHaveLength(COMMENT_MAX);
  });

  it('reads a long hostile reply in linear time', () => {
    const time = (n: number) => {
      const text = '1:1:1 '.repeat(n) + '#'.repeat(n);
      const start = performance.now();
      for (let i = 0; i < 20; i++) readLineComment(text);
      return performance.now() - start;
    };
    time(1000);
    const small = time(10_000);
    const large = time(40_000);
    expect(large).toBeLessThanOrEqual(Math.max(small, 1) * 6);
  });
});
