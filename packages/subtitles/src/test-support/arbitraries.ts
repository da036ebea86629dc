// Generated subtitles for the property tests: cues in order with a gap between each (so that a player's view of
// them, interval by interval, gives back the same cues), styled spans of words, speakers, top or bottom.
import fc from 'fast-check';
import { type CueLine, normalizeLine, type SubtitleCue, type Subtitles, span } from '../model.ts';

const WORDS = ['the', 'café', 'señor', 'A&B', '1<2', '3>2', '"quoted"', "it's", '日本語', 'straße', '—', 'x'];

const word = (alphabet: readonly string[]) => fc.constantFrom(...alphabet);

function lineOf(alphabet: readonly string[]): fc.Arbitrary<CueLine> {
  return fc
    .array(
      fc.record({
        words: fc.array(word(alphabet), { minLength: 1, maxLength: 4 }),
        italic: fc.boolean(),
        bold: fc.boolean(),
        underline: fc.boolean(),
        strike: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) =>
      normalizeLine(
        parts.map((part, i) =>
          span(
            part.words.join(' ') + (i < parts.length - 1 ? ' ' : ''),
            part.italic,
            part.bold,
            part.underline,
            part.strike,
          ),
        ),
      ),
    );
}

export interface SubtitlesOptions {
  /** Words that may appear (SRT cannot carry `<`, which reads back as a tag). */
  alphabet?: readonly string[];
  /** Times in whole centiseconds (ASS). */
  centiseconds?: boolean;
}

export function subtitlesArbitrary(options: SubtitlesOptions = {}): fc.Arbitrary<Subtitles> {
  const alphabet = options.alphabet ?? WORDS;
  const unit = options.centiseconds ? 10 : 1;
  const cue = fc.record({
    gap: fc.integer({ min: 1, max: 5000 }),
    duration: fc.integer({ min: 1, max: 8000 }),
    lines: fc.array(lineOf(alphabet), { minLength: 1, maxLength: 3 }),
    speaker: fc.option(fc.constantFrom('Ana', 'Dr. Who', 'José María', "O'Neil"), { nil: undefined }),
    top: fc.boolean(),
  });
  return fc
    .record({ cues: fc.array(cue, { maxLength: 12 }), lang: fc.constantFrom('en', 'es', 'pt-BR', 'ja') })
    .map(({ cues, lang }) => {
      let ms = 0;
      const out: SubtitleCue[] = cues.map((c) => {
        const startMs = ms + c.gap * unit;
        const endMs = startMs + c.duration * unit;
        ms = endMs;
        const made: SubtitleCue = { startMs, endMs, lines: c.lines };
        if (c.speaker !== undefined) made.speaker = c.speaker;
        if (c.top) made.position = 'top';
        return made;
      });
      return { lang, cues: out };
    });
}

export const SRT_ALPHABET = WORDS.filter((w) => !w.includes('<'));

/** The cues as WebVTT, which has no strike-through, gives them back: struck text plain. */
export function withoutStrike(cues: readonly SubtitleCue[]): SubtitleCue[] {
  return cues.map((cue) => ({
    ...cue,
    lines: cue.lines.map((line) => normalizeLine(line.map(({ strike: _strike, ...part }) => part))),
  }));
}

/** The cues as a format that cannot carry speakers gives them back. */
export function withoutSpeakers(cues: readonly SubtitleCue[]): SubtitleCue[] {
  return cues.map(({ speaker: _speaker, ...cue }) => cue);
}
