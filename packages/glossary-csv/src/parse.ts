// parseGlossaryCsv: a CSV/TSV term list as people export it → glossary entries, with every problem reported
// by line. Decoding and layout are ours; papaparse splits the cells.
import Papa from 'papaparse';
import { type DecodedText, decodeGlossaryBytes } from './decode.ts';
import { checkDelimiter, detectDelimiter, readSepLine } from './delimiter.ts';
import { GlossaryCsvError } from './errors.ts';
import { headerlessLayout, type Layout, readHeader } from './header.ts';
import { normalizeLanguage, sourceLanguage } from './languages.ts';
import { countLineBreaks, rowBreaks } from './lines.ts';
import { RowReader } from './row-reader.ts';
import type { GlossaryIssue, HeaderKind, ParsedGlossary, ParseGlossaryOptions } from './types.ts';

/**
 * A glossary file decoded and split into rows, once: `parseGlossaryCsv` reads any pair of its columns from it
 * without decoding or splitting the file again (a termbase offers several pairs of one file).
 */
export interface GlossaryTable {
  readonly kind: 'glossary-table';
  readonly decoded: DecodedText;
  /** The file's own issues (its encoding), before any row is read. */
  readonly issues: readonly GlossaryIssue[];
  readonly rows: readonly string[][];
  readonly brokenRows: ReadonlyMap<number, QuoteTrouble>;
  readonly breaksInCells: boolean;
  /** The line of the first row (2 after a `sep=` line). */
  readonly firstLine: number;
  readonly delimiter: ParsedGlossary['stats']['delimiter'];
}

/** Decodes `input` and splits it into rows (the costly part of parsing a large file), to parse once or many times. */
export function readGlossaryTable(
  input: string | Uint8Array,
  options: Pick<ParseGlossaryOptions, 'delimiter'> = {},
): GlossaryTable {
  if (options.delimiter !== undefined) checkDelimiter(options.delimiter);
  const decoded: DecodedText =
    typeof input === 'string'
      ? {
          text: input.charCodeAt(0) === 0xfeff ? input.slice(1) : input,
          encoding: 'string',
          replacedInvalid: false,
        }
      : decodeGlossaryBytes(input);
  const issues: GlossaryIssue[] = [];
  if (decoded.replacedInvalid) {
    issues.push({
      line: 1,
      severity: 'warning',
      code: 'invalid-utf8',
      message:
        'the file starts with a UTF-8 byte-order mark but holds bytes that are not UTF-8; they read as U+FFFD',
    });
  }

  if (decoded.droppedByte !== undefined) {
    issues.push({
      line: countLineBreaks(decoded.text) + 1,
      severity: 'warning',
      code: 'odd-byte-count',
      message:
        `the file is ${decoded.encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} but has an odd number of bytes ` +
        `(${input.length}): its last byte (0x${decoded.droppedByte.toString(16).padStart(2, '0')}) is half a ` +
        'character, cut off, and was not read',
    });
  }

  let text = decoded.text;
  let firstLine = 1;
  const sepLine = readSepLine(text);
  if (sepLine) {
    text = text.slice(sepLine.length);
    firstLine = 2;
  }
  const delimiter = options.delimiter ?? sepLine?.delimiter ?? detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const rows = parsed.data;
  return {
    kind: 'glossary-table',
    decoded,
    issues,
    rows,
    brokenRows: quoteErrorsByRow(parsed.errors),
    // Every line break ends a row unless some cell holds one; only then must cells be searched for breaks.
    breaksInCells: countLineBreaks(text) !== rows.length - 1,
    firstLine,
    delimiter,
  };
}

/**
 * The glossary in `input` (a file's bytes or text, or a table `readGlossaryTable` made of one, for the pair of
 * columns `options` names).
 */
export function parseGlossaryCsv(
  input: string | Uint8Array | GlossaryTable,
  options: ParseGlossaryOptions = {},
): ParsedGlossary {
  const table = typeof input === 'object' && 'kind' in input ? input : readGlossaryTable(input, options);
  const { decoded, rows, brokenRows, breaksInCells, delimiter } = table;
  const issues: GlossaryIssue[] = [...table.issues];
  let line = table.firstLine;

  const reader = new RowReader(issues, options);
  let layout: Layout | undefined;
  let rowsRead = 0;
  for (let index = 0; index < rows.length; index++, line++) {
    const row = rows[index]!;
    const rowLine = line;
    if (breaksInCells) line += rowBreaks(row);
    const broken = brokenRows.get(index);
    if (broken) {
      issues.push(quoteIssue(broken, rowLine, row));
      rowsRead++;
      continue;
    }
    if (isBlank(row)) continue;
    if (layout === undefined) {
      const header = readHeader(row, options);
      if (header) {
        for (const issue of header.issues) issues.push({ line: rowLine, ...issue });
        if (!header.layout) return finish(reader, issues, decoded, delimiter, 'none', 0, options);
        layout = header.layout;
        continue;
      }
      layout = headerlessLayout(row);
    }
    rowsRead++;
    reader.read(row, rowLine, layout);
  }
  if (rowsRead === 0 && !issues.some((issue) => issue.severity === 'error')) {
    issues.push({
      line: 1,
      severity: 'error',
      code: 'no-entries',
      message: 'the file holds no term pairs: it is empty or has only a header',
    });
  }
  const result = finish(
    reader,
    issues,
    decoded,
    delimiter,
    layout?.kind ?? 'none',
    rowsRead,
    options,
    layout,
  );
  if (options.strict && result.stats.errors > 0) {
    const first = result.issues.find((issue) => issue.severity === 'error')!;
    throw new GlossaryCsvError(
      `the glossary file has ${result.stats.errors} error(s); the first, at line ${first.line}: ${first.message}`,
      result.issues,
    );
  }
  return result;
}

function isBlank(row: readonly string[]): boolean {
  const first = row[0]!;
  if (first.length > 0 && first.charCodeAt(0) > 0x20) return false;
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

interface QuoteTrouble {
  /** A closing quote followed by more text: `"Quoted"tail`. */
  malformed: boolean;
  /** A quote that nothing closes: papaparse reads on to the next quote or the end of the file. */
  unterminated: boolean;
}

/** Papaparse's quote errors, by row. */
function quoteErrorsByRow(errors: readonly Papa.ParseError[]): Map<number, QuoteTrouble> {
  const broken = new Map<number, QuoteTrouble>();
  for (const error of errors) {
    if (error.type !== 'Quotes' || error.row === undefined) continue;
    const trouble = broken.get(error.row) ?? { malformed: false, unterminated: false };
    if (error.code === 'MissingQuotes') trouble.unterminated = true;
    else trouble.malformed = true;
    broken.set(error.row, trouble);
  }
  return broken;
}

/** A row whose quotes papaparse could not make sense of: it is not used. */
function quoteIssue(trouble: QuoteTrouble, line: number, row: readonly string[]): GlossaryIssue {
  const swallowed = trouble.unterminated ? ', so the rest of the file was read as one cell' : '';
  if (trouble.malformed) {
    return {
      line,
      severity: 'error',
      code: 'malformed-quotes',
      message:
        `a quoted cell in this row has text after its closing quote${swallowed}; quote the whole cell and ` +
        'double every quote inside it ("")',
    };
  }
  return {
    line,
    column: row.length,
    severity: 'error',
    code: 'unterminated-quote',
    message: `a quoted cell in this row is never closed${swallowed}; close the quote, and double every quote inside the cell ("")`,
  };
}

function finish(
  reader: RowReader,
  issues: GlossaryIssue[],
  decoded: DecodedText,
  delimiter: ParsedGlossary['stats']['delimiter'],
  header: HeaderKind,
  rows: number,
  options: ParseGlossaryOptions,
  layout?: Layout,
): ParsedGlossary {
  reader.finish();
  issues.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  const srcLang = options.srcLang ?? layout?.srcLang ?? reader.pair?.src;
  const dstLang = options.dstLang ?? layout?.dstLang ?? reader.pair?.dst;
  let errors = 0;
  for (const issue of issues) if (issue.severity === 'error') errors++;
  return {
    entries: reader.entries,
    ...(srcLang !== undefined && { srcLang: sourceLanguage(srcLang) }),
    ...(dstLang !== undefined && { dstLang: normalizeLanguage(dstLang) }),
    ...(layout?.languages !== undefined && { languages: layout.languages }),
    issues,
    stats: {
      encoding: decoded.encoding,
      delimiter,
      header,
      rows,
      entries: reader.count,
      errors,
      warnings: issues.length - errors,
      bytes: reader.bytes,
    },
  };
}
