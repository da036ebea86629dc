// Recognizes language columns (`en`, `en-US`, `es_ES`, `English`) and writes codes the way the service wants them:
// a source language without dialect (`en`), a target language in lower case with its dialect (`es-es`).

// Anchored, and every repetition starts with a separator, so a failing match backtracks at most a few steps per
// subtag; the length is checked first anyway.
const CODE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;
/** Longer than the longest tag BCP 47 asks implementations to support (35 characters, RFC 5646 §4.4.1). */
const MAX_CODE_LENGTH = 35;
/** Longer than any English language name ICU gives for a two-letter code, with a region in parentheses. */
const MAX_NAME_LENGTH = 64;
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
let codesByName: Map<string, string> | undefined;

/** A BCP 47-like code whose base language ICU knows, e.g. `en`, `en-US`, `pt_BR`; `xx` and `und` are not. */
export function isLanguageCode(value: string): boolean {
  if (value.length > MAX_CODE_LENGTH || !CODE.test(value)) return false;
  const base = baseLanguage(value);
  return base !== 'und' && names.of(base) !== undefined;
}

export function baseLanguage(code: string): string {
  return code.split(/[-_]/, 1)[0]!.toLowerCase();
}

/** `en_US` → `en-us`. */
export function normalizeLanguage(code: string): string {
  return code.trim().replace(/_/g, '-').toLowerCase();
}

export function sourceLanguage(code: string): string {
  return baseLanguage(normalizeLanguage(code));
}

/**
 * The code of a language named in English, as memoQ and MultiTerm exports title their columns
 * (`English`, `German`, `Portuguese (Brazil)` → `en`, `de`, `pt`). Only two-letter languages are known by name.
 */
export function languageFromName(value: string): string | undefined {
  if (!codesByName) {
    codesByName = new Map();
    for (let first = 0x61; first <= 0x7a; first++) {
      for (let second = 0x61; second <= 0x7a; second++) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name !== undefined) codesByName.set(name.toLowerCase(), code);
      }
    }
  }
  if (value.length > MAX_NAME_LENGTH) return undefined;
  const name = withoutTrailingParenthesis(value).trim().toLowerCase();
  return codesByName.get(name);
}

/**
 * `German (Germany)` → `German`: the text before a final parenthesis (one holding no `)`, followed only by white
 * space), else the text as it is. By index: a pattern for it retried at every `(`, quadratic in a cell of `(`.
 */
function withoutTrailingParenthesis(value: string): string {
  const end = value.trimEnd().length;
  if (value.charCodeAt(end - 1) !== 0x29) return value;
  const previousClose = value.lastIndexOf(')', end - 2);
  const open = value.indexOf('(', previousClose + 1);
  return open === -1 || open > end - 2 ? value : value.slice(0, open);
}

/** Finds `wanted` among `codes`: the same code first, else the same base language. Returns the index or -1. */
export function findLanguage(codes: readonly (string | undefined)[], wanted: string): number {
  const target = normalizeLanguage(wanted);
  const exact = codes.findIndex((code) => code !== undefined && normalizeLanguage(code) === target);
  if (exact !== -1) return exact;
  const base = baseLanguage(target);
  return codes.findIndex((code) => code !== undefined && baseLanguage(code) === base);
}
