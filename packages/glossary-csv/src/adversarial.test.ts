// Property tests with input shaped by an attacker: header cells of brackets and blanks, terms of blanks, cells of
// `(`, quotes and delimiters, pumped to thousands of repeats. They check that every reader of untrusted text stays
// correct on such input; how long it takes is measured by bench/glossary-csv.bench.ts (no timing in unit tests).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termColumnLanguage } from './header.ts';
import { isLanguageCode, languageFromName } from './languages.ts';
import { parseGlossaryCsv } from './parse.ts';
import { hasEdgeSpace, trimTerm, validateGlossaryEntries } from './rules.ts';

const PIECES = [
  ' ',
  '\t',
  '\u00a0',
  '\u3000',
  '\u0085',
  '\u001f',
  '\ufeff',
  '\n',
  '\r\n',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '"',
  "'",
  '=',
  'term',
  'Term',
  'translation',
  'source',
  'en',
  'es-ES',
  'English',
  'German (Germany)',
  'x',
  'é',
  '日本',
];

const piece = fc.constantFrom(...PIECES);
const mixed = fc
  .array(fc.oneof(piece, piece, fc.string({ maxLength: 3 })), { maxLength: 30 })
  .map((parts) => parts.join(''));
/** The reported attacks: a prefix, one piece repeated thousands of times, a suffix. */
const pumped = fc
  .tuple(mixed, fc.array(piece, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 4000 }), mixed)
  .map(([prefix, unit, times, suffix]) => prefix + unit.join('').repeat(times) + suffix);
const hostile = fc.oneof(mixed, pumped);

// The regular expressions these functions replaced: correct, and the oracle here, on short input where they are quick.
const EDGE_SPACE = /^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/g;
const TERM_FOR_LANGUAGE = /^(?:term|source|target|translation)\s*[[(]\s*([^\])]+?)\s*[\])]$/i;
const TRAILING_PARENTHESIS = /\s*\([^)]*\)\s*$/;
/** English language names of the two-letter codes, lower case, to their codes. */
const DISPLAY_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const ENGLISH_NAMES = new Map(
  Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(0x61 + Math.floor(i / 26), 0x61 + (i % 26)))
    .map((code) => [DISPLAY_NAMES.of(code), code] as const)
    .filter((entry): entry is readonly [string, string] => entry[0] !== undefined)
    .map(([name, code]) => [name.toLowerCase(), code]),
);

function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

describe('term rules on hostile terms', () => {
  it('trims exactly what the regular expression trimmed', () => {
    fc.assert(
      fc.property(mixed, (term) => {
        expect(trimTerm(term)).toBe(term.replace(EDGE_SPACE, ''));
        expect(hasEdgeSpace(term)).toBe(term.replace(EDGE_SPACE, '') !== term);
      }),
      { numRuns: 2000 },
    );
  });

  it('trims pumped terms to a term without edge space, keeping every inner character', () => {
    fc.assert(
      fc.property(hostile, (term) => {
        const trimmed = trimTerm(term);
        expect(hasEdgeSpace(trimmed)).toBe(false);
        expect(term.includes(trimmed)).toBe(true);
      }),
    );
  });

  it('reads a term of 200 KB of inner spaces as too long, and the same with 400 KB of spaces around it', () => {
    const inner = `a${' '.repeat(200_000)}b`;
    const result = parseGlossaryCsv(`en,es\r\n${inner},x\r\nok,bien\r\n`);
    expect(result.entries).toStrictEqual({ ok: 'bien' });
    expect(result.issues.map(({ line, code }) => ({ line, code }))).toStrictEqual([
      { line: 2, code: 'term-too-long' },
    ]);
    const padded = parseGlossaryCsv(`en,es\r\n ${' '.repeat(200_000)}${inner}${' '.repeat(200_000)} ,x\r\n`);
    expect(padded.issues.map(({ line, code }) => ({ line, code }))).toStrictEqual([
      { line: 2, code: 'term-too-long' },
    ]);
    expect(validateGlossaryEntries({ [inner]: 'x' }).map((issue) => issue.code)).toStrictEqual([
      'term-too-long',
    ]);
  });
});

describe('header names on hostile cells', () => {
  it('finds the language of `Term [..]` cells as the regular expression did', () => {
    const name = fc
      .tuple(fc.constantFrom('term', 'Term', 'TRANSLATION', 'source', 'target', 'terms', 'x'), mixed)
      .map(([prefix, rest]) => (prefix + rest).trim());
    fc.assert(
      fc.property(name, (cell) => {
        // The pattern backtracks into a language of blanks for `term[ ]`; there is no language there.
        const reference = TERM_FOR_LANGUAGE.exec(cell)?.[1];
        expect(termColumnLanguage(cell.toLowerCase(), cell)).toBe(reference?.trim() ? reference : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds no language in brackets of blanks', () => {
    expect(termColumnLanguage('term[ ]', 'term[ ]')).toBeUndefined();
    expect(termColumnLanguage('term (es)', 'Term (es)')).toBe('es');
  });

  it('knows language names with a parenthesis as the regular expression did', () => {
    const name = fc
      .tuple(fc.constantFrom('English', 'german', 'Portuguese', 'Nope', ''), mixed)
      .map(([language, rest]) => language + rest);
    // The oracle strips one final parenthesis and looks the rest up as it is. (It once passed the rest to
    // languageFromName, which strips a second one: `English()()` was `en` to it, and the property failed when
    // the generator happened on two parentheses.)
    fc.assert(
      fc.property(name, (cell) => {
        const expected =
          cell.length > 64
            ? undefined
            : ENGLISH_NAMES.get(cell.replace(TRAILING_PARENTHESIS, '').trim().toLowerCase());
        expect(languageFromName(cell)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(languageFromName('German (Germany)')).toBe('de');
    expect(languageFromName('Portuguese (Brazil) ')).toBe('pt');
    expect(languageFromName('English (a) (b)')).toBeUndefined();
    expect(languageFromName('English()()')).toBeUndefined();
    expect(languageFromName('German (Germany)()')).toBeUndefined();
  });

  it('reads pumped header cells as ordinary columns, and still finds the term columns next to them', () => {
    const attacks = [
      `term(${' '.repeat(10_000)}x`,
      '('.repeat(160_000),
      `Term [${' '.repeat(50_000)}en${' '.repeat(50_000)}]`,
    ];
    for (const cell of attacks) {
      const result = parseGlossaryCsv(`en,es,"${cell}"\r\nhello,hola,note\r\n`);
      expect(result.entries).toStrictEqual({ hello: 'hola' });
      expect(result.stats.header).toBe('language-codes');
      expect(result.issues.map((issue) => issue.code)).toStrictEqual(['extra-columns']);
      // The message quotes the column shortened, not its 100 KB.
      expect(result.issues[0]!.message.length).toBeLessThan(200);
    }
    expect(isLanguageCode(`en${'-aa'.repeat(20_000)}`)).toBe(false);
  });
});

describe('parseGlossaryCsv on hostile files', () => {
  it('never throws; keeps only entries the service accepts; issues sit on lines of the file, in order', () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(undefined, ',', ';', '\t'), (text, delimiter) => {
        const result = parseGlossaryCsv(text, delimiter === undefined ? {} : { delimiter });
        expect(validateGlossaryEntries(result.entries)).toStrictEqual([]);
        expect(result.stats.entries).toBe(Object.keys(result.entries).length);
        const lines = lineCount(text);
        for (let i = 0; i < result.issues.length; i++) {
          const issue = result.issues[i]!;
          expect(issue.line).toBeGreaterThanOrEqual(1);
          expect(issue.line).toBeLessThanOrEqual(lines);
          if (i > 0) expect(issue.line).toBeGreaterThanOrEqual(result.issues[i - 1]!.line);
        }
      }),
    );
  });

  it('reads the same entries from hostile text as UTF-16 with an odd byte count, and reports the cut byte', () => {
    const encode = (text: string, big: boolean) => {
      const bytes = new Uint8Array(2 + text.length * 2);
      bytes.set(big ? [0xfe, 0xff] : [0xff, 0xfe]);
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        bytes[2 + i * 2 + (big ? 1 : 0)] = code & 0xff;
        bytes[2 + i * 2 + (big ? 0 : 1)] = code >> 8;
      }
      return bytes;
    };
    fc.assert(
      fc.property(mixed, fc.boolean(), fc.integer({ min: 0, max: 255 }), (body, big, extra) => {
        const text = `en,es\r\nhello,hola\r\n${body}`;
        const whole = encode(text, big);
        const cut = new Uint8Array([...whole, extra]);
        const fromText = parseGlossaryCsv(text);
        const result = parseGlossaryCsv(cut);
        expect(result.entries).toStrictEqual(fromText.entries);
        const odd = result.issues.filter((issue) => issue.code === 'odd-byte-count');
        expect(odd).toStrictEqual([
          {
            line: lineCount(text),
            severity: 'warning',
            code: 'odd-byte-count',
            message: `the file is UTF-16 ${big ? 'BE' : 'LE'} but has an odd number of bytes (${cut.length}): its last byte (0x${extra.toString(16).padStart(2, '0')}) is half a character, cut off, and was not read`,
          },
        ]);
        expect(parseGlossaryCsv(whole).issues.some((issue) => issue.code === 'odd-byte-count')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
