import { describe, expect, it } from 'vitest';
import { renderNumbers, renderOfReplyKey, renderReplyKey, shownRender } from './renders.ts';

describe('render numbers people see', () => {
  it('counts the renders delivered, never a failed attempt', () => {
    // Attempts 1 and 3 failed; 2, 4 and 5 delivered.
    const delivered = [2, 4, 5];
    expect([2, 4, 5].map((attempt) => shownRender(attempt, delivered))).toEqual([1, 2, 3]);
    // An attempt under way (or failed) has the number its delivery would have.
    expect(shownRender(1, delivered)).toBe(1);
    expect(shownRender(3, delivered)).toBe(2);
    expect(shownRender(6, delivered)).toBe(4);
  });

  it('is each attempt itself when none failed', () => {
    const renders = renderNumbers([1, 2, 3]);
    expect([1, 2, 3, 4].map(renders)).toEqual([1, 2, 3, 4]);
    expect(renderNumbers([])(1)).toBe(1);
  });

  it('keeps the attempt as the reply’s key', () => {
    expect(renderReplyKey('t1', 3)).toBe('dubbed:t1.3');
    expect(renderOfReplyKey('dubbed:t1.3')).toEqual({ targetId: 't1', render: 3 });
  });
});
