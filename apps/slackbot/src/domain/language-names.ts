// The names of languages, as a trie of words: from the platform's CLDR data (Intl.DisplayNames) in English, in
// each language's own tongue and in the major interface languages, plus a small table of the forms CLDR lacks.
// Built once per list of codes (some 60 ms), then each lookup walks at most the longest name's words.
import { DIALECTS, LANGUAGES, POPULAR_DESTINATIONS } from './languages.ts';
import { Gap, type Token, tokenize } from './word-tokens.ts';

/** Every destination the app offers: the default list to map names to. */
export const DESTINATION_CODES: readonly string[] = [
  ...new Set<string>([...POPULAR_DESTINATIONS, ...LANGUAGES, ...DIALECTS]),
];

/** Languages people ask for that are not offered: named so that the answer can say so instead of ignoring them. */
const ALSO_NAMED = ['yue'];

/** Interface languages whose names for every language are known, besides each language's own name. */
const DISPLAY_LOCALES = ['en', 'es', 'de', 'fr', 'pt', 'it', 'nl', 'ja', 'ko', 'zh', 'zh-Hant', 'ru'];

/** Script subtags CLDR names ("Traditional Chinese") that stand for a dialect the service takes. */
const SCRIPT_DIALECTS: Record<string, string> = { 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };

/** Common forms CLDR lacks, written as people write them (matched case- and accent-insensitively). */
const ALIASES: Record<string, readonly string[]> = {
  mandarin: ['zh'],
  mandarín: ['zh'],
  mandarim: ['zh'],
  普通话: ['zh'],
  普通話: ['zh'],
  'taiwanese mandarin': ['zh-tw'],
  brazilian: ['pt-br'],
  brasileiro: ['pt-br'],
  'português brasileiro': ['pt-br'],
  brasilianisch: ['pt-br'],
  castilian: ['es-es'],
  castellano: ['es'],
  farsi: ['fa'],
  tagalog: ['fil'],
  'swiss german': ['de-ch'],
  bahasa: ['id', 'ms'],
  'bahasa indonesia': ['id'],
  'bahasa melayu': ['ms'],
};

/**
 * CLDR names that are far more often an ordinary word: the country "Indonesia" (Indonesian's own name for
 * itself), the English "lets" (Dutch for Latvian) and the dance "flamenco" (Spanish for Flemish).
 */
const NOT_NAMES = new Set(['indonesia', 'lets', 'flamenco']);
/**
 * Names that are also a common lower-case English word ("polish the subtitles", "the pools", "gales"): taken
 * only when capitalized, as English and Dutch write language names.
 */
const CAPITALIZED_ONLY = new Set(['polish', 'pools', 'fins', 'turks', 'gales']);

interface NameNode {
  next: Map<string, NameNode>;
  /** Language tags this sequence of words names, lower case (`pt-br`, `zh`, `yue`). */
  tags?: Set<string>;
}

export interface NameIndex {
  root: NameNode;
  /** Longest name, in tokens: bounds each walk. */
  depth: number;
  /** Languages whose bare codes are read as codes. */
  bases: Set<string>;
  /** Codes with a region, for "de-de" written in lower case. */
  dialects: Set<string>;
}

const indexes = new Map<string, NameIndex>();

export function nameIndex(codes: readonly string[]): NameIndex {
  const asked = codes.map((code) => code.toLowerCase());
  const named = [...new Set([...DESTINATION_CODES, ...asked, ...ALSO_NAMED])].filter(isTag).sort();
  const key = named.join(' ');
  const cached = indexes.get(key);
  if (cached) return cached;
  const index: NameIndex = { root: { next: new Map() }, depth: 0, bases: new Set(), dialects: new Set() };
  for (const code of named) {
    const base = code.split('-')[0]!;
    index.bases.add(base);
    if (base !== code) index.dialects.add(code);
    for (const locale of [...DISPLAY_LOCALES, base]) {
      for (const name of cldrNames(locale, cldrTag(code))) addName(index, name, code, locale);
      for (const name of regionNames(locale, code)) addName(index, name, code, locale);
    }
  }
  for (const [script, dialect] of Object.entries(SCRIPT_DIALECTS)) {
    for (const locale of DISPLAY_LOCALES) {
      for (const name of cldrNames(locale, script)) addName(index, name, dialect, locale);
    }
  }
  for (const [alias, tags] of Object.entries(ALIASES)) {
    for (const tag of tags) addName(index, alias, tag, 'und');
  }
  // A cache per list of codes; callers pass one list (or a few), so this holds one or two entries.
  if (indexes.size > 8) indexes.clear();
  indexes.set(key, index);
  return index;
}

function isTag(code: string): boolean {
  return /^[a-z]{2,3}(-[a-z]{2}|-\d{3})?$/.test(code);
}

/** `pt-br` → `pt-BR`, as Intl.DisplayNames expects. */
function cldrTag(code: string): string {
  const [lang, region] = code.split('-');
  return region ? `${lang}-${region.toUpperCase()}` : code;
}

const displays = new Map<string, Intl.DisplayNames | null>();

/** The platform's names in one locale and style, or null when its CLDR lacks the locale. */
function display(locale: string, style: 'dialect' | 'standard' | 'region'): Intl.DisplayNames | null {
  const key = `${locale} ${style}`;
  let names = displays.get(key);
  if (names === undefined) {
    try {
      names =
        style === 'region'
          ? new Intl.DisplayNames([locale], { type: 'region', style: 'short', fallback: 'none' })
          : new Intl.DisplayNames([locale], { type: 'language', languageDisplay: style, fallback: 'none' });
    } catch {
      names = null;
    }
    displays.set(key, names);
  }
  return names;
}

/** A tag's names in one locale: "Brazilian Portuguese" and "Portuguese (Brazil)". */
function cldrNames(locale: string, tag: string): string[] {
  const names: string[] = [];
  for (const languageDisplay of ['dialect', 'standard'] as const) {
    try {
      const name = display(locale, languageDisplay)?.of(tag);
      if (name && name.toLowerCase() !== tag.toLowerCase()) names.push(name);
    } catch {
      // A tag this platform's CLDR cannot read has no names.
    }
  }
  return names;
}

/**
 * A dialect's language with its region's short name, both ways round, as people write them beside CLDR's
 * "English (United Kingdom)": "English (UK)", "US English", "ブラジルポルトガル語".
 */
function regionNames(locale: string, code: string): string[] {
  const [lang, region] = code.split('-');
  if (!lang || !region) return [];
  try {
    const language = display(locale, 'standard')?.of(lang);
    const place = display(locale, 'region')?.of(region.toUpperCase());
    return language && place ? [`${language} ${place}`, `${place} ${language}`] : [];
  } catch {
    return [];
  }
}

function addName(index: NameIndex, name: string, tag: string, locale: string): void {
  const tokens = tokenize(name.normalize('NFKC'));
  // A name with a part that reads as a link ("É.-U.") would be cut short: "anglais" for American English.
  if (tokens.length === 0 || tokens.some((token) => token.gap === Gap.Break)) return;
  const words = tokens.map((token) => token.norm);
  if (NOT_NAMES.has(words.join(' '))) return;
  insert(index, words, tag);
  // German declines its language names: "ins Deutsche", "aus dem Englischen".
  const last = words.at(-1)!;
  if (locale === 'de' && last.endsWith('sch')) {
    insert(index, [...words.slice(0, -1), `${last}e`], tag);
    insert(index, [...words.slice(0, -1), `${last}en`], tag);
  }
}

function insert(index: NameIndex, words: string[], tag: string): void {
  let node = index.root;
  for (const word of words) {
    let next = node.next.get(word);
    if (!next) {
      next = { next: new Map() };
      node.next.set(word, next);
    }
    node = next;
  }
  node.tags ??= new Set();
  node.tags.add(tag);
  index.depth = Math.max(index.depth, words.length);
}

/** The longest name starting at token `from`: its tags and the index after it. */
export function nameAt(
  index: NameIndex,
  tokens: Token[],
  from: number,
): { tags: Set<string>; end: number } | undefined {
  let node: NameNode | undefined = index.root;
  let found: { tags: Set<string>; end: number } | undefined;
  for (let at = from; at < tokens.length && at - from < index.depth; at++) {
    const token = tokens[at]!;
    if (at > from && token.gap > Gap.Hyphen) break;
    node = node.next.get(token.norm);
    if (!node) break;
    if (node.tags) found = { tags: node.tags, end: at + 1 };
  }
  // Compared with its accents: the Spanish "galés" is Welsh in lower case, the English "gales" is weather.
  const first = tokens[from]!.text;
  if (found && CAPITALIZED_ONLY.has(first.toLowerCase()) && !/^\p{Lu}/u.test(first)) return undefined;
  return found;
}
