// Turns data rows into entries: trims, removes formula guards, validates, settles duplicates and keeps the
// glossary under the service's size limit. Runs once per row of files up to 10 MiB, so the common path is lean.
import { unguardCell } from './formula-guard.ts';
import type { Layout } from './header.ts';
import { baseLanguage, normalizeLanguage, sourceLanguage } from './languages.ts';
import { cellStartLine } from './lines.ts';
import {
  hasEdgeSpace,
  MAX_GLOSSARY_BYTES,
  quote,
  termProblem,
  trimTerm,
  validTermJsonLength,
} from './rules.ts';
import type { GlossaryIssue, ParseGlossaryOptions } from './types.ts';

interface Repeat {
  source: string;
  target: string;
  line: number;
}

export class RowReader {
  readonly entries: Record<string, string> = {};
  count = 0;
  /** Size of `JSON.stringify(entries)` in UTF-8 bytes. */
  bytes = 2;
  /** The language pair of DeepL rows: the one asked for, else the first row's. */
  pair: { src: string; dst: string } | undefined;
  private readonly issues: GlossaryIssue[];
  // The line of each kept entry, in order; looked up by source only for the few rows that repeat one.
  private readonly keptSources: string[] = [];
  private readonly keptLines: number[] = [];
  private readonly repeats: Repeat[] = [];
  private extraColumnsReported = false;
  private overLimit: { issue: GlossaryIssue; rows: number } | undefined;
  private readonly otherPairs = new Map<string, { line: number; rows: number }>();
  private termBytes = 0;

  constructor(issues: GlossaryIssue[], options: ParseGlossaryOptions) {
    this.issues = issues;
    if (options.srcLang !== undefined && options.dstLang !== undefined) {
      this.pair = { src: sourceLanguage(options.srcLang), dst: normalizeLanguage(options.dstLang) };
    }
  }

  read(row: readonly string[], line: number, layout: Layout): void {
    if (!this.extraColumnsReported && row.length > layout.used.size)
      this.reportExtraColumns(row, line, layout);
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
        message: `the row has ${row.length} cell(s); the ${missing === layout.source ? 'source' : 'target'} term belongs in column ${missing + 1}`,
      });
      return;
    }
    const source = this.term(sourceCell, 'source', row, layout.source, line);
    const sourceBytes = this.termBytes;
    const target = this.term(targetCell, 'target', row, layout.target, line);
    if (source === undefined || target === undefined) return;
    this.keep(source, target, sourceBytes + 1 + this.termBytes, line);
  }

  /**
   * Trims (with a warning) and removes a formula guard; undefined when the term breaks a rule.
   * Leaves the term's JSON size in `termBytes`.
   */
  private term(
    cell: string,
    role: 'source' | 'target',
    row: readonly string[],
    column: number,
    rowLine: number,
  ) {
    const trimmed = hasEdgeSpace(cell) ? trimTerm(cell) : cell;
    const term = unguardCell(trimmed);
    this.termBytes = validTermJsonLength(term);
    if (this.termBytes >= 0 && trimmed === cell) return term;
    const line = cellStartLine(row, column, rowLine);
    const problem = termProblem(term, role);
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
    return term;
  }

  private keep(source: string, target: string, entryBytes: number, line: number): void {
    // A keyed read is much cheaper than Object.hasOwn on 200k keys; every value is a string, so undefined means
    // absent, and only a name the prototype also has (`constructor`, `__proto__`) needs the own-property check.
    if (this.entries[source] !== undefined && Object.hasOwn(this.entries, source)) {
      this.repeats.push({ source, target, line });
      return;
    }
    if (this.overLimit) {
      this.overLimit.rows++;
      return;
    }
    const size = entryBytes + (this.count === 0 ? 0 : 1);
    if (this.bytes + size >= MAX_GLOSSARY_BYTES) {
      this.overLimit = {
        issue: { line, severity: 'error', code: 'glossary-too-large', message: '' },
        rows: 1,
      };
      this.issues.push(this.overLimit.issue);
      return;
    }
    this.bytes += size;
    this.count++;
    if (source === '__proto__') {
      Object.defineProperty(this.entries, source, {
        value: target,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      this.entries[source] = target;
    }
    this.keptSources.push(source);
    this.keptLines.push(line);
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
      message: `ignored column(s) ${extra.join(', ')} here and in the rows below: they hold no term`,
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

  /** Issues that need the whole file: repeated sources, the size limit, rows of other language pairs. */
  finish(): void {
    this.reportRepeats();
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

  private reportRepeats(): void {
    if (this.repeats.length === 0) return;
    const firstLines = new Map<string, number>(this.repeats.map((repeat) => [repeat.source, 0]));
    this.keptSources.forEach((source, index) => {
      if (firstLines.has(source)) firstLines.set(source, this.keptLines[index]!);
    });
    for (const { source, target, line } of this.repeats) {
      const earlierLine = firstLines.get(source)!;
      const earlierTarget = this.entries[source]!;
      if (earlierTarget === target) {
        this.issues.push({
          line,
          severity: 'warning',
          code: 'duplicate-entry',
          message: `${quote(source)} → ${quote(target)} repeats line ${earlierLine}; the repeat was dropped`,
        });
      } else {
        this.issues.push({
          line,
          severity: 'error',
          code: 'conflicting-entry',
          message:
            `the source term ${quote(source)} has the target ${quote(earlierTarget)} at line ${earlierLine} ` +
            `and ${quote(target)} at line ${line}; line ${earlierLine} was kept`,
        });
      }
    }
  }
}
