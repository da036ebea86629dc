// The service's rules for glossary entries (docs/service.md, "Glossary entries"): each term non-empty, at most
// 1024 UTF-8 bytes, no tab or newline, no leading or trailing white space; the whole glossary under 10,485,760 bytes.
import { Buffer } from 'node:buffer';
import type { GlossaryIssue, IssueCode } from './types.ts';

export const MAX_TERM_BYTES = 1024;
/** The whole glossary must stay strictly below this, measured as the UTF-8 size of `JSON.stringify(entries)`. */
export const MAX_GLOSSARY_BYTES = 10_485_760;

/**
 * White space as JavaScript's trim() and `\s` see it, plus what Python's str.strip() also removes (the service is
 * written in Python: U+001C–U+001F and U+0085), so that a term trimmed here is trimmed for the service too.
 */
export function isEdgeSpace(code: number): boolean {
  if (code > 0x20 && code < 0x85) return false;
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x1f) ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function hasEdgeSpace(term: string): boolean {
  return (
    term.length > 0 && (isEdgeSpace(term.charCodeAt(0)) || isEdgeSpace(term.charCodeAt(term.length - 1)))
  );
}

/**
 * The term without white space at either end. Index loops from each end: they stop at the first other
 * character, so inner white space is never looked at (a regular expression for the trailing run retries at
 * every inner space, which made a 200 KB term of spaces take 20 s).
 */
export function trimTerm(term: string): string {
  let start = 0;
  let end = term.length;
  while (start < end && isEdgeSpace(term.charCodeAt(start))) start++;
  while (end > start && isEdgeSpace(term.charCodeAt(end - 1))) end--;
  return start === 0 && end === term.length ? term : term.slice(start, end);
}

export interface TermProblem {
  code: IssueCode;
  message: string;
}

/** Longer than this many UTF-16 units, a term may pass 1024 UTF-8 bytes (a unit takes at most 3). */
const SURELY_SHORT = Math.floor(MAX_TERM_BYTES / 3);

/**
 * The bytes `"term"` takes in the JSON body when the (trimmed) term is valid; -1 when it breaks a rule.
 * This runs twice per row. A term with nothing to escape or check character by character (most of them) is
 * found so by one regular expression and measured by `Buffer.byteLength`, both native passes: a JavaScript loop
 * over every character cost a fifth of parsing a large accented glossary (issue 40). Quotes and backslashes
 * (one escape byte each, common in product names) are counted in one pass over the characters; a term holding
 * a control character or a surrogate takes the slow path.
 */
export function validTermJsonLength(term: string): number {
  if (!NEEDS_JSON_ESCAPE.test(term)) {
    const bytes = Buffer.byteLength(term, 'utf8');
    return bytes === 0 || bytes > MAX_TERM_BYTES ? -1 : bytes + 2;
  }
  return measuredTermJsonLength(term);
}

/** The size of a term with quotes or backslashes, in one pass (control characters and surrogates: the slow path). */
function measuredTermJsonLength(term: string): number {
  const length = term.length;
  if (length === 0) return -1;
  let bytes = length + 2;
  let escapes = 0;
  for (let index = 0; index < length; index++) {
    const code = term.charCodeAt(index);
    if (code < 0x80) {
      if (code === 0x22 || code === 0x5c) escapes++;
      else if (code < 0x20) return escapedTermJsonLength(term);
    } else if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      return escapedTermJsonLength(term);
    } else {
      bytes += 2;
    }
  }
  return bytes - 2 > MAX_TERM_BYTES ? -1 : bytes + escapes;
}

function escapedTermJsonLength(term: string): number {
  if (termProblem(term, 'source')) return -1;
  return Buffer.byteLength(JSON.stringify(term), 'utf8');
}

/** What is wrong with an already trimmed term, if anything (one problem: the first that applies). */
export function termProblem(term: string, role: 'source' | 'target'): TermProblem | undefined {
  if (term.length === 0) return { code: 'empty-term', message: `the ${role} term is empty` };
  if (term.length > SURELY_SHORT) {
    const bytes = Buffer.byteLength(term, 'utf8');
    if (bytes > MAX_TERM_BYTES) {
      return {
        code: 'term-too-long',
        message: `the ${role} term is ${bytes} bytes in UTF-8; the service allows at most ${MAX_TERM_BYTES}`,
      };
    }
  }
  if (term.includes('\t')) {
    return {
      code: 'term-has-tab',
      message: `the ${role} term ${quote(term)} contains a tab, which the service rejects`,
    };
  }
  if (term.includes('\n') || term.includes('\r')) {
    return {
      code: 'term-has-newline',
      message: `the ${role} term ${quote(term)} contains a line break, which the service rejects`,
    };
  }
  return undefined;
}

/** What a term's JSON size cannot be read from its UTF-8 size alone for: escapes, control characters, surrogates. */
const NEEDS_JSON_ESCAPE = /["\\\x00-\x1f\ud800-\udfff]/;

/** Bytes that `"term"` takes in the JSON body. */
export function jsonStringLength(term: string): number {
  if (!NEEDS_JSON_ESCAPE.test(term)) return Buffer.byteLength(term, 'utf8') + 2;
  return Buffer.byteLength(JSON.stringify(term), 'utf8');
}

/** Bytes one more entry adds to `JSON.stringify(entries)`: `"source":"target"` and a comma unless it is the first. */
export function entryJsonLength(source: string, target: string, isFirst: boolean): number {
  return jsonStringLength(source) + 1 + jsonStringLength(target) + (isFirst ? 0 : 1);
}

/** Quotes a term for a message, shortened so that one bad row cannot flood a report. */
export function quote(term: string): string {
  const shown = term.length > 60 ? `${term.slice(0, 57)}...` : term;
  return JSON.stringify(shown);
}

/**
 * Checks entries against the service's rules without changing them (nothing is trimmed here: white space
 * at either end is an error). `line` in each issue is the entry's 1-based position in `entries`, which is
 * its line in a header-less file written by formatGlossaryCsv; `column` 1 is the source term, 2 the target.
 */
export function validateGlossaryEntries(entries: Record<string, string>): GlossaryIssue[] {
  const issues: GlossaryIssue[] = [];
  let size = 2;
  let position = 0;
  let firstOverLimit = 0;
  for (const [source, target] of Object.entries(entries)) {
    position++;
    const terms: ['source' | 'target', unknown][] = [
      ['source', source],
      ['target', target],
    ];
    for (const [index, [role, term]] of terms.entries()) {
      const column = index + 1;
      if (typeof term !== 'string') {
        issues.push({
          line: position,
          column,
          severity: 'error',
          code: 'not-text',
          message: `the ${role} term of ${quote(source)} is ${term === null ? 'null' : typeof term}, not text`,
        });
        continue;
      }
      const problem = hasEdgeSpace(term)
        ? {
            code: 'untrimmed-term' as const,
            message: `the ${role} term ${quote(term)} starts or ends with white space, which the service rejects`,
          }
        : termProblem(term, role);
      if (problem) issues.push({ line: position, column, severity: 'error', ...problem });
    }
    size += entryJsonLength(source, String(target), position === 1);
    if (size >= MAX_GLOSSARY_BYTES && firstOverLimit === 0) firstOverLimit = position;
  }
  if (firstOverLimit > 0) {
    issues.push({
      line: firstOverLimit,
      severity: 'error',
      code: 'glossary-too-large',
      message:
        `the glossary is ${size} bytes as JSON and reaches the service's limit (less than ${MAX_GLOSSARY_BYTES}) ` +
        `at entry ${firstOverLimit} of ${position}`,
    });
  }
  return issues;
}
