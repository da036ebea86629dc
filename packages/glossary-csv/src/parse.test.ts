import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GlossaryCsvError } from './errors.ts';
import { parseGlossaryCsv, readGlossaryTable } from './parse.ts';
import type { GlossaryIssue, ParseGlossaryOptions } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

interface Expected {
  entries: Record<string, string>;
  srcLang?: string;
  dstLang?: string;
  issues: GlossaryIssue[];
  stats: Partial<ReturnType<typeof parseGlossaryCsv>['stats']>;
}

function expectParsed(name: string, expected: Expected, options: ParseGlossaryOptions = {}) {
  const result = parseGlossaryCsv(fixture(name), options);
  // The same file read once into a table, then parsed (twice: a table is never changed by a parse).
  const table = readGlossaryTable(fixture(name), options);
  for (let again = 0; again < 2; again++)
    expect(parseGlossaryCsv(table, options), `${name} from its table`).toStrictEqual(result);
  expect(result.entries).toStrictEqual(expected.entries);
  expect(result.srcLang).toBe(expected.srcLang);
  expect(result.dstLang).toBe(expected.dstLang);
  expect(result.issues).toStrictEqual(expected.issues);
  expect(result.stats).toMatchObject(expected.stats);
  expect(result.stats.bytes).toBe(Buffer.byteLength(JSON.stringify(result.entries)));
}

const extraColumns = (line: number, message: string): GlossaryIssue => ({
  line,
  severity: 'warning',
  code: 'extra-columns',
  message,
});

describe('parseGlossaryCsv: accepted shapes (one fixture each)', () => {
  it('reads a header-less two-column list', () => {
    expectParsed('no-header.csv', {
      entries: { Dubkit: 'Dubkit', 'voice-over': 'locución', 'lip-sync': 'sincronización labial' },
      issues: [],
      stats: {
        encoding: 'utf-8',
        delimiter: ',',
        header: 'none',
        rows: 3,
        entries: 3,
        errors: 0,
        warnings: 0,
      },
    });
  });

  it('picks language columns in any order by srcLang/dstLang and warns about the extra language', () => {
    expectParsed(
      'language-codes.csv',
      {
        entries: { Dubbing: 'Doblaje', Subtitle: 'Subtítulo' },
        srcLang: 'en',
        dstLang: 'es',
        issues: [
          {
            line: 1,
            severity: 'warning',
            code: 'extra-languages',
            message:
              'ignored the other language columns "fr-FR" (column 2); choose the languages with srcLang/dstLang (--src/--dst)',
          },
        ],
        stats: { header: 'language-codes', rows: 2 },
      },
      { srcLang: 'en', dstLang: 'es' },
    );
  });

  it('without srcLang/dstLang takes the first two language columns and returns them in the service form', () => {
    const result = parseGlossaryCsv(fixture('language-codes.csv'));
    expect(result.entries).toStrictEqual({ Doblaje: 'Doublage', Subtítulo: 'Sous-titre' });
    expect([result.srcLang, result.dstLang]).toStrictEqual(['es', 'fr-fr']);
    // Every language column, in order: a caller can offer one glossary per pair.
    expect(result.languages).toStrictEqual(['es-es', 'fr-fr', 'en-us']);
    expect(result.issues.map((issue) => issue.message)).toStrictEqual([
      'ignored the other language columns "en-US" (column 3); choose the languages with srcLang/dstLang (--src/--dst)',
    ]);
  });

  it('names every language of a header, and none for a file without language columns', () => {
    const many = parseGlossaryCsv('en,es,de,fr\nInvoice,Factura,Rechnung,Facture\n');
    expect(many.languages).toStrictEqual(['en', 'es', 'de', 'fr']);
    expect(
      parseGlossaryCsv('en,de,es,fr\nInvoice,Rechnung,Factura,Facture\n', { srcLang: 'en', dstLang: 'fr' }),
    ).toMatchObject({ entries: { Invoice: 'Facture' }, languages: ['en', 'de', 'es', 'fr'] });
    expect(parseGlossaryCsv('source,target\nInvoice,Factura\n').languages).toBeUndefined();
    expect(parseGlossaryCsv('Invoice,Factura\n').languages).toBeUndefined();
  });

  it('reads a source/target header', () => {
    expectParsed('names-source-target.csv', {
      entries: { Video: 'Vídeo', Transcript: 'Transcripción' },
      issues: [],
      stats: { header: 'names', delimiter: ',' },
    });
  });

  it('reads a Term/Translation header, tab-separated, and reports the notes column once', () => {
    expectParsed('names-term-translation.tsv', {
      entries: { Speaker: 'Locutor', Segment: 'Segmento' },
      issues: [extraColumns(1, 'ignored the columns "Notes" (column 3): they hold no term')],
      stats: { header: 'names', delimiter: '\t' },
    });
  });

  it('reads Crowdin-style "Term [en]" columns with descriptions and part of speech', () => {
    expectParsed('crowdin-term-lang.csv', {
      entries: { Glossary: 'Glossar', Render: 'Rendern' },
      srcLang: 'en',
      dstLang: 'de',
      issues: [
        extraColumns(
          1,
          'ignored the columns "Description [en]" (column 2), "Part of speech [en]" (column 3), ' +
            '"Description [de]" (column 5): they hold no term',
        ),
      ],
      stats: { header: 'language-codes', rows: 2 },
    });
  });

  it("reads DeepL's 4-column export and takes the languages from it", () => {
    expectParsed('deepl-export.csv', {
      entries: { Hello: 'Hallo', 'Thank you': 'Danke', 'Dubbing, AI': 'KI-Synchronisation' },
      srcLang: 'en',
      dstLang: 'de',
      issues: [],
      stats: { header: 'deepl', rows: 3 },
    });
  });

  it('reads Excel "Unicode text" (UTF-16 LE, tabs, CRLF, doubled quotes) and trims with a warning', () => {
    expectParsed('excel-unicode-text.txt', {
      entries: {
        'Background music': 'Música de fondo',
        'The "Pro" plan': 'El plan "Pro"',
        日本語: 'japonés',
      },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 4,
          column: 2,
          severity: 'warning',
          code: 'untrimmed-term',
          message: 'removed white space around the target term "japonés"',
        },
      ],
      stats: { encoding: 'utf-16le', delimiter: '\t', header: 'language-codes' },
    });
  });

  it('reads UTF-16 BE with a byte-order mark', () => {
    expectParsed('utf16be.txt', {
      entries: { Voice: 'Voz' },
      srcLang: 'en',
      dstLang: 'pt-br',
      issues: [],
      stats: { encoding: 'utf-16be', delimiter: '\t' },
    });
  });

  it('reads Excel CSV with a sep=; line in Windows-1252, 0x80–0x9F included', () => {
    expectParsed('excel-sep-1252.csv', {
      entries: {
        'price in €': 'Preis in €',
        '“quoted”': '„zitiert“',
        œuvre: 'Werk™',
        'small – dash': 'kleiner Strich',
      },
      srcLang: 'en',
      dstLang: 'de',
      issues: [],
      stats: { encoding: 'windows-1252', delimiter: ';', header: 'language-codes', rows: 4 },
    });
  });

  it('reads a Google Sheets export and counts lines through a multi-line note', () => {
    expectParsed('google-sheets.csv', {
      entries: { Project: 'Proyecto', Dub: 'Doblaje', 'Voice "clone"': 'Clon de voz', Credits: 'Créditos' },
      issues: [
        extraColumns(1, 'ignored the columns "notes" (column 3): they hold no term'),
        {
          line: 7,
          column: 2,
          severity: 'warning',
          code: 'untrimmed-term',
          message: 'removed white space around the target term "Créditos"',
        },
      ],
      stats: { encoding: 'utf-8', header: 'names', rows: 4 },
    });
  });

  it('reads a memoQ term base export (BOM, semicolons, language-name columns among many fields)', () => {
    expectParsed('memoq-export.csv', {
      entries: { Soundtrack: 'Tonspur', Footage: 'Filmmaterial' },
      srcLang: 'en',
      dstLang: 'de',
      issues: [
        extraColumns(
          1,
          'ignored the columns "Entry_ID" (column 1), "Entry_Subject" (column 2), "Entry_Domain" (column 3), ' +
            '"Entry_Note" (column 4), "English_Def" (column 5), "Term_Info" (column 7) and 4 more: they hold no term',
        ),
      ],
      stats: { encoding: 'utf-8-bom', delimiter: ';', rows: 2 },
    });
  });

  it('reads a MultiTerm-via-Excel tab file with "English (United States)" style columns', () => {
    expectParsed('multiterm-tab.txt', {
      entries: { Watermark: 'Filigrane', Thumbnail: 'Miniature' },
      srcLang: 'en',
      dstLang: 'fr',
      issues: [
        extraColumns(1, 'ignored the columns "Definition" (column 3), "Note" (column 4): they hold no term'),
      ],
      stats: { delimiter: '\t', header: 'language-codes' },
    });
  });

  it('skips blank and white-space-only lines and ignores trailing delimiters', () => {
    expectParsed('blank-lines.csv', {
      entries: { Caption: 'Didascalia', Clip: 'Clip' },
      srcLang: 'en',
      dstLang: 'it',
      issues: [],
      stats: { rows: 2, errors: 0, warnings: 0 },
    });
  });

  it('reads quoted cells holding the delimiter, quotes and line breaks', () => {
    expectParsed('quoted-cells.csv', {
      entries: {
        'Save, then export': 'Guardar, luego exportar',
        'the "Export" button': 'el botón "Exportar"',
        Last: 'Último',
      },
      issues: [extraColumns(1, 'ignored the columns "comment" (column 3): they hold no term')],
      stats: { rows: 3 },
    });
  });
});

describe('parseGlossaryCsv: errors (one fixture each)', () => {
  it('an empty source or target is an error for that row', () => {
    expectParsed('error-empty-term.csv', {
      entries: { Yes: 'Sí' },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        { line: 2, column: 2, severity: 'error', code: 'empty-term', message: 'the target term is empty' },
        { line: 3, column: 1, severity: 'error', code: 'empty-term', message: 'the source term is empty' },
      ],
      stats: { errors: 2, entries: 1, rows: 3 },
    });
  });

  it('a tab inside a term is an error', () => {
    expectParsed('error-tab.csv', {
      entries: { Ok: 'Vale' },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 2,
          column: 1,
          severity: 'error',
          code: 'term-has-tab',
          message: 'the source term "Tab\\there" contains a tab, which the service rejects',
        },
      ],
      stats: { delimiter: ',' },
    });
  });

  it('a line break inside a term is an error, and the next row keeps its real line', () => {
    const result = parseGlossaryCsv(fixture('error-newline.csv'));
    expect(result.entries).toStrictEqual({ Next: 'Siguiente' });
    expect(result.issues).toStrictEqual([
      {
        line: 2,
        column: 1,
        severity: 'error',
        code: 'term-has-newline',
        message: 'the source term "two\\nlines" contains a line break, which the service rejects',
      },
    ]);
    const withLaterError = parseGlossaryCsv('en,es\n"two\nlines",dos\n"three\r\nmore\rlines",x\nbad,\n');
    expect(withLaterError.issues.map((issue) => [issue.line, issue.code])).toStrictEqual([
      [2, 'term-has-newline'],
      [4, 'term-has-newline'],
      [7, 'empty-term'],
    ]);
  });

  it('a term over 1024 UTF-8 bytes is an error; 1024 bytes is fine', () => {
    expectParsed('error-too-long.csv', {
      entries: { Short: 'é'.repeat(512) },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 2,
          column: 2,
          severity: 'error',
          code: 'term-too-long',
          message: 'the target term is 1026 bytes in UTF-8; the service allows at most 1024',
        },
      ],
      stats: { errors: 1 },
    });
  });

  it('a repeated source is a warning with the same target and an error naming both lines with another', () => {
    expectParsed('error-duplicates.csv', {
      entries: { Home: 'Inicio', Back: 'Atrás' },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 4,
          severity: 'warning',
          code: 'duplicate-entry',
          message: '"Home" → "Inicio" repeats line 2; the repeat was dropped',
        },
        {
          line: 5,
          severity: 'error',
          code: 'conflicting-entry',
          message:
            'the source term "Back" has the target "Atrás" at line 3 and "Volver" at line 5; line 3 was kept',
        },
      ],
      stats: { errors: 1, warnings: 1, rows: 4 },
    });
  });

  it('a row without a target cell is an error', () => {
    expectParsed('error-missing-cell.csv', {
      entries: { Pair: 'Par' },
      issues: [
        {
          line: 1,
          column: 2,
          severity: 'error',
          code: 'missing-cell',
          message: 'the row has 1 cell(s); the target term belongs in column 2',
        },
      ],
      stats: { header: 'none' },
    });
  });

  it('an unterminated quote is an error at the row where it opens', () => {
    expectParsed('error-unterminated-quote.csv', {
      entries: { Fine: 'Bien' },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 3,
          column: 1,
          severity: 'error',
          code: 'unterminated-quote',
          message:
            'a quoted cell in this row is never closed, so the rest of the file was read as one cell; ' +
            'close the quote, and double every quote inside the cell ("")',
        },
      ],
      stats: { errors: 1 },
    });
  });

  it('text after a closing quote is an error', () => {
    expectParsed('error-malformed-quotes.csv', {
      entries: {},
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 2,
          severity: 'error',
          code: 'malformed-quotes',
          message:
            'a quoted cell in this row has text after its closing quote, so the rest of the file was read as ' +
            'one cell; quote the whole cell and double every quote inside it ("")',
        },
      ],
      stats: { errors: 1 },
    });
  });

  it('a language asked for that the header lacks is an error, and nothing is read', () => {
    expectParsed(
      'error-language-not-found.csv',
      {
        entries: {},
        srcLang: 'en',
        dstLang: 'fr',
        issues: [
          {
            line: 1,
            severity: 'error',
            code: 'language-not-found',
            message: 'no column for the target language "fr"; the header has en (column 1), de (column 2)',
          },
        ],
        stats: { errors: 1, rows: 0 },
      },
      { srcLang: 'en', dstLang: 'fr' },
    );
  });

  it('white space around terms is trimmed with a warning', () => {
    expectParsed('error-untrimmed.csv', {
      entries: { Padded: 'Relleno', Tight: 'Ajustado' },
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 2,
          column: 1,
          severity: 'warning',
          code: 'untrimmed-term',
          message: 'removed white space around the source term "Padded"',
        },
        {
          line: 3,
          column: 2,
          severity: 'warning',
          code: 'untrimmed-term',
          message: 'removed white space around the target term "Ajustado"',
        },
      ],
      stats: { errors: 0, warnings: 2 },
    });
  });

  it('a file with only a header is an error', () => {
    expectParsed('error-empty-file.csv', {
      entries: {},
      srcLang: 'en',
      dstLang: 'es',
      issues: [
        {
          line: 1,
          severity: 'error',
          code: 'no-entries',
          message: 'the file holds no term pairs: it is empty or has only a header',
        },
      ],
      stats: { rows: 0 },
    });
    expect(parseGlossaryCsv('').issues.map((issue) => issue.code)).toStrictEqual(['no-entries']);
  });

  it('stops at the 10,485,760-byte limit (JSON size of entries) and says how many terms were left out', () => {
    const target = 'x'.repeat(1000);
    const total = 10_500;
    const rows = Array.from({ length: total }, (_, index) => `term ${index},${target}`);
    const result = parseGlossaryCsv(`en,es\n${rows.join('\n')}\n`);
    // The oracle: the most leading entries whose JSON object stays under the limit.
    let kept = 0;
    let size = 2;
    while (size + Buffer.byteLength(`"term ${kept}":"${target}"`) + (kept > 0 ? 1 : 0) < 10_485_760) {
      size += Buffer.byteLength(`"term ${kept}":"${target}"`) + (kept > 0 ? 1 : 0);
      kept++;
    }
    expect(kept).toBeLessThan(total);
    expect(result.stats.entries).toBe(kept);
    expect(result.stats.bytes).toBe(Buffer.byteLength(JSON.stringify(result.entries)));
    expect(result.stats.bytes).toBe(size);
    expect(result.issues).toStrictEqual([
      {
        line: kept + 2,
        severity: 'error',
        code: 'glossary-too-large',
        message:
          "the glossary reaches the service's limit (10485760 bytes as JSON) at this row; " +
          `this row and the ${total - kept - 1} new term(s) after it were not used`,
      },
    ]);
  });
});

describe('parseGlossaryCsv: details', () => {
  it('skips DeepL rows of another language pair with one warning per pair; srcLang/dstLang choose the pair', () => {
    const text = 'Hello,Hallo,en,de\nBye,Tschüss,en,de\nBye,Au revoir,en,fr\nYes,Oui,en,fr\n';
    const first = parseGlossaryCsv(text);
    expect(first.entries).toStrictEqual({ Hello: 'Hallo', Bye: 'Tschüss' });
    expect(first.issues).toStrictEqual([
      {
        line: 3,
        severity: 'warning',
        code: 'other-language-pair',
        message: 'skipped 2 row(s) for en→fr (the first here): this glossary is en→de',
      },
    ]);
    const chosen = parseGlossaryCsv(text, { srcLang: 'en', dstLang: 'fr' });
    expect(chosen.entries).toStrictEqual({ Bye: 'Au revoir', Yes: 'Oui' });
    expect([chosen.srcLang, chosen.dstLang]).toStrictEqual(['en', 'fr']);
  });

  it('reads a DeepL header row too', () => {
    const result = parseGlossaryCsv('source,target,source_lang,target_lang\nCat,Katze,EN,DE\n');
    expect(result.entries).toStrictEqual({ Cat: 'Katze' });
    expect([result.srcLang, result.dstLang, result.stats.header]).toStrictEqual(['en', 'de', 'deepl']);
  });

  it('reports extra columns of a header-less file once, at the first row that has them', () => {
    const result = parseGlossaryCsv('a,b\nc,d,noun\ne,f,verb,x\n');
    expect(result.entries).toStrictEqual({ a: 'b', c: 'd', e: 'f' });
    expect(result.issues).toStrictEqual([
      {
        line: 2,
        column: 3,
        severity: 'warning',
        code: 'extra-columns',
        message: 'ignored column(s) 3 here and in the rows below: they hold no term',
      },
    ]);
  });

  it('detects the delimiter: semicolons with commas in terms, tabs, and commas with semicolons in quotes', () => {
    expect(parseGlossaryCsv('Hello, world;Hola, mundo\nfoo;bar\n').entries).toStrictEqual({
      'Hello, world': 'Hola, mundo',
      foo: 'bar',
    });
    expect(parseGlossaryCsv('a, b\tc, d\n').stats.delimiter).toBe('\t');
    expect(parseGlossaryCsv('"a;b","c;d"\n"e;f","g;h"\n').entries).toStrictEqual({
      'a;b': 'c;d',
      'e;f': 'g;h',
    });
  });

  it('takes the delimiter option over detection and over a sep= line', () => {
    expect(parseGlossaryCsv('a;b,c\n', { delimiter: ',' }).entries).toStrictEqual({ 'a;b': 'c' });
    expect(parseGlossaryCsv('sep=;\na;b,c\n', { delimiter: ',' }).entries).toStrictEqual({ 'a;b': 'c' });
  });

  it('takes any single character a caller names as the delimiter, and refuses what cannot be one', () => {
    const piped = parseGlossaryCsv('en|es\r\n"a|b"|c\r\nd|"e ""f"""\r\n', { delimiter: '|' });
    expect(piped.entries).toStrictEqual({ 'a|b': 'c', d: 'e "f"' });
    expect(piped.stats.delimiter).toBe('|');
    expect(parseGlossaryCsv('x😀y\n', { delimiter: '😀' }).entries).toStrictEqual({ x: 'y' });
    expect(parseGlossaryCsv('x~y\n', { delimiter: '~' }).entries).toStrictEqual({ x: 'y' });
    for (const [delimiter, why] of [
      ['||', 'it must be one character'],
      ['', 'it must be one character'],
      ['"', 'the quote starts quoted cells'],
      ['\n', 'a line break ends rows'],
    ]) {
      expect(() => parseGlossaryCsv('a|b', { delimiter: delimiter! })).toThrow(
        new GlossaryCsvError(`the delimiter ${JSON.stringify(delimiter)} cannot be used: ${why}`),
      );
    }
  });

  it('reads a quoted "sep=," line and old Mac line endings', () => {
    const result = parseGlossaryCsv('"sep=,"\ren,es\rOne,Uno\rbad,\r');
    expect(result.entries).toStrictEqual({ One: 'Uno' });
    expect(result.issues.map((issue) => issue.line)).toStrictEqual([4]);
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8, and warns about a BOM that lies', () => {
    const latin = parseGlossaryCsv(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x80, 0x0a]));
    expect(latin.entries).toStrictEqual({ café: '€' });
    const lying = parseGlossaryCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0xff, 0x0a]));
    expect(lying.entries).toStrictEqual({ a: '\ufffd' });
    expect(lying.issues.map((issue) => issue.code)).toStrictEqual(['invalid-utf8']);
  });

  it('strips a BOM from string input', () => {
    expect(parseGlossaryCsv('\ufeffen,es\nHi,Hola\n').srcLang).toBe('en');
  });

  it('removes a formula guard: one apostrophe before = + - @', () => {
    const result = parseGlossaryCsv("'=SUM(A1),'+1\n'-x,'@y\n''=z,it's\n");
    expect(result.entries).toStrictEqual({ '=SUM(A1)': '+1', '-x': '@y', "'=z": "it's" });
  });

  it('keeps "__proto__" and other property names as ordinary entries', () => {
    const result = parseGlossaryCsv('__proto__,proto\nconstructor,ctor\ntoString,str\n');
    expect(Object.keys(result.entries)).toStrictEqual(['__proto__', 'constructor', 'toString']);
    expect(JSON.parse(JSON.stringify(result.entries))).toStrictEqual(
      JSON.parse('{"__proto__":"proto","constructor":"ctor","toString":"str"}'),
    );
    expect(result.issues).toStrictEqual([]);
  });

  it('strict mode throws GlossaryCsvError carrying the issues', () => {
    expect(() => parseGlossaryCsv('en,es\nHi,Hola\n', { strict: true })).not.toThrow();
    try {
      parseGlossaryCsv('en,es\nHi,\n', { strict: true });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GlossaryCsvError);
      expect((error as GlossaryCsvError).message).toBe(
        'the glossary file has 1 error(s); the first, at line 2: the target term is empty',
      );
      expect((error as GlossaryCsvError).issues.map((issue) => issue.code)).toStrictEqual(['empty-term']);
    }
  });
});
