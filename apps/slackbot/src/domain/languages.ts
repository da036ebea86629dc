// The languages offered in the picker and accepted in `/dub ... to es,de-de from en`: codes as the service
// takes them (source without dialect; destination with an optional lower-case dialect), English names from
// Intl.DisplayNames, and a flag for the status messages.

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

// biome-ignore format: a table reads better than one code a line
/** Languages without a dialect: every source language, and destinations beyond the popular ones. */
export const LANGUAGES = [
  'af', 'am', 'ar', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et', 'eu',
  'fa', 'fi', 'fil', 'fr', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it', 'ja', 'jv', 'ka',
  'kk', 'km', 'kn', 'ko', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my', 'ne', 'nl', 'no', 'pa',
  'pl', 'ps', 'pt', 'ro', 'ru', 'si', 'sk', 'sl', 'so', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk',
  'ur', 'uz', 'vi', 'zh', 'zu',
] as const;

// biome-ignore format: a table reads better than one code a line
/** Destination dialects the picker lists besides the bare languages. */
export const DIALECTS = [
  'en-us', 'en-gb', 'en-au', 'es-es', 'es-mx', 'fr-fr', 'fr-ca', 'pt-br', 'pt-pt', 'zh-cn', 'zh-tw', 'de-de',
  'de-ch', 'ar-sa', 'ar-eg', 'nl-be',
] as const;

const known = new Set<string>(LANGUAGES);
const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** English name: "Spanish", "Brazilian Portuguese", "Chinese (China)". */
export function languageName(code: string): string {
  const [lang, region] = code.split('-');
  try {
    return names.of(region ? `${lang}-${region.toUpperCase()}` : code) ?? code;
  } catch {
    return code;
  }
}

/** The country whose flag stands for a bare language in a status message. */
// biome-ignore format: a table reads better than one entry a line
const FLAG_COUNTRY: Record<string, string> = {
  ar: 'sa', cs: 'cz', da: 'dk', de: 'de', el: 'gr', en: 'gb', es: 'es', fa: 'ir', fi: 'fi', fr: 'fr', he: 'il',
  hi: 'in', hu: 'hu', id: 'id', it: 'it', ja: 'jp', ko: 'kr', nl: 'nl', no: 'no', pl: 'pl', pt: 'pt', ro: 'ro',
  ru: 'ru', sv: 'se', th: 'th', tr: 'tr', uk: 'ua', vi: 'vn', zh: 'cn',
};

/** A flag emoji for the language's region (or its usual country), or a globe. */
export function languageFlag(code: string): string {
  const [lang = '', region] = code.split('-');
  const country = region ?? FLAG_COUNTRY[lang];
  if (!country || !/^[a-z]{2}$/.test(country)) return '🌐';
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** "🇪🇸 Spanish" */
export function languageLabel(code: string): string {
  return `${languageFlag(code)} ${languageName(code)}`;
}

/** A destination code as the service takes it, or undefined when it is not a language we know. */
export function normalizeDestination(input: string): string | undefined {
  const code = input.trim().toLowerCase().replace('_', '-');
  const [lang = '', region, extra] = code.split('-');
  if (extra !== undefined || !known.has(lang)) return undefined;
  if (region === undefined) return lang;
  return /^[a-z]{2}$/.test(region) ? code : undefined;
}

/** A source code (no dialect: `en-us` becomes `en`), or undefined when unknown. */
export function normalizeSource(input: string): string | undefined {
  const lang = normalizeDestination(input)?.split('-')[0];
  return lang;
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
