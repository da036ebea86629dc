import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { GlossaryCsvError } from './errors.ts';
import { formatGlossaryCsv } from './format.ts';
import { parseGlossaryCsv } from './parse.ts';
import { hasEdgeSpace, termProblem } from './rules.ts';
import type { GlossaryLike } from './types.ts';

describe('formatGlossaryCsv', () => {
  const glossary: GlossaryLike = {
    entries: {
      Dubbing: 'Doblaje',
      'Save, then export': 'Guardar; exportar',
      'the "Pro" plan': 'el plan "Pro"',
    },
    src_lang: 'en',
    dst_lang: 'es',
  };

  it('writes CSV with a language header, CRLF, and quotes only where needed (or a delimiter hides inside)', () => {
    expect(formatGlossaryCsv(glossary, { format: 'csv' })).toBe(
      'en,es\r\nDubbing,Doblaje\r\n"Save, then export","Guardar; exportar"\r\n"the ""Pro"" plan","el plan ""Pro"""\r\n',
    );
  });

  it('writes TSV without a header, with a BOM', () => {
    expect(formatGlossaryCsv(glossary, { format: 'tsv', header: false, bom: true })).toBe(
      '\ufeffDubbing\tDoblaje\r\n"Save, then export"\t"Guardar; exportar"\r\n"the ""Pro"" plan"\t"el plan ""Pro"""\r\n',
    );
  });

  it('names the columns source/target when the languages are unknown', () => {
    expect(formatGlossaryCsv({ entries: { a: 'b' } })).toBe('source,target\r\na,b\r\n');
  });

  it('guards formula cells for spreadsheets, and always escapes a term that looks guarded', () => {
    const risky = { entries: { '=HYPERLINK("x")': '+1', '-minus': '@at', "'=kept": 'plain' } };
    expect(formatGlossaryCsv(risky, { header: false, forSpreadsheet: true })).toBe(
      `"'=HYPERLINK(""x"")","'+1"\r\n"'-minus","'@at"\r\n"''=kept",plain\r\n`,
    );
    expect(formatGlossaryCsv(risky, { header: false })).toBe(
      `"=HYPERLINK(""x"")",+1\r\n-minus,@at\r\n''=kept,plain\r\n`,
    );
    for (const forSpreadsheet of [true, false]) {
      expect(parseGlossaryCsv(formatGlossaryCsv(risky, { forSpreadsheet })).entries).toStrictEqual(
        risky.entries,
      );
    }
  });

  it('without a header, does not start with an entry that would read as a header', () => {
    const text = formatGlossaryCsv({ entries: { en: 'es', Hello: 'Hola' } }, { header: false });
    expect(text).toBe('Hello,Hola\r\nen,es\r\n');
    expect(parseGlossaryCsv(text).entries).toStrictEqual({ en: 'es', Hello: 'Hola' });
    expect(() => formatGlossaryCsv({ entries: { source: 'target' } }, { header: false })).toThrow(
      GlossaryCsvError,
    );
  });

  it('writes cells that papaparse reads back unchanged (the format other tools read)', () => {
    const text = formatGlossaryCsv(glossary);
    expect(Papa.parse(text, { skipEmptyLines: true }).data).toStrictEqual([
      ['en', 'es'],
      ['Dubbing', 'Doblaje'],
      ['Save, then export', 'Guardar; exportar'],
      ['the "Pro" plan', 'el plan "Pro"'],
    ]);
  });

  it('rejects an unknown format', () => {
    expect(() => formatGlossaryCsv(glossary, { format: 'xlsx' as 'csv' })).toThrow(
      'format must be "csv" or "tsv"',
    );
  });
});

/** Terms the service accepts, biased towards the characters that make CSV and spreadsheets tricky. */
const tricky = fc.constantFrom(
  ',',
  ';',
  '"',
  "'",
  '=',
  '+',
  '-',
  '@',
  ' ',
  'é',
  '€',
  '日',
  '\u00a0',
  'a',
  'Z',
  '1',
);
const validTerm = fc
  .oneof(
    fc.string({ unit: tricky, minLength: 1, maxLength: 8 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
    fc.constantFrom('en', 'es', 'de', 'source', 'target', 'term', 'English', 'sep=;', 'sep=,', '=1+1', "'@x"),
  )
  .filter((term) => !hasEdgeSpace(term) && termProblem(term, 'source') === undefined && isWellFormed(term));

/** No lone surrogate: such a string has no UTF-8 form, so it cannot survive a file. */
function isWellFormed(term: string): boolean {
  return Buffer.from(term, 'utf8').toString('utf8') === term;
}
const glossaries = fc.record({
  entries: fc.dictionary(validTerm, validTerm, { minKeys: 1, maxKeys: 8, noNullPrototype: true }),
  languages: fc.option(fc.constantFrom(['en', 'es'], ['de', 'pt-br'], ['fr', 'zh-cn']), { nil: undefined }),
});
const formatOptions = fc.record({
  format: fc.constantFrom('csv' as const, 'tsv' as const),
  header: fc.boolean(),
  bom: fc.boolean(),
  forSpreadsheet: fc.boolean(),
});

describe('round trip: parseGlossaryCsv(formatGlossaryCsv(g)) equals g', () => {
  it('for csv and tsv, with and without header, BOM and formula guard, from text and from UTF-8 bytes', () => {
    fc.assert(
      fc.property(glossaries, formatOptions, ({ entries, languages }, options) => {
        const glossary: GlossaryLike = languages
          ? { entries, src_lang: languages[0], dst_lang: languages[1] }
          : { entries };
        let text: string;
        try {
          text = formatGlossaryCsv(glossary, options);
        } catch (error) {
          // Only a glossary whose every entry reads as a header cannot be written without one.
          expect(error).toBeInstanceOf(GlossaryCsvError);
          expect(options.header).toBe(false);
          return;
        }
        for (const input of [text, new TextEncoder().encode(text)]) {
          const parsed = parseGlossaryCsv(input);
          expect(parsed.issues).toStrictEqual([]);
          expect(parsed.entries).toStrictEqual(entries);
          if (options.header && languages) expect([parsed.srcLang, parsed.dstLang]).toStrictEqual(languages);
        }
      }),
      { numRuns: 400 },
    );
  });
});
