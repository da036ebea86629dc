// The languages offered in the picker and accepted in `/dub ... to es,de-de from en`: the service's list from
// @dubkit/core (codes as the service takes them, English names), in the picker's order, with a flag for the
// status messages.
import {
  BASE_LANGUAGE_CODES,
  checkLanguage,
  languageName as coreLanguageName,
  DIALECT_CODES,
  isKnownLanguage,
  normalizeLanguageCode,
  USUAL_COUNTRY,
} from '@dubkit/core';

/** Offered first, in this order: the languages localization teams ask for most. */
export const POPULAR_DESTINATIONS = [
  'es',
  'de',
  'fr',
  'pt-br',
  'it',
  'ja',
  'ko',
  'zh-cn',
  'hi',
  'ar',
  'ru',
  'en-us',
  'tr',
  'pl',
  'nl',
  'id',
] as const;

/** Languages without a dialect: every source language, and destinations beyond the popular ones. */
export const LANGUAGES = BASE_LANGUAGE_CODES;

/** Destination dialects the picker lists besides the bare languages. */
export const DIALECTS = DIALECT_CODES;

/** English name: "Spanish", "Brazilian Portuguese", "Chinese (China)". */
export const languageName = coreLanguageName;

/** A flag emoji for the language's region (or its usual country), or a globe. */
export function languageFlag(code: string): string {
  const [lang = '', region] = code.split('-');
  const country = region ?? USUAL_COUNTRY[lang];
  if (!country || !/^[a-z]{2}$/.test(country)) return '🌐';
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** "🇪🇸 Spanish" */
export function languageLabel(code: string): string {
  return `${languageFlag(code)} ${languageName(code)}`;
}

/** A destination code as the service takes it, or undefined when it is not one of the service's languages. */
export function normalizeDestination(input: string): string | undefined {
  const checked = checkLanguage(input, 'destination');
  return checked.ok ? checked.code : undefined;
}

/**
 * A source code, or undefined when unknown. The service takes a source without its dialect, so any region is
 * dropped (`en-ca`, as a glossary's column may name it, becomes `en`).
 */
export function normalizeSource(input: string): string | undefined {
  const [base = '', region, extra] = normalizeLanguageCode(input).split('-');
  if (extra !== undefined || (region !== undefined && !/^[a-z]{2}$/.test(region))) return undefined;
  return isKnownLanguage(base, 'source') ? base : undefined;
}

/** Every destination the picker offers, popular first then the rest by name. */
export function destinationGroups(): { label: string; codes: string[] }[] {
  const popular: string[] = [...POPULAR_DESTINATIONS];
  const rest = [...LANGUAGES, ...DIALECTS]
    .filter((code) => !popular.includes(code))
    .sort((a, b) => languageName(a).localeCompare(languageName(b)));
  return [
    { label: 'Popular', codes: popular },
    { label: 'All languages', codes: rest },
  ];
}
