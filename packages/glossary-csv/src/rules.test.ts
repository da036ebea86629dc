import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_GLOSSARY_BYTES,
  MAX_TERM_BYTES,
  termProblem,
  validateGlossaryEntries,
  validTermJsonLength,
} from './rules.ts';

describe('validateGlossaryEntries', () => {
  it('accepts valid entries', () => {
    expect(
      validateGlossaryEntries({ Hello: 'Hola', ['é'.repeat(512)]: 'x', 'a "quoted" term': 'b\\c' }),
    ).toStrictEqual([]);
  });

  it('reports each broken rule with the entry position and the column (1 source, 2 target)', () => {
    const issues = validateGlossaryEntries({
      ok: 'fine',
      '': 'empty source',
      ' padded': 'x',
      tab: 'a\tb',
      line: 'a\nb',
      long: 'é'.repeat(513),
      nbsp: 'x\u00a0',
    });
    expect(issues).toStrictEqual([
      { line: 2, column: 1, severity: 'error', code: 'empty-term', message: 'the source term is empty' },
      {
        line: 3,
        column: 1,
        severity: 'error',
        code: 'untrimmed-term',
        message: 'the source term " padded" starts or ends with white space, which the service rejects',
      },
      {
        line: 4,
        column: 2,
        severity: 'error',
        code: 'term-has-tab',
        message: 'the target term "a\\tb" contains a tab, which the service rejects',
      },
      {
        line: 5,
        column: 2,
        severity: 'error',
        code: 'term-has-newline',
        message: 'the target term "a\\nb" contains a line break, which the service rejects',
      },
      {
        line: 6,
        column: 2,
        severity: 'error',
        code: 'term-too-long',
        message: 'the target term is 1026 bytes in UTF-8; the service allows at most 1024',
      },
      {
        line: 7,
        column: 2,
        severity: 'error',
        code: 'untrimmed-term',
        message: 'the target term "x\u00a0" starts or ends with white space, which the service rejects',
      },
    ]);
  });

  it('reports a value that is not text', () => {
    const issues = validateGlossaryEntries({ a: 42 } as unknown as Record<string, string>);
    expect(issues).toStrictEqual([
      {
        line: 1,
        column: 2,
        severity: 'error',
        code: 'not-text',
        message: 'the target term of "a" is number, not text',
      },
    ]);
  });

  it('measures the whole glossary as its JSON body and reports where it passes the limit', () => {
    const entries: Record<string, string> = {};
    const target = 'x'.repeat(1000);
    // Add entries until the JSON body (counted as it grows: braces, pairs, commas) reaches the limit.
    for (let index = 0, size = 2; size < MAX_GLOSSARY_BYTES; index++) {
      entries[`t${index}`] = target;
      size += Buffer.byteLength(`"t${index}":"${target}"`) + (index > 0 ? 1 : 0);
    }
    const count = Object.keys(entries).length;
    expect(Buffer.byteLength(JSON.stringify(entries))).toBeGreaterThanOrEqual(MAX_GLOSSARY_BYTES);
    expect(validateGlossaryEntries(entries)).toStrictEqual([
      {
        line: count,
        severity: 'error',
        code: 'glossary-too-large',
        message: `the glossary is ${Buffer.byteLength(JSON.stringify(entries))} bytes as JSON and reaches the service's limit (less than ${MAX_GLOSSARY_BYTES}) at entry ${count} of ${count}`,
      },
    ]);
    delete entries[`t${count - 1}`];
    expect(validateGlossaryEntries(entries)).toStrictEqual([]);
  });
});

describe('validTermJsonLength', () => {
  it('is the UTF-8 size of the JSON string for a valid term, and -1 for an invalid one', () => {
    // Characters of every UTF-8 width, JSON escapes, surrogates (paired and lone), tab and line breaks.
    const char = fc.constantFrom(
      'a',
      ' ',
      'é',
      '€',
      '😀',
      '\ud800',
      '"',
      '\\',
      '\u0001',
      '\t',
      '\n',
      '\r',
      '\u007f',
    );
    const term = fc.oneof(
      fc.array(char, { maxLength: 40 }).map((chars) => chars.join('')),
      fc
        .tuple(fc.constantFrom('a', 'é', '€'), fc.integer({ min: 300, max: 1100 }))
        .map(([c, n]) => c.repeat(n)),
    );
    fc.assert(
      fc.property(term, (text) => {
        const valid = termProblem(text, 'source') === undefined;
        const expected = valid ? Buffer.byteLength(JSON.stringify(text), 'utf8') : -1;
        expect(validTermJsonLength(text)).toBe(expected);
      }),
    );
    expect(validTermJsonLength('€'.repeat(341))).toBe(1023 + 2);
    expect(validTermJsonLength('€'.repeat(342))).toBe(-1);
    expect(validTermJsonLength('é'.repeat(MAX_TERM_BYTES / 2))).toBe(MAX_TERM_BYTES + 2);
    // Escapes count in the JSON size, not in the term's limit of 1024 UTF-8 bytes.
    expect(validTermJsonLength('"'.repeat(MAX_TERM_BYTES))).toBe(2 * MAX_TERM_BYTES + 2);
    expect(validTermJsonLength('\\'.repeat(MAX_TERM_BYTES + 1))).toBe(-1);
    expect(validTermJsonLength('Le "Studio", ré\\mix')).toBe(
      Buffer.byteLength(JSON.stringify('Le "Studio", ré\\mix')),
    );
  });
});
