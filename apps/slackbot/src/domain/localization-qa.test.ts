// Localization QA of a translation: glossary misses and text-length findings, flagged by segment with reasons,
// overlaps (a platform refuses them), other timing findings left out, and the summary a dubbed reply shows.
import { GlossaryMatcher } from '@dubkit/glossary-csv';
import { describe, expect, it } from 'vitest';
import { checkTranslation, type QaResult, type QaSegment, qaSummary } from './localization-qa.ts';

const tc = (s: number) =>
  `00:00:${String(Math.floor(s)).padStart(2, '0')},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
const segment = (id: string, from: number, to: number, src: string, dst: string): QaSegment => ({
  id,
  start: tc(from),
  end: tc(to),
  src: { text: src },
  dst: { text: dst },
});
const glossary = new GlossaryMatcher(
  { Dashboard: 'tablero', Invoice: 'factura' },
  { srcLang: 'en', dstLang: 'es' },
);

describe('checkTranslation', () => {
  it('flags a segment whose translation lacks a glossary target, saying which term', () => {
    const result = checkTranslation(
      [
        segment('s1', 0, 3, 'Open the dashboard', 'Abre el tablero'),
        segment('s2', 3, 6, 'Send the invoice', 'Envía la cuenta'),
      ],
      { preset: 'netflix', dstLang: 'es', glossary },
    );
    expect(result).toEqual({
      glossaryMisses: 1,
      tooFast: 0,
      tooLong: 0,
      overlaps: 0,
      flagged: [
        {
          segmentId: 's2',
          number: 2,
          start: tc(3),
          end: tc(6),
          reasons: ['Glossary: “Invoice” should be “factura”'],
        },
      ],
    });
  });

  it('flags subtitles that read too fast or have lines too long, by the preset', () => {
    const fast = 'x'.repeat(30); // 30 characters in 1 s: 30 a second, over 20 (Netflix) and 15 (BBC)
    const wide = 'y'.repeat(40); // over the BBC's 37 characters a line, within Netflix's 42
    const segments = [segment('a', 0, 1, 'one', fast), segment('b', 2, 8, 'two', wide)];
    const netflix = checkTranslation(segments, { preset: 'netflix', dstLang: 'es' });
    expect(netflix.flagged.map((f) => [f.segmentId, f.reasons])).toEqual([
      ['a', ['Reads too fast: 30 characters a second (at most 20)']],
    ]);
    const bbc = checkTranslation(segments, { preset: 'bbc', dstLang: 'es' });
    expect([bbc.tooFast, bbc.tooLong]).toEqual([1, 1]);
    expect(bbc.flagged[1]).toEqual({
      segmentId: 'b',
      number: 2,
      start: tc(2),
      end: tc(8),
      reasons: ['Line 1 is too long: 40 characters (at most 37)'],
    });
  });

  it('a segment with several problems is flagged once, with every reason', () => {
    const result = checkTranslation([segment('s1', 0, 1, 'The dashboard', 'x'.repeat(45))], {
      preset: 'netflix',
      dstLang: 'es',
      glossary,
    });
    expect(result.flagged).toHaveLength(1);
    expect(result.flagged[0]!.reasons).toEqual([
      'Glossary: “Dashboard” should be “tablero”',
      'Line 1 is too long: 45 characters (at most 42)',
      'Reads too fast: 45 characters a second (at most 20)',
    ]);
    expect([result.glossaryMisses, result.tooFast, result.tooLong]).toEqual([1, 1, 1]);
  });

  it('leaves out touching and short timecodes, and flags a line that overlaps the one before it', () => {
    const result = checkTranslation(
      [segment('a', 0, 3, 'one', 'uno'), segment('b', 3, 4, 'two', 'dos'), segment('c', 3.5, 5, 'x', 'tres')],
      { preset: 'netflix', dstLang: 'es' },
    );
    expect(result.flagged).toEqual([
      {
        segmentId: 'c',
        number: 3,
        start: '00:00:03,500',
        end: '00:00:05,000',
        reasons: ['Overlaps the line before it by 0.5 s: platforms refuse overlapping subtitles'],
      },
    ]);
    expect(result.overlaps).toBe(1);
    expect(qaSummary(result)).toBe('1 subtitle overlaps the one before it');
  });

  it('uses the language guide of a Netflix preset (Japanese: 4 characters a second)', () => {
    const result = checkTranslation([segment('j', 0, 1, 'Hello there', 'こんにちは、元気')], {
      preset: 'netflix',
      dstLang: 'ja',
    });
    expect(result.tooFast).toBe(1);
  });
});

describe('qaSummary', () => {
  const result = (glossaryMisses: number, tooFast: number, tooLong: number): QaResult => ({
    glossaryMisses,
    tooFast,
    tooLong,
    overlaps: 0,
    flagged: [],
  });
  it('names each kind of finding with its count, singular or plural', () => {
    expect(qaSummary(result(3, 5, 0))).toBe('3 segments miss glossary terms · 5 subtitles read too fast');
    expect(qaSummary(result(1, 0, 1))).toBe(
      '1 segment misses a glossary term · 1 subtitle has lines too long',
    );
    expect(qaSummary(result(0, 1, 2))).toBe('1 subtitle reads too fast · 2 subtitles have lines too long');
  });
  it('is null when nothing was found', () => {
    expect(qaSummary(result(0, 0, 0))).toBeNull();
  });
});
