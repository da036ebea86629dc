import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimecodeError } from './errors.ts';
import { parseSrt } from './parse.ts';
import { HOST_IS_LITTLE_ENDIAN, serializeSrt, serializeSrtPlain } from './serialize.ts';
import { cue } from './test-support/vectors.ts';
import { normalizeCueText } from './text.ts';
import type { Cue } from './types.ts';

describe('serializeSrt', () => {
  const cues = [cue(7, 1000, 2500, 'Hello\nthere'), cue(9, 3000, 4000, 'World')];

  it('renumbers from 1 and writes CRLF everywhere by default', () => {
    expect(serializeSrt(cues)).toBe(
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\nthere\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nWorld\r\n\r\n',
    );
  });

  it('writes LF when asked', () => {
    expect(serializeSrt(cues, { eol: '\n' })).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nHello\nthere\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n\n',
    );
  });

  it('writes every line break of a text with the chosen ending, not only the first', () => {
    expect(serializeSrt([cue(1, 0, 1000, 'one\ntwo\nthree')])).toBe(
      '1\r\n00:00:00,000 --> 00:00:01,000\r\none\r\ntwo\r\nthree\r\n\r\n',
    );
  });

  it('writes nothing for no cues', () => {
    expect(serializeSrt([])).toBe('');
  });

  it('writes hours past 99, coordinates and an empty text', () => {
    const written = serializeSrt(
      [{ ...cue(1, 360_000_000, 360_001_000, ''), position: { x1: 1, x2: 2, y1: 3, y2: 4 } }],
      { eol: '\n' },
    );
    expect(written).toBe('1\n100:00:00,000 --> 100:00:01,000 X1:1 X2:2 Y1:3 Y2:4\n\n\n');
  });

  it('cleans text the way the parser reads it: one kind of line break, no blank lines, no trailing blanks', () => {
    const written = serializeSrt([cue(1, 0, 1000, '\nfirst  \r\n\r\n  second\rthird\t\n')], { eol: '\n' });
    expect(written).toBe('1\n00:00:00,000 --> 00:00:01,000\nfirst\n  second\nthird\n\n');
    expect(normalizeCueText('\nfirst  \r\n\r\n  second\rthird\t\n')).toBe('first\n  second\nthird');
  });

  it('refuses a time that cannot be written, and writes again afterwards', () => {
    expect(() => serializeSrt([cue(1, -5, 1000, 'x')])).toThrow(TimecodeError);
    expect(() => serializeSrt([cue(1, 0, 10.5, 'x')])).toThrow(TimecodeError);
    expect(serializeSrt([cue(1, 0, 1000, 'x')], { eol: '\n' })).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nx\n\n',
    );
  });

  it('refuses to be called from inside itself, and writes again afterwards', () => {
    const sneaky = {
      index: 1,
      startMs: 0,
      endMs: 1000,
      get text(): string {
        return serializeSrt([cue(1, 0, 1000, 'inner')]);
      },
    };
    expect(() => serializeSrt([sneaky])).toThrow(/called again while it was writing/);
    expect(serializeSrt([cue(1, 0, 1000, 'x')], { eol: '\n' })).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nx\n\n',
    );
  });

  // Cues are written in blocks of 512, numbers in digit pairs, and cues with coordinates or hours past 99 on a
  // separate path: every digit count up to six, block edges, and the other path at a power of ten.
  it.each(['\r\n', '\n'] as const)('numbers 100,001 cues in order across blocks (eol %j)', (eol) => {
    const cues: Cue[] = [];
    for (let i = 0; i < 100_001; i++) {
      cues.push(cue(i + 1, i * 1000, i * 1000 + 500, i % 3 === 0 ? `line ${i}\nsecond` : `line ${i}`));
    }
    for (const index of [10, 512, 513, 1000, 100_000])
      cues[index - 1]!.position = { x1: 1, x2: 2, y1: 3, y2: 4 };
    cues[100_000] = cue(100_001, 400_000_000, 400_000_001, 'past 99 hours');
    const written = serializeSrt(cues, { eol });
    expect(written).toContain(
      `${eol}${eol}1000${eol}00:16:39,000 --> 00:16:39,500 X1:1 X2:2 Y1:3 Y2:4${eol}`,
    );
    expect(written).toContain(
      `${eol}${eol}100001${eol}111:06:40,000 --> 111:06:40,001${eol}past 99 hours${eol}${eol}`,
    );
    expect(parseSrt(written)).toEqual({ cues, issues: [] });
  });
});

// Text as parseSrt returns it: lines without trailing blanks, none empty, none a timecode line.
const textLine = fc
  .string({
    unit: fc.constantFrom(
      'a',
      'Z',
      '1',
      ' ',
      '-',
      '>',
      '<',
      'i',
      '/',
      'é',
      '€',
      '“',
      '\t',
      ':',
      ',',
      '{',
      '\\',
    ),
    minLength: 1,
    maxLength: 12,
  })
  .map((line) => line.replace(/[ \t]+$/, ''))
  .filter((line) => line.trim() !== '' && !line.includes('-->'));
const cueText = fc.array(textLine, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const position = fc.record({ x1: fc.nat(2000), x2: fc.nat(2000), y1: fc.nat(2000), y2: fc.nat(2000) });

/** Cues in the file's order, each starting at or after the end of the one before, numbered from 1. */
const wellFormedCues = fc
  .array(
    fc.record({
      gap: fc.nat(5000),
      duration: fc.integer({ min: 1, max: 400_000_000 }),
      text: cueText,
      position: fc.option(position, { nil: undefined }),
    }),
    { maxLength: 20 },
  )
  .map((drafts) => {
    let at = 0;
    return drafts.map((draft, i): Cue => {
      const startMs = at + draft.gap;
      at = startMs + draft.duration;
      const result: Cue = { index: i + 1, startMs, endMs: at, text: draft.text };
      if (draft.position) result.position = draft.position;
      return result;
    });
  });

describe('parseSrt(serializeSrt(x))', () => {
  it('returns x, with no issue, for either line ending', () => {
    fc.assert(
      fc.property(wellFormedCues, fc.constantFrom('\r\n' as const, '\n' as const), (cues, eol) => {
        expect(parseSrt(serializeSrt(cues, { eol }))).toEqual({ cues, issues: [] });
      }),
    );
  });

  it('returns the cleaned text for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '\t', 'b'), maxLength: 20 }),
        (text) => {
          const [read] = parseSrt(serializeSrt([cue(1, 0, 1000, text)])).cues;
          expect(read?.text).toBe(normalizeCueText(text));
        },
      ),
    );
  });
});

describe('serializeSrt on a big-endian machine', () => {
  it('knows the byte order of this one', () => {
    const probe = new DataView(new Uint16Array([0x0102]).buffer);
    expect(HOST_IS_LITTLE_ENDIAN).toBe(probe.getUint16(0, true) === 0x0102);
  });

  it('writes the same text with every header as a plain string (the path a big-endian host takes)', () => {
    fc.assert(
      fc.property(wellFormedCues, fc.constantFrom('\r\n' as const, '\n' as const), (cues, eol) => {
        const plain = serializeSrtPlain(cues, { eol });
        expect(plain).toBe(serializeSrt(cues, { eol }));
        expect(parseSrt(plain)).toEqual({ cues, issues: [] });
      }),
    );
    // More than one block of 512 cues, numbers of every width up to four digits.
    const many = Array.from({ length: 1500 }, (_, i) => cue(i + 1, i * 2000, i * 2000 + 1500, `line ${i}`));
    expect(serializeSrtPlain(many)).toBe(serializeSrt(many));
  });
});

describe('serializeSrt on text holding a timecode line', () => {
  it('never lets a cue text create a cue: a line that reads as timecodes is written with "-- >"', () => {
    const text = 'Hola\n2\n00:00:00,000 --> 99:59:59,000\nX';
    for (const eol of ['\r\n', '\n'] as const) {
      const srt = serializeSrt([{ index: 1, startMs: 1000, endMs: 2000, text }], { eol });
      const { cues } = parseSrt(srt);
      expect(cues).toHaveLength(1);
      expect(cues[0]!.text).toBe('Hola\n2\n00:00:00,000 -- > 99:59:59,000\nX');
    }
    // Dialogue with an arrow that is no timecode line is written as it is.
    const plain = serializeSrt([{ index: 1, startMs: 0, endMs: 1000, text: 'A --> B' }]);
    expect(parseSrt(plain).cues[0]!.text).toBe('A --> B');
  });
});
