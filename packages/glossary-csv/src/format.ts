// formatGlossaryCsv: glossary entries → a CSV or TSV file that Excel, Google Sheets, DeepL and parseGlossaryCsv
// all read back. Cells are written by papaparse.
import Papa from 'papaparse';
import { readSepLine } from './delimiter.ts';
import { GlossaryCsvError } from './errors.ts';
import { guardCell } from './formula-guard.ts';
import { looksLikeHeader } from './header.ts';
import type { FormatGlossaryOptions, GlossaryLike } from './types.ts';

// A row with a comma, semicolon or tab inside a term has every cell quoted: its first cell then starts with a
// quote, so splitting it on a wrong delimiter breaks the quoting and delimiter detection cannot be misled.
const DELIMITER_INSIDE = /[,;\t]/;
const APOSTROPHE = 0x27;

export function formatGlossaryCsv(glossary: GlossaryLike, options: FormatGlossaryOptions = {}): string {
  const { format = 'csv', header = true, bom = false, forSpreadsheet = false } = options;
  if (format !== 'csv' && format !== 'tsv') {
    throw new GlossaryCsvError(`format must be "csv" or "tsv", not ${JSON.stringify(format)}`);
  }
  const rows: string[][] = Object.entries(glossary.entries).map(([source, target]) => [
    guardCell(source, forSpreadsheet),
    guardCell(target, forSpreadsheet),
  ]);
  if (header) {
    const { src_lang: src, dst_lang: dst } = glossary;
    rows.unshift(src && dst ? [src, dst] : ['source', 'target']);
  } else {
    putPlainRowFirst(rows);
  }
  const delimiter = format === 'tsv' ? '\t' : ',';
  // Spreadsheets are told a guarded cell is text twice over, as OWASP advises: apostrophe and quotes.
  const quoteGuarded = (value: unknown) => forSpreadsheet && String(value).charCodeAt(0) === APOSTROPHE;
  let text = bom ? '\ufeff' : '';
  for (const row of rows) {
    const quotes = DELIMITER_INSIDE.test(row[0]!) || DELIMITER_INSIDE.test(row[1]!) || quoteGuarded;
    text += `${Papa.unparse([row], { delimiter, quotes })}\r\n`;
  }
  return text;
}

/**
 * Without a header the first row must not read as one (a glossary translating "en" as "es", say):
 * an entry that does not is moved to the front, and a glossary made only of such entries needs a header.
 */
function putPlainRowFirst(rows: string[][]): void {
  const first = rows[0];
  if (first === undefined || !readsAsHeader(first)) return;
  const plain = rows.findIndex((row) => !readsAsHeader(row));
  if (plain === -1) {
    throw new GlossaryCsvError(
      'every entry would read as a header row (for example ' +
        `${JSON.stringify(first.join(','))}); write this glossary with header: true`,
    );
  }
  rows[0] = rows[plain]!;
  rows[plain] = first;
}

function readsAsHeader(row: readonly string[]): boolean {
  return (
    looksLikeHeader(row) ||
    readSepLine(row.join(',')) !== undefined ||
    readSepLine(row.join('\t')) !== undefined
  );
}
