// The pairs of a many-language term list, and their reports in one message within Slack's limits.
import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../test-support/block-limits.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { importReport } from './blocks.ts';
import { languagePairs, MAX_PAIRS, pairName, pairsReport } from './pairs.ts';

describe('language pairs of a file', () => {
  it('pairs the first language with each other one, once; one pair or none is not many', () => {
    expect(languagePairs(['en', 'es', 'de', 'es', 'en'])).toEqual([
      { src: 'en', dst: 'es' },
      { src: 'en', dst: 'de' },
    ]);
    expect(languagePairs(['en', 'es'])).toEqual([]);
    expect(languagePairs(undefined)).toEqual([]);
    expect(pairName('Brand', { src: 'en', dst: 'pt-br' })).toBe('Brand (en→pt-br)');
  });

  it('reports many pairs in one message within its limits, and counts the columns left out', () => {
    const report = importReport({
      fileName: '<!here>.csv',
      userId: 'U1',
      issues: Array.from({ length: 30 }, (_, i) => ({ line: i, severity: 'warning' as const, message: 'x' })),
      problem: 'nothing',
    });
    const many = pairsReport('<!here>.csv', Array(MAX_PAIRS).fill(report), 5);
    expect(blockProblems(many.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(many.blocks)).toContain('5 more language columns not imported');
    expect(many.text).not.toContain('<!here>');
  });
});
