// What each writer does with what its format cannot hold as is: escapes, names, centisecond rounding, profile
// structure. And cues from any format checked by @dubkit/srt's lintSubtitles.
import { lintSubtitles } from '@dubkit/srt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centiseconds } from './ass-write.ts';
import { readSubtitles, SUBTITLE_FORMATS, writeSubtitles } from './formats.ts';
import type { Subtitles } from './model.ts';
import { toSrtCues } from './srt-format.ts';
import { cuesByAssCompiler, cuesByImsc, cuesByWebvttParser } from './test-support/independent.ts';

const one = (text: string, speaker?: string): Subtitles => ({
  lang: 'en',
  cues: [{ startMs: 1000, endMs: 2000, lines: [[{ text }]], ...(speaker ? { speaker } : {}) }],
});

describe('IMSC 1.1 and EBU-TT-D', () => {
  it('declare what each profile requires', () => {
    const imsc = writeSubtitles(one('x'), 'ttml');
    for (const required of [
      'xmlns="http://www.w3.org/ns/ttml"',
      'xml:lang="en"',
      'ttp:timeBase="media"',
      'ttp:cellResolution="32 15"',
      'ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text"',
      '<region xml:id="bottom"',
      'region="bottom"',
    ]) {
      expect(imsc).toContain(required);
    }
    const ebu = writeSubtitles(one('x'), 'ebu-tt-d');
    expect(ebu).toContain(
      '<ebuttm:conformsToStandard>urn:ebu:tt:distribution:2014-01</ebuttm:conformsToStandard>',
    );
    expect(ebu).toContain('<p xml:id="c1"');
    // EBU-TT-D: styles only by reference, text only in spans, no agents.
    expect(ebu).not.toMatch(/<(p|span)[^>]* tts:/);
    expect(ebu).not.toMatch(/<p[^>]*>[^<]/);
    expect(ebu).not.toContain('ttm:agent');
  });

  it('escape markup and leave out what XML forbids, so that imsc reads the text as written', () => {
    const subtitles = one('a < b & "c" > d\u0001\u000b\ud800 e');
    for (const format of ['ttml', 'ebu-tt-d'] as const) {
      expect(cuesByImsc(writeSubtitles(subtitles, format))[0]!.lines).toEqual([
        [{ text: 'a < b & "c" > d e' }],
      ]);
    }
  });

  it('write an empty language when none is known, as TTML allows', () => {
    expect(writeSubtitles({ cues: [] }, 'ttml')).toContain('xml:lang=""');
    expect(cuesByImsc(writeSubtitles({ cues: [] }, 'ebu-tt-d'))).toEqual([]);
  });
});

describe('WebVTT', () => {
  it('escapes & and <, and the arrow no cue text may hold', () => {
    const vtt = writeSubtitles(one('a --> b & <c>', 'Ann <B>'), 'vtt');
    expect(vtt).toContain('<v Ann &lt;B&gt;>a --&gt; b &amp; &lt;c></v>');
    expect(cuesByWebvttParser(vtt)[0]).toMatchObject({ lines: [[{ text: 'a --> b & <c>' }]] });
    expect(readSubtitles(vtt).subtitles.cues[0]).toMatchObject({
      speaker: 'Ann <B>',
      lines: [[{ text: 'a --> b & <c>' }]],
    });
  });
});

describe('ASS', () => {
  it('writes braces as full-width forms, a backslash as itself, and commas in names as a full-width comma', () => {
    const ass = writeSubtitles(one('{\\N} ok \\i1 a\u00a0\\', 'Smith, J.'), 'ass');
    expect(ass).toContain('Style: Smith\uff0c J.,');
    expect(ass).toContain(',Smith\uff0c J.,Smith\uff0c J.,0,0,0,,\uff5b\\{}N\uff5d ok \\i1 a\\h\\\n');
    expect(cuesByAssCompiler(ass)[0]).toMatchObject({
      speaker: 'Smith\uff0c J.',
      lines: [[{ text: '\uff5b\\N\uff5d ok \\i1 a\u00a0\\' }]],
    });
    // Read back, the text is the text written: a backslash is no longer turned into another character.
    expect(readSubtitles(ass, { format: 'ass' }).subtitles.cues[0]!.lines).toEqual([
      [{ text: '\uff5b\\N\uff5d ok \\i1 a\u00a0\\' }],
    ]);
  });

  it('writes one style per speaker', () => {
    const subtitles: Subtitles = {
      cues: ['Ana', 'Ben', 'Ana'].map((speaker, i) => ({
        startMs: i * 1000,
        endMs: i * 1000 + 500,
        speaker,
        lines: [[{ text: 'x' }]],
      })),
    };
    expect(writeSubtitles(subtitles, 'ass').match(/^Style: [^,]+/gm)).toEqual([
      'Style: Default',
      'Style: Ana',
      'Style: Ben',
    ]);
  });

  it('rounds to centiseconds without creating an overlap, and gives a cue that would last none one centisecond', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 5, max: 3000 })), {
          maxLength: 20,
        }),
        (spans) => {
          let ms = 0;
          const cues = spans.map(([gap, duration]) => {
            const startMs = ms + gap;
            ms = startMs + duration;
            return { startMs, endMs: ms, lines: [[{ text: 'x' }]] };
          });
          const read = cuesByAssCompiler(writeSubtitles({ cues }, 'ass'));
          read.forEach((cue, i) => {
            expect(cue.startMs).toBeGreaterThanOrEqual(centiseconds(cues[i]!.startMs) * 10);
            expect(cue.endMs).toBeGreaterThan(cue.startMs);
            if (i > 0) expect(cue.startMs).toBeGreaterThanOrEqual(read[i - 1]!.endMs);
          });
        },
      ),
    );
    const tiny = cuesByAssCompiler(
      writeSubtitles({ cues: [{ startMs: 1001, endMs: 1003, lines: [[{ text: 'x' }]] }] }, 'ass'),
    );
    expect(tiny[0]).toMatchObject({ startMs: 1000, endMs: 1010 });
  });
});

describe('lintSubtitles on cues from any format', () => {
  it('finds the same long line and fast cue, with the line each cue begins on in its file', () => {
    const subtitles: Subtitles = {
      cues: [
        { startMs: 0, endMs: 2000, lines: [[{ text: 'short' }]] },
        {
          startMs: 3000,
          endMs: 3500,
          lines: [[{ text: 'a line far too long for any style guide to accept', italic: true }]],
        },
      ],
    };
    for (const format of SUBTITLE_FORMATS) {
      const read = readSubtitles(writeSubtitles(subtitles, format), { format });
      const { issues } = lintSubtitles(toSrtCues(read.subtitles.cues), {
        preset: 'netflix',
        lines: read.lines,
      });
      expect(
        issues.map((issue) => `${issue.index}:${issue.rule}`),
        format,
      ).toEqual(['2:chars-per-line', '2:reading-speed', '2:min-duration']);
      expect(issues[0]!.value, format).toBe(49);
      expect(
        issues.every((issue) => (issue.fileLine ?? 0) > 0),
        format,
      ).toBe(true);
    }
  });
});
