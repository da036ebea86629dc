// parseGlossaryCsv: a CSV/TSV term list as people export it → glossary entries, with every problem reported
// by line. Decoding and layout are ours; papaparse splits the cells.
import Papa from 'papaparse';
import { type DecodedText, decodeGlossaryBytes } from './decode.ts';
import { DELIMITERS, detectDelimiter, readSepLine } from './delimiter.ts';
import { GlossaryCsvError } from './errors.ts';
import { unguardCell } from './formula-guard.ts';
import { headerlessLayout, type Layout, readHeader } from './header.ts';
import { baseLanguage, normalizeLanguage, sourceLanguage } from './languages.ts';
import { cellStartLine, rowStartLines } from './lines.ts';
import { entryJsonLength, MAX_GLOSSARY_BYTES, quote, termProblem, trimTerm } from './rules.ts';
import type { GlossaryIssue, ParsedGlossary, ParseGlossaryOptions } from './types.ts';

interface KeptEntry {
  target: string;
  line: number;
}

export function parseGlossaryCsv(
  input: string | Uint8Array,
  options: ParseGlossaryOptions = {},
): ParsedGlossary {
  if (options.delimiter !== undefined && !DELIMITERS.includes(options.delimiter)) {
    throw new GlossaryCsvError(
      `delimiter must be ",", ";" or a tab, not ${JSON.stringify(options.delimiter)}`,
    );
  }
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
  const lines = rowStartLines(rows, firstLine);
  const brokenRows = quoteIssues(parsed.errors, rows, lines, issues);

  const reader = new RowReader(issues);
  reader.expectPair(options.srcLang, options.dstLang);
  let layout: Layout | undefined;
  let rowsRead = 0;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (isBlank(row)) continue;
    const line = lines[index]!;
    if (layout === undefined) {
      const header = readHeader(row, options);
      if (header) {
        for (const issue of header.issues) issues.push({ line, ...issue });
        if (!header.layout) return finish(reader, issues, decoded, delimiter, 'none', 0, options);
        layout = header.layout;
        continue;
      }
      layout = headerlessLayout(row);
    }
    rowsRead++;
    if (!brokenRows.has(index)) reader.read(row, line, layout);
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
  for (const cell of row) if (cell.trim() !== '') return false;
  return true;
}

/** One issue per row whose quotes papaparse could not make sense of; those rows are not used. */
function quoteIssues(
  errors: readonly Papa.ParseError[],
  rows: readonly string[][],
  lines: Uint32Array,
  issues: GlossaryIssue[],
): Set<number> {
  const broken = new Map<number, Papa.ParseError>();
  for (const error of errors) {
    if (error.type !== 'Quotes' || error.row === undefined) continue;
    const known = broken.get(error.row);
    if (!known || error.code === 'MissingQuotes') broken.set(error.row, error);
  }
  for (const [row, error] of broken) {
    const line = lines[row] ?? 1;
    if (error.code === 'MissingQuotes') {
      issues.push({
        line,
        column: rows[row]?.length,
        severity: 'error',
        code: 'unterminated-quote',
        message:
          'a quoted cell in this row is never closed, so the rest of the file was read as one cell; ' +
          'close the quote or double a quote inside the cell ("")',
      });
    } else {
      issues.push({
        line,
        severity: 'error',
        code: 'malformed-quotes',
        message:
          'a quoted cell in this row has text after its closing quote; quote the whole cell and double ' +
          'each quote inside it ("")',
      });
    }
  }
  return new Set(broken.keys());
}

/** Turns data rows into entries: trims, validates, skips duplicates, keeps the total under the service's limit. */
class RowReader {
  readonly kept = new Map<string, KeptEntry>();
  bytes = 2;
  private readonly issues: GlossaryIssue[];
  private extraColumnsReported = false;
  private overLimit: { issue: GlossaryIssue; rows: number } | undefined;
  private pair: { src: string; dst: string } | undefined;
  private readonly otherPairs = new Map<string, { line: number; rows: number }>();

  constructor(issues: GlossaryIssue[]) {
    this.issues = issues;
  }

  read(row: readonly string[], line: number, layout: Layout): void {
    if (!this.extraColumnsReported) this.reportExtraColumns(row, line, layout);
    if (layout.rowLanguages && !this.isInPair(row, line, layout.rowLanguages)) return;
    const sourceCell = row[layout.source];
    const targetCell = row[layout.target];
    if (sourceCell === undefined || targetCell === undefined) {
      const missing = sourceCell === undefined ? layout.source : layout.target;
      this.issues.push({
        line,
        column: missing + 1,
        severity: 'error',
        code: 'missing-cell',
        message: `the row has ${row.length} cell(s) but needs the ${missing === layout.source ? 'source' : 'target'} term in column ${missing + 1}`,
      });
      return;
    }
    const source = this.term(sourceCell, 'source', row, layout.source, line);
    const target = this.term(targetCell, 'target', row, layout.target, line);
    if (source === undefined || target === undefined) return;
    this.keep(source, target, line);
  }

  /** Trims (with a warning), removes a formula guard, and checks the term; undefined when it is unusable. */
  private term(
    cell: string,
    role: 'source' | 'target',
    row: readonly string[],
    column: number,
    rowLine: number,
  ) {
    const trimmed = trimTerm(cell);
    const term = unguardCell(trimmed);
    const problem = termProblem(term, role);
    if (problem || trimmed !== cell) {
      const line = cellStartLine(row, column, rowLine);
      if (problem) {
        this.issues.push({ line, column: column + 1, severity: 'error', ...problem });
        return undefined;
      }
      this.issues.push({
        line,
        column: column + 1,
        severity: 'warning',
        code: 'untrimmed-term',
        message: `removed white space around the ${role} term ${quote(term)}`,
      });
    }
    return term;
  }

  private keep(source: string, target: string, line: number): void {
    const earlier = this.kept.get(source);
    if (earlier) {
      if (earlier.target === target) {
        this.issues.push({
          line,
          severity: 'warning',
          code: 'duplicate-entry',
          message: `${quote(source)} → ${quote(target)} repeats line ${earlier.line}; the repeat was dropped`,
        });
      } else {
        this.issues.push({
          line,
          severity: 'error',
          code: 'conflicting-entry',
          message:
            `the source term ${quote(source)} has the target ${quote(earlier.target)} at line ${earlier.line} ` +
            `and ${quote(target)} at line ${line}; line ${earlier.line} was kept`,
        });
      }
      return;
    }
    if (this.overLimit) {
      this.overLimit.rows++;
      return;
    }
    const size = entryJsonLength(source, target, this.kept.size === 0);
    if (this.bytes + size >= MAX_GLOSSARY_BYTES) {
      this.overLimit = {
        issue: { line, severity: 'error', code: 'glossary-too-large', message: '' },
        rows: 1,
      };
      this.issues.push(this.overLimit.issue);
      return;
    }
    this.bytes += size;
    this.kept.set(source, { target, line });
  }

  /** Reported once, at the first row that has text outside the term columns. */
  private reportExtraColumns(row: readonly string[], line: number, layout: Layout): void {
    const extra: number[] = [];
    for (let column = 0; column < row.length; column++) {
      if (!layout.used.has(column) && !layout.named.has(column) && row[column]!.trim() !== '')
        extra.push(column + 1);
    }
    if (extra.length === 0) return;
    this.extraColumnsReported = true;
    this.issues.push({
      line,
      column: extra[0],
      severity: 'warning',
      code: 'extra-columns',
      message: `ignored column(s) ${extra.join(', ')} (first seen on this line) and the like in later rows: they hold no term`,
    });
  }

  /** DeepL rows carry their own languages: rows of another pair than the glossary's are skipped. */
  private isInPair(
    row: readonly string[],
    line: number,
    columns: { source: number; target: number },
  ): boolean {
    const src = row[columns.source]?.trim() ?? '';
    const dst = row[columns.target]?.trim() ?? '';
    if (src === '' || dst === '') return true;
    this.pair ??= { src: sourceLanguage(src), dst: normalizeLanguage(dst) };
    if (
      baseLanguage(src) === baseLanguage(this.pair.src) &&
      baseLanguage(dst) === baseLanguage(this.pair.dst)
    ) {
      return true;
    }
    const key = `${sourceLanguage(src)}→${normalizeLanguage(dst)}`;
    const other = this.otherPairs.get(key);
    if (other) other.rows++;
    else this.otherPairs.set(key, { line, rows: 1 });
    return false;
  }

  /** Issues that summarize several rows, known only at the end. */
  finishIssues(): void {
    if (this.overLimit) {
      this.overLimit.issue.message =
        `the glossary reaches the service's limit (${MAX_GLOSSARY_BYTES} bytes as JSON) at this row; ` +
        `this row and the ${this.overLimit.rows - 1} new term(s) after it were not used`;
    }
    for (const [pair, { line, rows }] of this.otherPairs) {
      this.issues.push({
        line,
        severity: 'warning',
        code: 'other-language-pair',
        message: `skipped ${rows} row(s) for ${pair} (the first here): this glossary is ${this.pair!.src}→${this.pair!.dst}`,
      });
    }
  }

  /** The languages the rows declared, if they carry any (DeepL). */
  rowPair(): { src: string; dst: string } | undefined {
    return this.pair;
  }

  /** Given the glossary's languages before reading, rows of other pairs are skipped from the first one. */
  expectPair(src: string | undefined, dst: string | undefined): void {
    if (src !== undefined && dst !== undefined)
      this.pair = { src: sourceLanguage(src), dst: normalizeLanguage(dst) };
  }
}

function finish(
  reader: RowReader,
  issues: GlossaryIssue[],
  decoded: DecodedText,
  delimiter: ParsedGlossary['stats']['delimiter'],
  header: ParsedGlossary['stats']['header'],
  rows: number,
  options: ParseGlossaryOptions,
  layout?: Layout,
): ParsedGlossary {
  reader.finishIssues();
  issues.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  const entries: Record<string, string> = {};
  for (const [source, { target }] of reader.kept) {
    // defineProperty, so that a term such as "__proto__" is an entry like any other.
    Object.defineProperty(entries, source, {
      value: target,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const srcLang = options.srcLang ?? layout?.srcLang ?? reader.rowPair()?.src;
  const dstLang = options.dstLang ?? layout?.dstLang ?? reader.rowPair()?.dst;
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  return {
    entries,
    ...(srcLang !== undefined && { srcLang: sourceLanguage(srcLang) }),
    ...(dstLang !== undefined && { dstLang: normalizeLanguage(dstLang) }),
    issues,
    stats: {
      encoding: decoded.encoding,
      delimiter,
      header,
      rows,
      entries: reader.kept.size,
      errors,
      warnings: issues.length - errors,
      bytes: reader.bytes,
    },
  };
}
