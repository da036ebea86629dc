// Recognizes language columns (`en`, `en-US`, `es_ES`, `English`) and writes codes the way the service wants them:
// a source language without dialect (`en`), a target language in lower case with its dialect (`es-es`).

const CODE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
let codesByName: Map<string, string> | undefined;

/** A BCP 47-like code whose base language ICU knows, e.g. `en`, `en-US`, `pt_BR`; `xx` and `und` are not. */
export function isLanguageCode(value: string): boolean {
  if (!CODE.test(value)) return false;
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
  const name = value
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase();
  return codesByName.get(name);
}

/** Finds `wanted` among `codes`: the same code first, else the same base language. Returns the index or -1. */
export function findLanguage(codes: readonly (string | undefined)[], wanted: string): number {
  const target = normalizeLanguage(wanted);
  const exact = codes.findIndex((code) => code !== undefined && normalizeLanguage(code) === target);
  if (exact !== -1) return exact;
  const base = baseLanguage(target);
  return codes.findIndex((code) => code !== undefined && baseLanguage(code) === base);
}
