// Public shapes of @dubkit/glossary-csv. Structural on purpose: no dependency on @dubkit/core.

export type IssueSeverity = 'error' | 'warning';

/** Every kind of problem the parser and validator report. */
export type IssueCode =
  | 'empty-term'
  | 'not-text'
  | 'term-has-tab'
  | 'term-has-newline'
  | 'term-too-long'
  | 'untrimmed-term'
  | 'duplicate-entry'
  | 'conflicting-entry'
  | 'glossary-too-large'
  | 'missing-cell'
  | 'extra-columns'
  | 'extra-languages'
  | 'language-not-found'
  | 'other-language-pair'
  | 'malformed-quotes'
  | 'unterminated-quote'
  | 'invalid-utf8'
  | 'odd-byte-count'
  | 'no-entries';

/**
 * One finding. `error`: the row (or entry) is not used. `warning`: it was fixed and used.
 * `line` is the 1-based physical line of the file (a quoted field with line breaks spans several lines);
 * `column` is the 1-based cell number within the row.
 */
export interface GlossaryIssue {
  line: number;
  column?: number;
  severity: IssueSeverity;
  code: IssueCode;
  message: string;
}

/** A glossary as the service holds it (create body minus the name). */
export interface GlossaryLike {
  entries: Record<string, string>;
  src_lang?: string;
  dst_lang?: string;
}

/** The delimiters detection chooses from; a caller may name any other single character. */
export type Delimiter = ',' | ';' | '\t';

export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'string';

/** How the first row was read. */
export type HeaderKind = 'none' | 'language-codes' | 'names' | 'deepl';

export interface ParseGlossaryOptions {
  /** Source language to pick when the file has several language columns; also returned as `srcLang`. */
  srcLang?: string;
  /** Target language to pick when the file has several language columns; also returned as `dstLang`. */
  dstLang?: string;
  /**
   * Skip detection and split cells on this delimiter: any single character but a quote or a line break (`|` for
   * pipe-separated term lists, for example).
   */
  delimiter?: Delimiter | (string & {});
  /** Throw a GlossaryCsvError when any error is found, instead of returning it among the issues. */
  strict?: boolean;
}

export interface ParseStats {
  encoding: TextEncodingName;
  /** The delimiter detected, or the one the caller named. */
  delimiter: Delimiter | (string & {});
  header: HeaderKind;
  /** Data rows read (not counting the header, the `sep=` line or blank lines). */
  rows: number;
  entries: number;
  errors: number;
  warnings: number;
  /** Size of `JSON.stringify(entries)` in UTF-8 bytes: what the service measures against its limit. */
  bytes: number;
}

export interface ParsedGlossary {
  entries: Record<string, string>;
  srcLang?: string;
  dstLang?: string;
  /**
   * Every language the header names, in column order (`en,es,de,fr` → en, es, de, fr). More than two: the file
   * holds a glossary per pair; `entries` is one pair's, parse again with srcLang/dstLang for another.
   */
  languages?: string[];
  issues: GlossaryIssue[];
  stats: ParseStats;
}

export interface FormatGlossaryOptions {
  format?: 'csv' | 'tsv';
  /** Write a first row naming the columns (`en,es` when both languages are known, else `source,target`). Default true. */
  header?: boolean;
  /** Start with a UTF-8 byte-order mark (U+FEFF) so that Excel reads the file as UTF-8. Default false. */
  bom?: boolean;
  /** Guard cells starting with `=`, `+`, `-` or `@` against formula injection (a leading `'`). Default false. */
  forSpreadsheet?: boolean;
}
