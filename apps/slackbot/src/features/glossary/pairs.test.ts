// The pairs of a many-language term list: the source column to each other one, ids the app made, a choice
// checked against them, and the chosen pairs' reports in one message within Slack's limits.
import { describe, expect, it } from 'vitest';
import { blockProblems } from '../../test-support/block-limits.ts';
import { LIMITS } from '../../ui/blocks.ts';
import { importReport } from './blocks.ts';
import {
  distinctLanguages,
  isTermbase,
  languagePairs,
  MAX_PAIRS,
  pairName,
  pairsChosen,
  pairsLeftOut,
  pairsReport,
} from './pairs.ts';
import { findColumn, problemsOfEveryPair } from './termbases.ts';

describe('language pairs of a file', () => {
  it('pairs the source column with each other language, once; two languages are not a termbase', () => {
    const languages = distinctLanguages(['en', 'es', 'de', 'es', 'en']);
    expect(languages).toEqual(['en', 'es', 'de']);
    expect(languagePairs(languages, 0)).toEqual([
      { id: '0>1', src: 'en', dst: 'es' },
      { id: '0>2', src: 'en', dst: 'de' },
    ]);
    expect(languagePairs(languages, 2)).toEqual([
      { id: '2>0', src: 'de', dst: 'en' },
      { id: '2>1', src: 'de', dst: 'es' },
    ]);
    expect(languagePairs(languages, 3)).toEqual([]);
    expect(isTermbase(['en', 'es', 'de'])).toBe(true);
    expect(isTermbase(['en', 'es', 'es'])).toBe(false);
    expect(isTermbase(undefined)).toBe(false);
    expect(pairName('Brand', { src: 'en', dst: 'pt-br' })).toBe('Brand (en→pt-br)');
  });

  it('offers at most MAX_PAIRS pairs and counts the rest', () => {
    const many = Array.from({ length: MAX_PAIRS + 4 }, (_, i) => `l${String.fromCharCode(97 + i)}`);
    expect(languagePairs(many, 0)).toHaveLength(MAX_PAIRS);
    expect(pairsLeftOut(many)).toBe(3);
    expect(pairsLeftOut(['en', 'es', 'de'])).toBe(0);
  });

  it('takes a choice only when every id is one of the offer’s pairs for its source', () => {
    const languages = ['en', 'es', 'de', 'fr'];
    expect(pairsChosen(languages, 0, ['0>3', '0>1', '0>3'])).toEqual([
      { id: '0>3', src: 'en', dst: 'fr' },
      { id: '0>1', src: 'en', dst: 'es' },
    ]);
    expect(pairsChosen(languages, 0, [])).toEqual([]);
    for (const forged of [['0>4'], ['1>0'], ['0>0'], ['en>es'], ['0>1', 'x'], ['__proto__'], ['0>1 ']])
      expect(pairsChosen(languages, 0, forged)).toBeUndefined();
  });

  it('finds the dialog’s source language among the columns, its dialect too', () => {
    expect(findColumn(['en-us', 'es', 'de'], 'de')).toBe(2);
    expect(findColumn(['en-us', 'es', 'de'], 'en')).toBe(0);
    expect(findColumn(['en', 'es', 'de'], 'ja')).toBe(-1);
  });

  it('blocks an offer only for the errors every pair has (the file’s own)', () => {
    const quote = {
      line: 3,
      column: 4,
      severity: 'error' as const,
      code: 'unterminated-quote' as const,
      message: 'q',
    };
    const gap = { line: 2, column: 3, severity: 'error' as const, code: 'empty-term' as const, message: 'g' };
    const warning = { line: 1, severity: 'warning' as const, code: 'extra-languages' as const, message: 'w' };
    expect(
      problemsOfEveryPair([
        [quote, gap, warning],
        [quote, warning],
        [warning, quote],
      ]),
    ).toEqual([quote]);
    expect(problemsOfEveryPair([[gap], []])).toEqual([]);
    expect(problemsOfEveryPair([])).toEqual([]);
  });

  it('reports many pairs in one message within its limits', () => {
    const report = importReport({
      fileName: '<!here>.csv',
      userId: 'U1',
      issues: Array.from({ length: 30 }, (_, i) => ({ line: i, severity: 'warning' as const, message: 'x' })),
      problem: 'nothing',
    });
    const many = pairsReport('<!here>.csv', Array(30).fill(report));
    expect(blockProblems(many.blocks, LIMITS.messageBlocks)).toEqual([]);
    expect(JSON.stringify(many.blocks.at(-1))).toContain('`/dub glossary list`');
    expect(many.text).not.toContain('<!here>');
    expect(pairsReport('t.csv', [report]).text).toBe('1 glossary from t.csv, one per language pair');
  });
});
