// Property tests with input shaped by an attacker: deep nesting, long attributes, many spans, unclosed tags and
// braces, pumped to thousands of repeats. Every reader must give well-formed cues and issues, never throw; how
// fast is measured by bench/subtitles.bench.ts, and here only how the time grows with the size of a shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSubtitles, type SubtitleFormat, writeSubtitles } from './formats.ts';
import type { ReadResult } from './model.ts';
import { growthRatio } from './test-support/growth.ts';

const TTML_OPEN =
  '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div><p begin="1s" end="2s">';
const PIECES: Record<SubtitleFormat, string[]> = {
  ttml: [
    '<span>',
    '</span>',
    '<span style="a b c">',
    '<br/>',
    '&amp;',
    ' ',
    '\n',
    'x',
    '<p begin="1s" end="2s">',
    '</p>',
    '<',
    '<span tts:color="',
    '"',
  ],
  'ebu-tt-d': [
    '<tt:span>',
    '</tt:span>',
    '<div begin="1s">',
    '</div>',
    '<style xml:id="a" style="a"/>',
    'é',
    '😀',
  ],
  vtt: [
    '\n',
    '\n\n',
    '-->',
    '00:00:01.000 --> 00:00:02.000',
    '<',
    '<v ',
    '<i>',
    '</i>',
    '&',
    '&amp',
    '&#x',
    'NOTE',
    '<rt>',
    '.',
    ' ',
  ],
  ass: [
    '{',
    '}',
    '\\',
    '{\\i1}',
    '\\N',
    ',',
    'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,',
    '\n',
    '[Events]',
    '{\\p1}',
    '{\\r',
  ],
  srt: ['\n', '00:00:01,000 --> 00:00:02,000', '<i>', '<font ', '{\\an8}', '{\\', '1', '<'],
};
const PREFIX: Record<SubtitleFormat, string> = {
  ttml: TTML_OPEN,
  'ebu-tt-d': `${TTML_OPEN}<tt:span xmlns:tt="http://www.w3.org/ns/ttml">`,
  vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n',
  ass: '[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,',
  srt: '1\n00:00:01,000 --> 00:00:02,000\n',
};

function hostile(format: SubtitleFormat): fc.Arbitrary<string> {
  const piece = fc.constantFrom(...PIECES[format], ...PIECES.ttml.slice(0, 4));
  const mixed = fc
    .array(fc.oneof(piece, piece, fc.string({ maxLength: 3 })), { maxLength: 30 })
    .map((p) => p.join(''));
  const pumped = fc
    .tuple(mixed, fc.array(piece, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 3000 }), mixed)
    .map(([prefix, unit, times, suffix]) => prefix + unit.join('').repeat(times) + suffix);
  return fc
    .tuple(fc.boolean(), fc.oneof(mixed, pumped))
    .map(([framed, body]) => (framed ? PREFIX[format] + body : body));
}

function wellFormed(read: ReadResult, input: string): void {
  const lineCount = input.split(/\r\n|\r|\n/).length;
  expect(read.lines).toHaveLength(read.subtitles.cues.length);
  for (const cue of read.subtitles.cues) {
    expect(Number.isSafeInteger(cue.startMs) && cue.startMs >= 0).toBe(true);
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    for (const line of cue.lines) for (const part of line) expect(part.text).not.toBe('');
  }
  for (const issue of read.issues) {
    expect(issue.line).toBeGreaterThanOrEqual(0);
    expect(issue.line).toBeLessThanOrEqual(lineCount + 1);
    expect(issue.message).not.toBe('');
  }
}

describe('readers on hostile input', () => {
  for (const format of ['ttml', 'ebu-tt-d', 'vtt', 'ass', 'srt'] as const) {
    it(`${format}: well-formed cues and issues, and what is read writes and reads back the same`, () => {
      fc.assert(
        fc.property(hostile(format), (input) => {
          const read = readSubtitles(input, { format });
          wellFormed(read, input);
          if (format === 'ttml') {
            const again = readSubtitles(writeSubtitles(read.subtitles, 'ttml'), { format: 'ttml' });
            expect(again.subtitles.cues).toEqual(read.subtitles.cues);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  const chainOf = (length: number) => {
    const chain = Array.from({ length }, (_, i) => `<style xml:id="s${i}" style="s${i + 1}"/>`).join('');
    return `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><head><styling>${chain}<style xml:id="s${length}" style="s0" tts:fontStyle="italic"/></styling></head><body><p begin="0s" end="1s" style="s0">x</p></body></tt>`;
  };

  it('a style that references itself, or a chain of sixty, is resolved once', () => {
    const read = readSubtitles(chainOf(60), { format: 'ttml' });
    expect(read.issues).toEqual([]);
    expect(read.subtitles.cues[0]!.lines).toEqual([[{ text: 'x', italic: true }]]);
  });

  it('a chain of ten thousand styles is followed 64 deep, and says so', () => {
    const read = readSubtitles(chainOf(10_000), { format: 'ttml' });
    expect(read.subtitles.cues[0]!.lines).toEqual([[{ text: 'x' }]]);
    expect(read.issues.map((issue) => issue.code)).toEqual(['style-chain-too-deep']);
  });
});

// Shapes a security audit found quadratic (a 296 KiB style chain froze the app 10.7 s; a 60,000-field Format line
// 13.6 s): 4× the size must take at most 6× the time.
describe('hostile shapes grow linearly', () => {
  const TT = '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">';
  const ASS_HEAD = '[Script Info]\nScriptType: v4.00+\n\n';
  const shapes: { name: string; n: number; build: (n: number) => string; format: SubtitleFormat }[] = [
    {
      name: 'a TTML chain of styles, each referencing the previous one and adding an attribute',
      n: 2000,
      format: 'ttml',
      build: (n) =>
        `${TT}<head><styling>${Array.from(
          { length: n },
          (_, i) => `<style xml:id="s${i}" style="s${i - 1}" tts:a${i}="x" tts:color="red"/>`,
        ).join('')}</styling></head><body><p begin="0s" end="1s" style="s${n - 1}">x</p></body></tt>`,
    },
    {
      name: 'one TTML style with n attributes used by n paragraphs',
      n: 2000,
      format: 'ttml',
      build: (n) =>
        `${TT}<head><styling><style xml:id="s" ${Array.from({ length: n }, (_, i) => `tts:a${i}="x"`).join(' ')}/></styling></head><body>${'<p begin="0s" end="1s" style="s">x</p>'.repeat(n)}</body></tt>`,
    },
    {
      name: 'an ASS Format line of n fields and n Dialogue lines',
      n: 4000,
      format: 'ass',
      // Start, End and Text first, the fields looked up by name (Style, Name) nowhere: the longest search.
      build: (n) =>
        `${ASS_HEAD}[Events]\nFormat: Start, End, Text, ${Array.from({ length: n }, (_, i) => `f${i}`).join(',')}\n${'Dialogue: 0:00:01.00,0:00:02.00,x\n'.repeat(n)}`,
    },
    {
      name: 'an ASS style Format line of n fields and n Style lines',
      n: 4000,
      format: 'ass',
      build: (n) =>
        `${ASS_HEAD}[V4+ Styles]\nFormat: ${Array.from({ length: n }, (_, i) => `f${i}`).join(',')}, Name, Italic\n${Array.from({ length: n }, (_, i) => `Style: s${i}\n`).join('')}[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,s1,,0,0,0,,x\n`,
    },
  ];
  for (const shape of shapes) {
    it(shape.name, () => {
      const read = (input: string) => readSubtitles(input, { format: shape.format });
      expect(read(shape.build(shape.n)).subtitles.cues.length).toBeGreaterThan(0);
      expect(growthRatio(shape.build, read, shape.n)).toBeLessThanOrEqual(6);
    });
  }
});
