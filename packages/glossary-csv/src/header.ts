// Reads the first row: is it a header, and which columns hold the source and target terms?
// Handles language-code headers (`en,es`, `es-ES;en-US;fr`), names (`source,target`, `Term,Translation`,
// `Term [en]`, `English`), DeepL's `source,target,source_lang,target_lang`, and extra columns of term-base tools.
import {
  findLanguage,
  isLanguageCode,
  languageFromName,
  normalizeLanguage,
  sourceLanguage,
} from './languages.ts';
import { isEdgeSpace, quote } from './rules.ts';
import type { GlossaryIssue, HeaderKind } from './types.ts';

type ColumnRole =
  | { kind: 'source' }
  | { kind: 'target' }
  | { kind: 'language'; language: string }
  | { kind: 'source-lang' }
  | { kind: 'target-lang' }
  | { kind: 'other' }
  | { kind: 'blank' };

const SOURCE_NAMES = new Set(['source', 'source term', 'src', 'term', 'original', 'source text']);
const TARGET_NAMES = new Set([
  'target',
  'target term',
  'dst',
  'translation',
  'translated term',
  'target text',
]);
const SOURCE_LANG_NAMES = new Set(['source_lang', 'source lang', 'source language', 'src_lang']);
const TARGET_LANG_NAMES = new Set(['target_lang', 'target lang', 'target language', 'dst_lang']);
const TERM_PREFIXES = ['term', 'source', 'target', 'translation'];
/**
 * Longer than any column name this reader knows: ICU's longest English name of a two-letter language is 17
 * characters, so `Translation (Norwegian Nynorsk)` or `Portuguese (Brazil)` stay far below. A longer cell is an
 * ordinary column, decided by one comparison before anything searches it.
 */
export const MAX_COLUMN_NAME_LENGTH = 64;

function columnRole(cell: string): ColumnRole {
  const name = cell.trim();
  if (name === '') return { kind: 'blank' };
  if (name.length > MAX_COLUMN_NAME_LENGTH) return { kind: 'other' };
  const lower = name.toLowerCase();
  if (SOURCE_NAMES.has(lower)) return { kind: 'source' };
  if (TARGET_NAMES.has(lower)) return { kind: 'target' };
  if (SOURCE_LANG_NAMES.has(lower)) return { kind: 'source-lang' };
  if (TARGET_LANG_NAMES.has(lower)) return { kind: 'target-lang' };
  const language = languageOf(termColumnLanguage(lower, name) ?? name);
  return language === undefined ? { kind: 'other' } : { kind: 'language', language };
}

/**
 * `Term [en]`, `Translation (es-ES)`, `Term [English]`: the language of a term column, or undefined. The name is
 * trimmed; after the prefix come optional white space, `[` or `(`, the language, and `]` or `)` at the very end.
 * Read by index, not by a pattern: the language's own white space and brackets made a regular expression
 * backtrack cubically (a 10 KB `term(` header cell took minutes).
 */
export function termColumnLanguage(lower: string, name: string): string | undefined {
  const prefix = TERM_PREFIXES.find((candidate) => lower.startsWith(candidate));
  if (prefix === undefined) return undefined;
  let open = prefix.length;
  while (open < name.length && isSpace(name.charCodeAt(open))) open++;
  const opener = name.charCodeAt(open);
  const closer = name.charCodeAt(name.length - 1);
  if ((opener !== 0x5b && opener !== 0x28) || (closer !== 0x5d && closer !== 0x29)) return undefined;
  let start = open + 1;
  let end = name.length - 1;
  while (start < end && isSpace(name.charCodeAt(start))) start++;
  while (end > start && isSpace(name.charCodeAt(end - 1))) end--;
  if (start >= end) return undefined;
  for (let index = start; index < end; index++) {
    const code = name.charCodeAt(index);
    if (code === 0x5d || code === 0x29) return undefined;
  }
  return name.slice(start, end);
}

/** `\s` of regular expressions, by code. */
function isSpace(code: number): boolean {
  return isEdgeSpace(code) && (code < 0x1c || code > 0x1f) && code !== 0x85;
}

function languageOf(value: string): string | undefined {
  return isLanguageCode(value) ? value : languageFromName(value);
}

/** Which columns to read, and from where the languages come. */
export interface Layout {
  kind: HeaderKind;
  source: number;
  target: number;
  /** Languages named by the header, in the service's form. */
  srcLang?: string;
  dstLang?: string;
  /** Every language the header names, in column order, in the service's form (several: one glossary a pair). */
  languages?: string[];
  /** DeepL: columns holding each row's own source and target language. */
  rowLanguages?: { source: number; target: number };
  /** Columns that are read. */
  used: ReadonlySet<number>;
  /** Columns the header named (their extras are reported with the header); text in any other column is extra. */
  named: ReadonlySet<number>;
}

export type HeaderIssue = Omit<GlossaryIssue, 'line'>;

export type HeaderReading =
  | { layout: Layout; issues: HeaderIssue[] }
  | { layout: undefined; issues: HeaderIssue[] }
  | undefined;

/** The layout of a file whose first row is data: source and target first, DeepL's language columns after. */
export function headerlessLayout(firstRow: readonly string[]): Layout {
  if (isDeepLRow(firstRow)) {
    const used = new Set([0, 1, 2, 3]);
    return { kind: 'deepl', source: 0, target: 1, rowLanguages: { source: 2, target: 3 }, used, named: used };
  }
  const used = new Set([0, 1]);
  return { kind: 'none', source: 0, target: 1, used, named: used };
}

/** `Hello,Hallo,en,de`: two terms, then their languages. */
function isDeepLRow(cells: readonly string[]): boolean {
  const [source, target, sourceLang, targetLang] = cells;
  return (
    sourceLang !== undefined &&
    targetLang !== undefined &&
    isLanguageCode(sourceLang.trim()) &&
    isLanguageCode(targetLang.trim()) &&
    columnRole(source!).kind === 'other' &&
    columnRole(target!).kind === 'other'
  );
}

/** True when `cells` would be read as a header row (used by the writer to avoid writing such a first row). */
export function looksLikeHeader(cells: readonly string[]): boolean {
  return readHeader(cells, {}) !== undefined;
}

/**
 * Reads `cells` as a header. Undefined when they are not one (fewer than two term columns recognized).
 * A layout of undefined means a header that cannot serve the languages asked for (the issues say why).
 */
export function readHeader(
  cells: readonly string[],
  wanted: { srcLang?: string; dstLang?: string },
): HeaderReading {
  if (isDeepLRow(cells)) return undefined;
  const roles = cells.map(columnRole);
  const indexes = (kind: ColumnRole['kind']) =>
    roles.flatMap((role, index) => (role.kind === kind ? [index] : []));
  const sources = indexes('source');
  const targets = indexes('target');
  const languageColumns = indexes('language');
  if (sources.length + targets.length + languageColumns.length < 2) return undefined;
  const languageAt = (index: number) => {
    const role = roles[index];
    return role?.kind === 'language' ? role.language : undefined;
  };
  const languages = roles.map((_, index) => languageAt(index));
  const listed = languageColumns.map((index) => `${languages[index]} (column ${index + 1})`).join(', ');

  let source = sources[0];
  if (wanted.srcLang !== undefined && languageColumns.length > 0) {
    const found = findLanguage(languages, wanted.srcLang);
    if (found !== -1) source = found;
    else if (source === undefined) return notFound('source', wanted.srcLang, listed);
  }
  source ??= languageColumns[0];
  let target = targets[0];
  const otherLanguages = languages.map((language, index) => (index === source ? undefined : language));
  if (wanted.dstLang !== undefined && languageColumns.length > 0) {
    const found = findLanguage(otherLanguages, wanted.dstLang);
    if (found !== -1) target = found;
    else if (target === undefined) return notFound('target', wanted.dstLang, listed);
  }
  target ??= languageColumns.find((index) => index !== source);
  if (source === undefined || target === undefined) return undefined;

  const used = new Set([source, target]);
  const sourceLangColumn = indexes('source-lang')[0];
  const targetLangColumn = indexes('target-lang')[0];
  const deepl = sourceLangColumn !== undefined && targetLangColumn !== undefined;
  if (deepl) {
    used.add(sourceLangColumn);
    used.add(targetLangColumn);
  }
  const srcLanguage = languageAt(source);
  const dstLanguage = languageAt(target);
  const layout: Layout = {
    kind: deepl
      ? 'deepl'
      : srcLanguage !== undefined && dstLanguage !== undefined
        ? 'language-codes'
        : 'names',
    source,
    target,
    used,
    named: new Set(roles.flatMap((role, index) => (role.kind === 'blank' ? [] : [index]))),
    ...(srcLanguage !== undefined && { srcLang: sourceLanguage(srcLanguage) }),
    ...(dstLanguage !== undefined && { dstLang: normalizeLanguage(dstLanguage) }),
    ...(languageColumns.length > 0 && {
      languages: languageColumns.map((index) => normalizeLanguage(languages[index]!)),
    }),
    ...(deepl && { rowLanguages: { source: sourceLangColumn, target: targetLangColumn } }),
  };
  return { layout, issues: unusedColumnIssues(cells, roles, used) };
}

function notFound(role: 'source' | 'target', language: string, listed: string): HeaderReading {
  return {
    layout: undefined,
    issues: [
      {
        severity: 'error',
        code: 'language-not-found',
        message: `no column for the ${role} language ${JSON.stringify(language)}; the header has ${listed || 'no language columns'}`,
      },
    ],
  };
}

function unusedColumnIssues(
  cells: readonly string[],
  roles: readonly ColumnRole[],
  used: ReadonlySet<number>,
) {
  const issues: HeaderIssue[] = [];
  const extraLanguages: string[] = [];
  const extraColumns: string[] = [];
  roles.forEach((role, index) => {
    if (used.has(index) || role.kind === 'blank') return;
    const name = `${quote(cells[index]!.trim())} (column ${index + 1})`;
    (role.kind === 'language' ? extraLanguages : extraColumns).push(name);
  });
  if (extraLanguages.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'extra-languages',
      message: `ignored the other language columns ${listing(extraLanguages)}; choose the languages with srcLang/dstLang (--src/--dst)`,
    });
  }
  if (extraColumns.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'extra-columns',
      message: `ignored the columns ${listing(extraColumns)}: they hold no term`,
    });
  }
  return issues;
}

function listing(names: readonly string[]): string {
  const shown = names.slice(0, 6).join(', ');
  return names.length > 6 ? `${shown} and ${names.length - 6} more` : shown;
}
