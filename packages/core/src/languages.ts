// The service's languages, one list for every part of dubkit (the CLI, the Slack app, the emulator): codes as
// the service takes them (docs/service.md, "Languages"), their English and native names from Intl.DisplayNames,
// and whether a language can be a source. A code outside the list is refused before anything is uploaded or
// charged, with the nearest known codes suggested.

// biome-ignore format: a table reads better than one code a line
/** Languages without a dialect: each can be a source, and a destination. */
export const BASE_LANGUAGE_CODES = [
  'af', 'am', 'ar', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et', 'eu',
  'fa', 'fi', 'fil', 'fr', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it', 'ja', 'jv', 'ka',
  'kk', 'km', 'kn', 'ko', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my', 'ne', 'nl', 'no', 'pa',
  'pl', 'ps', 'pt', 'ro', 'ru', 'si', 'sk', 'sl', 'so', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk',
  'ur', 'uz', 'vi', 'zh', 'zu',
] as const;

// biome-ignore format: a table reads better than one code a line
/** Destination dialects, in lower case; a source is always given without its dialect. */
export const DIALECT_CODES = [
  'en-us', 'en-gb', 'en-au', 'es-es', 'es-mx', 'fr-fr', 'fr-ca', 'pt-br', 'pt-pt', 'zh-cn', 'zh-tw', 'de-de',
  'de-ch', 'ar-sa', 'ar-eg', 'nl-be',
] as const;

// biome-ignore format: a table reads better than one entry a line
/**
 * The country a language is most spoken in, where its code differs from the language's: people type `jp` for
 * Japanese or `cz` for Czech; a suggestion then names the language. Also the flag the Slack app shows.
 */
export const USUAL_COUNTRY: Readonly<Record<string, string>> = {
  ar: 'sa', cs: 'cz', da: 'dk', de: 'de', el: 'gr', en: 'gb', es: 'es', fa: 'ir', fi: 'fi', fr: 'fr', he: 'il',
  hi: 'in', hu: 'hu', id: 'id', it: 'it', ja: 'jp', ko: 'kr', nl: 'nl', no: 'no', pl: 'pl', pt: 'pt', ro: 'ro',
  ru: 'ru', sv: 'se', th: 'th', tr: 'tr', uk: 'ua', vi: 'vn', zh: 'cn',
};

export interface Language {
  /** As the service takes it: `es`, `pt-br`. */
  code: string;
  /** In English: `Spanish`, `Brazilian Portuguese`. */
  name: string;
  /** In the language itself: `español`, `português do Brasil`. */
  nativeName: string;
  /** Whether it can be a project's source language (languages without a dialect). */
  source: boolean;
}

export type LanguageRole = 'source' | 'destination';

/** The code as Intl wants it: `pt-br` → `pt-BR`. */
function intlTag(code: string): string {
  const [language = '', region] = code.split('-');
  return region ? `${language}-${region.toUpperCase()}` : language;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** English name of a code, listed or not: `es` → `Spanish`; the code itself when Intl has no name for it. */
export function languageName(code: string): string {
  try {
    return englishNames.of(intlTag(code)) ?? code;
  } catch {
    return code;
  }
}

function nativeName(code: string): string {
  const tag = intlTag(code);
  return new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' }).of(tag) ?? code;
}

/** Every language the service takes: languages without a dialect first, then the dialects. */
export const LANGUAGES: readonly Language[] = [...BASE_LANGUAGE_CODES, ...DIALECT_CODES].map((code) => ({
  code,
  name: languageName(code),
  nativeName: nativeName(code),
  source: !code.includes('-'),
}));

const byCode = new Map(LANGUAGES.map((language) => [language.code, language]));

/** `EN_us ` → `en-us`: how people type a code, as the service writes it. */
export function normalizeLanguageCode(input: string): string {
  return input.trim().toLowerCase().replaceAll('_', '-');
}

/** The listed language of a code as the service writes it, or undefined. */
export function findLanguage(code: string): Language | undefined {
  return byCode.get(code);
}

/** Whether the service takes `code` (exactly as written) in the given role. */
export function isKnownLanguage(code: string, role: LanguageRole): boolean {
  const language = byCode.get(code);
  return language !== undefined && (role === 'destination' || language.source);
}

/** How far apart two short codes are: insertions, deletions, substitutions and swaps of neighbours. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

const MAX_SUGGESTIONS = 3;

/**
 * The known codes nearest to an unknown one, best first, at most three: for a dialect the service lacks, its
 * language and listed dialects (`es-ar` → `es`, `es-es`, `es-mx`); a code that starts a language's English
 * name (`sp` → `es`, `german` → `de`); a country code (`jp` → `ja`); else codes one typing slip away (`ne` for
 * `nw`). Empty when nothing is near (`xx`).
 */
export function suggestLanguages(input: string, role: LanguageRole): string[] {
  const wanted = normalizeLanguageCode(input);
  const fits = (language: Language) => role === 'destination' || language.source;
  const candidates = LANGUAGES.filter(fits);
  const base = wanted.split('-')[0] ?? '';
  const found: string[] = [];
  const add = (codes: string[]) => {
    for (const code of codes) if (!found.includes(code) && code !== wanted) found.push(code);
  };
  if (byCode.has(base)) add(candidates.filter((l) => l.code.split('-')[0] === base).map((l) => l.code));
  if (wanted.length >= 2) {
    add(candidates.filter((l) => l.name.toLowerCase().startsWith(wanted)).map((l) => l.code));
    const byCountry = Object.entries(USUAL_COUNTRY).find(([, country]) => country === base)?.[0];
    if (byCountry) add([byCountry]);
  }
  if (found.length === 0) add(candidates.filter((l) => distance(l.code, wanted) === 1).map((l) => l.code));
  return found.slice(0, MAX_SUGGESTIONS);
}

export type LanguageCheck =
  | { ok: true; code: string }
  | { ok: false; input: string; suggestions: string[]; reason: string };

/**
 * Checks a code typed by a person: normalized (`pt_BR` → `pt-br`), then looked up. When refused, `reason` says
 * why in plain words and `suggestions` holds the nearest known codes; each interface adds its own words (a
 * flag, a Slack command) around them.
 */
export function checkLanguage(input: string, role: LanguageRole): LanguageCheck {
  const code = normalizeLanguageCode(input);
  if (isKnownLanguage(code, role)) return { ok: true, code };
  const suggestions = suggestLanguages(code, role);
  const known = byCode.get(code);
  const reason =
    known && role === 'source'
      ? `a source language is given without its dialect`
      : `"${input.trim()}" is not a language the service knows`;
  return { ok: false, input, suggestions, reason };
}

/** `es (Spanish), es-mx (Mexican Spanish)` */
export function describeLanguages(codes: readonly string[]): string {
  return codes.map((code) => `${code} (${languageName(code)})`).join(', ');
}
