import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintSubtitles } from './lint.ts';
import { resolveLimits } from './lint-presets.ts';
import { parseSrtLocated } from './parse.ts';
import { countCharacters, visibleText } from './reading-length.ts';
import type { Cue } from './types.ts';

const cue = (index: number, startMs: number, endMs: number, text: string): Cue => ({
  index,
  startMs,
  endMs,
  text,
});
/** Rule, value and limit of each issue: what the tests assert on. */
const found = (cues: Cue[], options: Parameters<typeof lintSubtitles>[1]) =>
  lintSubtitles(cues, options).issues.map(({ cue, rule, value, limit, line }) => ({
    cue,
    rule,
    value,
    limit,
    line,
  }));

describe('lintSubtitles: characters per line', () => {
  it('accepts 42 characters on a line and reports 43 (Netflix), naming the line', () => {
    const ok = cue(1, 0, 5000, `${'a'.repeat(42)}\n${'b'.repeat(10)}`);
    const over = cue(2, 6000, 11000, `${'b'.repeat(10)}\n${'a'.repeat(43)}`);
    expect(found([ok, over], { preset: 'netflix' })).toEqual([
      { cue: 1, rule: 'chars-per-line', value: 43, limit: 42, line: 2 },
    ]);
  });

  it('does not count markup, and counts a letter with a combining accent once', () => {
    const tagged = `<i>${'a'.repeat(40)}</i>{\\an8}<font color="red">é</font>`;
    expect(countCharacters(visibleText(tagged), { narrowCountsHalf: false })).toBe(41);
    const decomposed = `${'e\u0301'.repeat(42)}`;
    expect(found([cue(1, 0, 5000, decomposed)], { preset: 'netflix' })).toEqual([]);
    expect(found([cue(1, 0, 5000, `${decomposed}x`)], { preset: 'netflix' })).toEqual([
      { cue: 0, rule: 'chars-per-line', value: 43, limit: 42, line: 1 },
    ]);
  });

  it('BBC: 37 characters, and 38 reported', () => {
    expect(found([cue(1, 0, 5000, 'a'.repeat(37))], { preset: 'bbc' })).toEqual([]);
    expect(found([cue(1, 0, 5000, 'a'.repeat(38))], { preset: 'bbc' })).toEqual([
      { cue: 0, rule: 'chars-per-line', value: 38, limit: 37, line: 1 },
    ]);
  });

  it('Japanese (Netflix): 13 full-width characters; half-width ones count 0.5', () => {
    const options = { preset: 'netflix' as const, lang: 'ja-JP' };
    expect(
      found([cue(1, 0, 5000, 'あ'.repeat(13))], { ...options, limits: { maxCharsPerSecond: 100 } }),
    ).toEqual([]);
    expect(
      found([cue(1, 0, 5000, 'あ'.repeat(14))], { ...options, limits: { maxCharsPerSecond: 100 } }),
    ).toEqual([{ cue: 0, rule: 'chars-per-line', value: 14, limit: 13, line: 1 }]);
    // 12 wide + 2 narrow = 13; one more narrow is 13.5.
    expect(
      found([cue(1, 0, 5000, `${'漢'.repeat(12)}AB`)], { ...options, limits: { maxCharsPerSecond: 100 } }),
    ).toEqual([]);
    expect(
      found([cue(1, 0, 5000, `${'漢'.repeat(12)}ABC`)], { ...options, limits: { maxCharsPerSecond: 100 } }),
    ).toEqual([{ cue: 0, rule: 'chars-per-line', value: 13.5, limit: 13, line: 1 }]);
  });

  it('Chinese and Korean (Netflix): 16 per line; Chinese counts every character as one', () => {
    const wide = { maxCharsPerSecond: 100 };
    expect(
      found([cue(1, 0, 5000, '中'.repeat(16))], { preset: 'netflix', lang: 'zh-Hant', limits: wide }),
    ).toEqual([]);
    expect(
      found([cue(1, 0, 5000, `${'中'.repeat(15)}AB`)], { preset: 'netflix', lang: 'zh', limits: wide }),
    ).toEqual([{ cue: 0, rule: 'chars-per-line', value: 17, limit: 16, line: 1 }]);
    expect(
      found([cue(1, 0, 5000, `${'한'.repeat(15)}AB`)], { preset: 'netflix', lang: 'ko', limits: wide }),
    ).toEqual([]);
    expect(
      found([cue(1, 0, 5000, '한'.repeat(17))], { preset: 'netflix', lang: 'ko', limits: wide }),
    ).toEqual([{ cue: 0, rule: 'chars-per-line', value: 17, limit: 16, line: 1 }]);
  });
});

describe('lintSubtitles: lines per cue', () => {
  it('accepts 2 lines and reports 3; a line holding only markup is no line', () => {
    expect(found([cue(1, 0, 5000, '{\\an8}\nOne\nTwo')], { preset: 'netflix' })).toEqual([]);
    expect(found([cue(1, 0, 5000, 'One\nTwo\nThree')], { preset: 'netflix' })).toEqual([
      { cue: 0, rule: 'lines-per-cue', value: 3, limit: 2, line: undefined },
    ]);
  });
});

describe('lintSubtitles: reading speed', () => {
  it('counts shown characters with spaces, not line breaks, over the duration: 20 cps passes, 20.5 does not', () => {
    // 40 characters (two lines of 20, the break not counted) in 2 s is 20 per second.
    const text = `${'a'.repeat(9)} ${'b'.repeat(10)}\n${'c'.repeat(20)}`;
    expect(found([cue(1, 0, 2000, text)], { preset: 'netflix' })).toEqual([]);
    expect(found([cue(1, 0, 2000, `${text}x`)], { preset: 'netflix' })).toEqual([
      { cue: 0, rule: 'reading-speed', value: 20.5, limit: 20, line: undefined },
    ]);
  });

  it("children's programs: 17 per second", () => {
    expect(found([cue(1, 0, 2000, 'a'.repeat(34))], { preset: 'netflix-children' })).toEqual([]);
    expect(found([cue(1, 0, 2000, 'a'.repeat(35))], { preset: 'netflix-children' })).toEqual([
      { cue: 0, rule: 'reading-speed', value: 17.5, limit: 17, line: undefined },
    ]);
  });

  it('Japanese: 4 per second; Korean 12; Chinese 9; BBC 15', () => {
    expect(found([cue(1, 0, 2000, 'あ'.repeat(8))], { preset: 'netflix', lang: 'ja' })).toEqual([]);
    expect(found([cue(1, 0, 2000, 'あ'.repeat(9))], { preset: 'netflix', lang: 'ja' })).toEqual([
      { cue: 0, rule: 'reading-speed', value: 4.5, limit: 4, line: undefined },
    ]);
    expect(
      found([cue(1, 0, 2000, '한'.repeat(12) + '\n' + '한'.repeat(12))], { preset: 'netflix', lang: 'ko' }),
    ).toEqual([]);
    expect(
      found([cue(1, 0, 2000, `${'中'.repeat(10)}\n${'中'.repeat(9)}`)], { preset: 'netflix', lang: 'zh' }),
    ).toEqual([{ cue: 0, rule: 'reading-speed', value: 9.5, limit: 9, line: undefined }]);
    expect(found([cue(1, 0, 2000, 'a'.repeat(30))], { preset: 'bbc' })).toEqual([]);
    expect(found([cue(1, 0, 2000, 'a'.repeat(31))], { preset: 'bbc' })).toEqual([
      { cue: 0, rule: 'reading-speed', value: 15.5, limit: 15, line: undefined },
    ]);
  });
});

describe('lintSubtitles: duration', () => {
  it('Netflix: 833 ms (5/6 s) and 7,000 ms pass; 832 ms and 7,001 ms do not', () => {
    expect(found([cue(1, 0, 833, 'Hi'), cue(2, 1000, 8000, 'Hi')], { preset: 'netflix' })).toEqual([]);
    expect(found([cue(1, 0, 832, 'Hi'), cue(2, 1000, 8001, 'Hi')], { preset: 'netflix' })).toEqual([
      { cue: 0, rule: 'min-duration', value: 832, limit: 833, line: undefined },
      { cue: 1, rule: 'max-duration', value: 7001, limit: 7000, line: undefined },
    ]);
  });
});

describe('lintSubtitles: gaps and overlaps', () => {
  it('Netflix: 2 frames between cues: 83 ms at 24 fps, 80 ms at 25 fps', () => {
    const pair = (gap: number) => [cue(1, 0, 1000, 'Hi'), cue(2, 1000 + gap, 2000 + gap, 'Hi')];
    expect(found(pair(83), { preset: 'netflix' })).toEqual([]);
    expect(found(pair(82), { preset: 'netflix' })).toEqual([
      { cue: 1, rule: 'min-gap', value: 82, limit: 83, line: undefined },
    ]);
    expect(found(pair(0), { preset: 'netflix' })).toEqual([
      { cue: 1, rule: 'min-gap', value: 0, limit: 83, line: undefined },
    ]);
    expect(found(pair(80), { preset: 'netflix', frameRate: 25 })).toEqual([]);
    expect(found(pair(79), { preset: 'netflix', frameRate: 25 })).toEqual([
      { cue: 1, rule: 'min-gap', value: 79, limit: 80, line: undefined },
    ]);
  });

  it('reports an overlap by how much, against the latest end above (not only the cue just before)', () => {
    const cues = [cue(1, 0, 5000, 'Long'), cue(2, 1000, 2000, 'Short'), cue(3, 4000, 4900, 'Third')];
    expect(lintSubtitles(cues).issues).toEqual([
      {
        cue: 1,
        index: 2,
        rule: 'overlap',
        value: 4000,
        limit: 0,
        message: 'cue 2 starts (00:00:01,000) 4000 ms before cue 1 ends (00:00:05,000)',
      },
      {
        cue: 2,
        index: 3,
        rule: 'overlap',
        value: 1000,
        limit: 0,
        message: 'cue 3 starts (00:00:04,000) 1000 ms before cue 1 ends (00:00:05,000)',
      },
    ]);
    // Touching cues do not overlap, and with no preset no gap is asked for.
    expect(lintSubtitles([cue(1, 0, 1000, 'a'), cue(2, 1000, 2000, 'b')]).issues).toEqual([]);
  });
});

describe('lintSubtitles: limits and lines in the file', () => {
  it('takes custom limits over the preset; a rule with no limit is not checked', () => {
    const long = cue(1, 0, 10_000, 'a'.repeat(50));
    expect(found([long], { limits: { maxCharsPerLine: 50 } })).toEqual([]);
    expect(
      found([long], { preset: 'netflix', limits: { maxCharsPerLine: 49, maxDurationMs: 10_000 } }),
    ).toEqual([{ cue: 0, rule: 'chars-per-line', value: 50, limit: 49, line: 1 }]);
    expect(resolveLimits({ preset: 'netflix', lang: 'ja', limits: { maxCharsPerLine: 20 } })).toEqual({
      maxCharsPerLine: 20,
      maxLines: 2,
      maxCharsPerSecond: 4,
      minDurationMs: 833,
      maxDurationMs: 7000,
      minGapMs: 83,
      narrowCountsHalf: true,
    });
  });

  it('refuses an unknown preset and a frame rate that is not positive', () => {
    expect(() => lintSubtitles([], { preset: 'nope' as 'bbc' })).toThrow(
      /unknown preset "nope"; the presets are netflix/,
    );
    expect(() => lintSubtitles([], { frameRate: 0 })).toThrow(/frameRate must be a positive number/);
  });

  it('gives the line in the file when told where each cue is (parseSrtLocated)', () => {
    const srt = `1\n00:00:01,000 --> 00:00:05,000\nShort\n${'x'.repeat(43)}\n\n2\n00:00:05,010 --> 00:00:06,000\nHi\n`;
    const { cues, lines } = parseSrtLocated(srt);
    const issues = lintSubtitles(cues, { preset: 'netflix', lines }).issues;
    expect(issues.map(({ rule, fileLine, message }) => ({ rule, fileLine, message }))).toEqual([
      { rule: 'chars-per-line', fileLine: 4, message: 'cue 1, line 2: 43 characters; at most 42 per line' },
      { rule: 'min-gap', fileLine: 7, message: 'cue 2 starts 10 ms after cue 1 ends; leave at least 83 ms' },
    ]);
  });

  it('lints cues with times formatTimecode refuses without throwing', () => {
    const issues = lintSubtitles([cue(1, 0, 1000, 'a'), cue(2, -5, 10, 'b')]).issues;
    expect(issues.map((issue) => issue.message)).toEqual([
      'cue 2 starts (-5 ms) 1005 ms before cue 1 ends (00:00:01,000)',
    ]);
  });
});

describe('countCharacters', () => {
  it('counts grapheme clusters, as Intl.Segmenter does, with or without its quick path', () => {
    const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });
    const piece = fc.constantFrom(
      'a',
      ' ',
      'é',
      'e\u0301',
      '\u0301',
      '東',
      'ｱ',
      '한',
      '\u1100\u1161',
      '👍🏽',
      '🇫🇷',
      '‍',
      '️',
      'ก',
      'ั',
      '\ud800',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 2 })), { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        expect(countCharacters(text, { narrowCountsHalf: false })).toBe([...segmenter.segment(text)].length);
      }),
      { numRuns: 1000 },
    );
  });
});
