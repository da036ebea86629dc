// Property tests with input shaped by an attacker: runs of blanks, brackets, arrows, line breaks and NULs, pumped
// to thousands of repeats. They check that every reader of untrusted text stays correct on such input; how long it
// takes is measured by bench/srt.bench.ts (a unit test does no timing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCues } from './check-cues.ts';
import { decodeSrtBytes } from './decode.ts';
import { parseSrt } from './parse.ts';
import { segmentsToCues } from './segments.ts';
import { serializeSrt } from './serialize.ts';
import { normalizeCueText } from './text.ts';

/** The pieces attacks on SRT readers are made of. */
const PIECES = [
  ' ',
  '\t',
  '\u00a0',
  '\ufeff',
  '\v',
  '\f',
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  '-->',
  '--',
  '>',
  '1',
  '00:00:01,000',
  '00:00:01,000 --> 00:00:02,000',
  ':',
  ',',
  'X1:1',
  'x',
  'é',
  '😀',
  '<i>',
  '<a ',
  '{\\an8}',
  '{\\',
  '\0',
];

const piece = fc.constantFrom(...PIECES);
/** A short mix of pieces and arbitrary characters. */
const mixed = fc
  .array(fc.oneof(piece, piece, fc.string({ maxLength: 3 })), { maxLength: 40 })
  .map((parts) => parts.join(''));
/** The shape of the reported attacks: a prefix, one piece repeated thousands of times, a suffix. */
const pumped = fc
  .tuple(mixed, fc.array(piece, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 4000 }), mixed)
  .map(([prefix, unit, times, suffix]) => prefix + unit.join('').repeat(times) + suffix);
const hostile = fc.oneof(mixed, pumped);

/** normalizeCueText as it was written with regular expressions; correct, but quadratic on long lines of blanks. */
function regexNormalize(text: string): string {
  if (!/\r|\n\n|^\n|\n$|[ \t\v\f\u00a0\ufeff]\n|[ \t\v\f\u00a0\ufeff]$/.test(text)) return text;
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t\v\f\u00a0\ufeff]+$/, ''))
    .filter((line) => line !== '')
    .join('\n');
}

function isClean(text: string): boolean {
  return !/\r|\n\n|^\n|\n$|[ \t\v\f\u00a0\ufeff]\n|[ \t\v\f\u00a0\ufeff]$/.test(text);
}

/**
 * Text that SRT can carry at all: a line holding `-->` or only a number would be read as the start of a cue,
 * whoever wrote it (the format has no escape), so round trips are checked on other text.
 */
function srtCanCarry(text: string): boolean {
  const clean = normalizeCueText(text);
  return (
    clean !== '' && clean.split('\n').every((line) => !line.includes('-->') && !/^[\s\ufeff]*\d+$/.test(line))
  );
}

/** Long strings compared through a summary first, so that a failure prints a short diff instead of 200 KB. */
function expectSame(actual: string | undefined, expected: string): void {
  const summary = (text: string | undefined) =>
    text === undefined ? undefined : { length: text.length, head: text.slice(0, 20), tail: text.slice(-20) };
  expect(summary(actual)).toEqual(summary(expected));
  expect(actual === expected).toBe(true);
}

function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

describe('normalizeCueText on hostile text', () => {
  it('gives what the regular-expression version gave, on short text where that one is quick', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(normalizeCueText(text)).toBe(regexNormalize(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves clean text, whatever its length: no CR, no empty line, no trailing blank, and is idempotent', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const clean = normalizeCueText(text);
        expect(isClean(clean)).toBe(true);
        expect(normalizeCueText(clean)).toBe(clean);
      }),
    );
  });

  it('keeps inner blanks of a 200,000-blank line and removes only the trailing ones', () => {
    const inner = ' '.repeat(200_000);
    expectSame(normalizeCueText(`a${inner}b \t\r\n`), `a${inner}b`);
    expectSame(normalizeCueText(`${inner}\n${inner}x${inner}`), `${inner}x`);
  });
});

describe('parseSrt on hostile input', () => {
  it('never throws, and returns usable cues with clean text and issues within the file, in line order', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const { cues, issues } = parseSrt(input);
        const lines = lineCount(input);
        for (const cue of cues) {
          expect(cue.endMs).toBeGreaterThan(cue.startMs);
          expect(isClean(cue.text)).toBe(true);
        }
        for (let i = 0; i < issues.length; i++) {
          expect(issues[i]!.line).toBeGreaterThanOrEqual(1);
          expect(issues[i]!.line).toBeLessThanOrEqual(lines);
          if (i > 0) expect(issues[i]!.line).toBeGreaterThanOrEqual(issues[i - 1]!.line);
        }
      }),
    );
  });

  it('reads back what serializeSrt wrote from cues with hostile text (the from-json path)', () => {
    const cue = fc.record({
      startMs: fc.integer({ min: 0, max: 10_000_000 }),
      length: fc.integer({ min: 1, max: 10_000 }),
      text: hostile.filter(srtCanCarry),
    });
    fc.assert(
      fc.property(fc.array(cue, { maxLength: 6 }), (given) => {
        // from-json: JSON cues are checked, then written; here with the hostile text where the attack put it.
        const { cues } = checkCues(
          given.map(({ startMs, length, text }, i) => ({
            index: i + 1,
            startMs,
            endMs: startMs + length,
            text,
          })),
        );
        const written = serializeSrt(cues);
        const read = parseSrt(written).cues;
        expect(read.map((c) => [c.startMs, c.endMs, c.text])).toEqual(
          cues.map((c) => [c.startMs, c.endMs, normalizeCueText(c.text)]),
        );
      }),
    );
  });

  it('reads a cue of 200 KB of inner blanks, a 100 KB timecode-looking line and 10,000 arrows as they are', () => {
    const blanks = ' '.repeat(200_000);
    const big = parseSrt(`1\n00:00:01,000 --> 00:00:02,000\na${blanks}b ${blanks}\n`);
    expectSame(big.cues[0]?.text, `a${blanks}b`);
    expect(big.issues).toEqual([]);

    const settings = parseSrt(`1\n00:00:01,000 --> 00:00:02,000 ${'X1:1 '.repeat(20_000)}\nhi\n`);
    expect(settings.cues[0]).toMatchObject({ text: 'hi' });
    expect(settings.cues[0]!.position).toBeUndefined();
    expect(settings.issues.map((issue) => issue.code)).toEqual(['ignored-settings']);

    const arrows = parseSrt(`1\n00:00:01,000 --> 00:00:02,000\n${'-->'.repeat(10_000)}\n`);
    expectSame(arrows.cues[0]?.text, '-->'.repeat(10_000));
  });

  it('writes segments with hostile text as SRT that reads back (from-json with --side)', () => {
    fc.assert(
      fc.property(hostile.filter(srtCanCarry), (text) => {
        const cues = segmentsToCues(
          [{ start: '00:00:01,000', end: '00:00:02,000', src: { text }, dst: { text: '' } }],
          'src',
        );
        const read = parseSrt(serializeSrt(cues)).cues;
        expect(read.map((c) => c.text)).toEqual([normalizeCueText(text)]);
      }),
    );
  });
});

describe('decodeSrtBytes on cut-off UTF-16', () => {
  const encode = (text: string, big: boolean) => {
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      bytes[i * 2 + (big ? 1 : 0)] = code & 0xff;
      bytes[i * 2 + (big ? 0 : 1)] = code >> 8;
    }
    return bytes;
  };

  it('reads every whole character and reports the half one on the last line, with or without a BOM', () => {
    const text = fc
      .array(fc.oneof(piece, fc.string({ maxLength: 2, unit: 'binary' })), { maxLength: 30 })
      .map((parts) => `1${parts.join('')}`);
    fc.assert(
      fc.property(
        text,
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 255 }),
        (body, big, bom, extra) => {
          const encoded = encode(bom ? `\ufeff${body}` : body, big);
          const bytes = new Uint8Array(encoded.length + 1);
          bytes.set(encoded);
          bytes[encoded.length] = extra;
          const decoded = decodeSrtBytes(bytes);
          expect(decoded.text.replace(/^\ufeff/, '')).toBe(body.replace(/^\ufeff/, ''));
          expect(decoded.issues).toEqual([
            {
              line: lineCount(body),
              severity: 'warning',
              code: 'odd-byte-count',
              message: expect.stringContaining(`odd number of bytes (${bytes.length})`),
            },
          ]);
        },
      ),
    );
  });

  it('says so through parseSrt, at the line of the last cue, and still reads that cue', () => {
    const file = '\ufeff1\r\n00:00:01,000 --> 00:00:02,000\r\nHello\r\n';
    const bytes = encode(file, false);
    const cut = new Uint8Array([...bytes, 0x41]);
    const { cues, issues } = parseSrt(cut);
    expect(cues).toEqual([{ index: 1, startMs: 1000, endMs: 2000, text: 'Hello' }]);
    expect(issues).toEqual([
      {
        line: 4,
        severity: 'warning',
        code: 'odd-byte-count',
        message:
          'the file is UTF-16 LE but has an odd number of bytes (85): its last byte (0x41) is half a character, cut off, and was not read',
      },
    ]);
    expect(parseSrt(bytes).issues).toEqual([]);
  });
});
