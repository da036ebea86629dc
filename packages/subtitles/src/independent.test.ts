// Our writers' output read by independent, maintained parsers (imsc, webvtt-parser, ass-compiler) gives the cues
// that were written; and our readers read it back to the same cues (round trips), whatever the cues.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSubtitles, type SubtitleFormat, writeSubtitles } from './formats.ts';
import type { Subtitles } from './model.ts';
import {
  SRT_ALPHABET,
  subtitlesArbitrary,
  withoutSpeakers,
  withoutStrike,
} from './test-support/arbitraries.ts';
import { cuesByAssCompiler, cuesByImsc, cuesByWebvttParser } from './test-support/independent.ts';

const RUNS = { numRuns: 150 };

function roundTrip(subtitles: Subtitles, format: SubtitleFormat) {
  const written = writeSubtitles(subtitles, format);
  const read = readSubtitles(written, { format });
  expect(read.issues).toEqual([]);
  return read.subtitles;
}

describe('independent parsers read what we write', () => {
  it('imsc reads our IMSC 1.1 with the same times, lines, styles and placement', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), (subtitles) => {
        expect(cuesByImsc(writeSubtitles(subtitles, 'ttml'))).toEqual(withoutSpeakers(subtitles.cues));
      }),
      RUNS,
    );
  });

  it('imsc reads our EBU-TT-D with the same cues', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), (subtitles) => {
        expect(cuesByImsc(writeSubtitles(subtitles, 'ebu-tt-d'))).toEqual(withoutSpeakers(subtitles.cues));
      }),
      RUNS,
    );
  });

  it('webvtt-parser reads our WebVTT with the same cues and speakers, without an error', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), (subtitles) => {
        expect(cuesByWebvttParser(writeSubtitles(subtitles, 'vtt'))).toEqual(withoutStrike(subtitles.cues));
      }),
      RUNS,
    );
  });

  it('webvtt-parser accepts WebVTT written from cues out of order and cues without text, sorted and without them', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), fc.integer(), (subtitles, seed) => {
        // The same cues shuffled, with an empty cue after every other one.
        const shuffled = [...subtitles.cues]
          .map((cue, i) => ({ cue, key: (i * 7919 + seed) % 101 }))
          .sort((a, b) => a.key - b.key)
          .flatMap(({ cue }, i) => (i % 2 ? [cue, { ...cue, lines: [] }] : [cue]));
        const vtt = writeSubtitles({ cues: shuffled }, 'vtt');
        expect(cuesByWebvttParser(vtt)).toEqual(withoutStrike(subtitles.cues));
        expect(
          readSubtitles(writeSubtitles({ cues: shuffled }, 'srt'), { format: 'srt' }).subtitles.cues,
        ).toEqual(withoutSpeakers(subtitles.cues));
      }),
      RUNS,
    );
  });

  it('ass-compiler reads our ASS with the same cues and speakers', () => {
    fc.assert(
      fc.property(subtitlesArbitrary({ centiseconds: true }), (subtitles) => {
        expect(cuesByAssCompiler(writeSubtitles(subtitles, 'ass'))).toEqual(subtitles.cues);
      }),
      RUNS,
    );
  });
});

describe('round trips through our own readers', () => {
  it('IMSC 1.1 keeps everything the model holds', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), (s) => void expect(roundTrip(s, 'ttml')).toEqual(s)),
      RUNS,
    );
  });

  it('EBU-TT-D keeps everything but speakers', () => {
    fc.assert(
      fc.property(subtitlesArbitrary(), (s) => {
        expect(roundTrip(s, 'ebu-tt-d')).toEqual({ ...s, cues: withoutSpeakers(s.cues) });
      }),
      RUNS,
    );
  });

  it('WebVTT keeps everything but the language and strike-through', () => {
    fc.assert(
      fc.property(
        subtitlesArbitrary(),
        (s) => void expect(roundTrip(s, 'vtt')).toEqual({ cues: withoutStrike(s.cues) }),
      ),
      RUNS,
    );
  });

  it('ASS keeps everything at centisecond times', () => {
    fc.assert(
      fc.property(
        subtitlesArbitrary({ centiseconds: true }),
        (s) => void expect(roundTrip(s, 'ass')).toEqual(s),
      ),
      RUNS,
    );
  });

  it('SRT keeps times, lines, styles and placement', () => {
    fc.assert(
      fc.property(subtitlesArbitrary({ alphabet: SRT_ALPHABET }), (s) => {
        expect(roundTrip(s, 'srt')).toEqual({ cues: withoutSpeakers(s.cues) });
      }),
      RUNS,
    );
  });
});
