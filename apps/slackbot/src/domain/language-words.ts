// Reads the languages a person names in a mention or a `/dub` text ("dub this in Japanese and Brazilian
// Portuguese", "auf Deutsch", "日本語と韓国語で", "to es,de-de") and maps them to the service's codes. Names
// come from the platform's CLDR data (Intl.DisplayNames) in English, in each language's own tongue and in the
// major interface languages, plus a small table of the forms CLDR lacks. Pure, linear in the text's length
// (every token starts at most one walk of a trie of bounded depth), and it never throws.
import { DIALECTS, LANGUAGES, languageName, POPULAR_DESTINATIONS } from './languages.ts';
import { MAX_MESSAGE_CHARS } from './requests.ts';

export interface LanguagesInText {
  /** Destination codes named, in order of first mention, each once. */
  languages: string[];
  /** The language the text says the video is in ("from English", "aus dem Englischen"), as a source code. */
  source?: string;
  /** Words that name several offered languages, with those codes: ask which one. */
  ambiguous: { word: string; codes: string[] }[];
  /** Languages named that the service does not offer (language tags, e.g. `yue`). */
  unavailable: { word: string; tag: string }[];
}

/** Every destination the app offers: the default list to map names to. */
export const DESTINATION_CODES: readonly string[] = [
  ...new Set<string>([...POPULAR_DESTINATIONS, ...LANGUAGES, ...DIALECTS]),
];

const SOURCE_CODES = new Set<string>(LANGUAGES);

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

/**
 * Codes that are also ordinary words or abbreviations in English chat ("it", "is", "no", "hi", "HR", "MT"):
 * never taken alone, even after "to", only in a list that has a code no one would write as a word.
 */
// biome-ignore format: a table reads better than one code a line
const ENGLISH_WORD_CODES = new Set([
  'am', 'ar', 'be', 'ca', 'da', 'el', 'et', 'ga', 'he', 'hi', 'hr', 'id', 'is', 'it', 'km', 'lo', 'ml',
  'mr', 'ms', 'mt', 'my', 'ne', 'no', 'pa', 'ps', 'si', 'so', 'sw', 'ta', 'uk', 'ur',
]);
/** Codes that are ordinary words in the other languages people write in ("es", "de", "en"), unless in capitals. */
const OTHER_WORD_CODES = new Set(['de', 'en', 'es']);
/** Words before a lone code that make it one: "to es", "from en". */
const CODE_CUES = new Set(['to', 'into', 'from', 'in']);
/** Words that join codes into one list: "es, de and fr", "fr et de". */
const CONNECTORS = new Set(['and', 'y', 'und', 'et', 'e']);
/** Words right before a language that make it the video's language: "from English", "aus dem Englischen". */
const SOURCE_BEFORE = new Set([
  'from',
  'desde',
  'del',
  'aus',
  'vom',
  'von',
  'depuis',
  'du',
  'dal',
  'dall',
  '从',
  '從',
]);
/** Articles that may sit between such a word and the language ("aus dem Englischen"). */
const SOURCE_ARTICLES = new Set(['dem', 'the', 'el', 'le', 'l']);
/** "The video is in English": the verb before "in" that makes the language the video's own. */
const SOURCE_VERBS = new Set(['is', 'was', 's', 'spoken', 'recorded']);
/** Words right after a language that make it the video's language: "英語から", "영어에서". */
const SOURCE_AFTER = ['から', '에서'];

// ---------------------------------------------------------------------------------------------------------
// Tokens

/** What separates a token from the one before it, weakest first. */
const Gap = {
  /** Nothing: two characters of a script written without spaces, or the text's start. */
  None: 0,
  /** Spaces, brackets, quotes: a name may continue across it ("Spanish (Mexico)"). */
  Space: 1,
  /** Exactly one `-` or `_`: a code's region follows ("pt-BR", "de_de"). */
  Hyphen: 2,
  /** `,` `/` `+` `&` `;` `、`: an item of a list follows. */
  List: 3,
  /** End of a sentence, a link or a mention: nothing continues across it. */
  Break: 4,
} as const;
type Gap = (typeof Gap)[keyof typeof Gap];

interface Token {
  text: string;
  /** Lower case without accents, to compare. */
  norm: string;
  gap: Gap;
}

const LETTER = /[\p{L}\p{M}\p{N}]/u;
/** Scripts written without spaces between words: each character is a token, so names match inside words. */
const UNSPACED =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}ー々]/u;
const LIST_MARKS = new Set([',', '/', '+', '&', ';', '、']);
const BREAK_MARKS = new Set(['.', '!', '?', ':', '。', '…']);
const ACCENTS = /[\u0300-\u036f]/g;

function normalize(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(ACCENTS, '').normalize('NFC');
}

/**
 * The text's words and the marks between them. Slack's `<…>` (links, mentions, channels) and anything that
 * looks like a link, an address or a file name are breaks, so "site.it/es" or `<https://x.de/es>` name nothing.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let marks = '';
  let word = '';
  const pushWord = () => {
    if (word === '') return;
    tokens.push({ text: word, norm: normalize(word), gap: gapOf(marks, tokens.length === 0) });
    word = '';
    marks = '';
  };
  for (const chunk of chunks(text)) {
    if (chunk === null) {
      pushWord();
      marks += '.';
      continue;
    }
    for (const char of chunk) {
      if (UNSPACED.test(char)) {
        pushWord();
        word = char;
        pushWord();
      } else if (LETTER.test(char)) {
        word += char;
      } else {
        pushWord();
        marks += char;
      }
    }
    pushWord();
    marks += ' ';
  }
  return tokens;
}

function gapOf(marks: string, first: boolean): Gap {
  if (first || marks === '') return Gap.None;
  let gap: Gap = marks === '-' || marks === '_' ? Gap.Hyphen : Gap.Space;
  for (const mark of marks) {
    if (BREAK_MARKS.has(mark)) return Gap.Break;
    if (LIST_MARKS.has(mark)) gap = Gap.List;
  }
  return gap;
}

/**
 * The text split at white space, outside Slack's `<…>`; `null` stands for what is skipped (a bracket, a link,
 * an address). Linear: each `<` looks for its `>` once, and a text without one has no more brackets.
 */
function* chunks(text: string): Generator<string | null> {
  const scan = text.length > MAX_MESSAGE_CHARS ? text.slice(0, MAX_MESSAGE_CHARS) : text;
  let start = 0;
  let at = 0;
  const flush = function* (end: number) {
    if (end > start) yield linkLike(scan.slice(start, end)) ? null : unescapeSlack(scan.slice(start, end));
  };
  const bracketsEnd = scan.lastIndexOf('>');
  while (at < scan.length) {
    const char = scan[at]!;
    if (char === '<' && at < bracketsEnd) {
      yield* flush(at);
      yield null;
      at = scan.indexOf('>', at) + 1;
      start = at;
    } else if (/\s/.test(char)) {
      yield* flush(at);
      at++;
      start = at;
    } else {
      at++;
    }
  }
  yield* flush(scan.length);
}

/** Slack escapes these three in message text. */
function unescapeSlack(chunk: string): string {
  return chunk.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** A link, an e-mail address, a domain or a file name: `x.y`, `://`, `@`, `www.`. */
function linkLike(chunk: string): boolean {
  if (chunk.includes('://') || chunk.includes('@') || /^www\./i.test(chunk)) return true;
  for (let dot = chunk.indexOf('.'); dot > 0; dot = chunk.indexOf('.', dot + 1)) {
    if (LETTER.test(chunk[dot - 1]!) && LETTER.test(chunk[dot + 1] ?? '')) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Names

interface NameNode {
  next: Map<string, NameNode>;
  /** Language tags this sequence of words names, lower case (`pt-br`, `zh`, `yue`). */
  tags?: Set<string>;
}

interface NameIndex {
  root: NameNode;
  /** Longest name, in tokens: bounds each walk. */
  depth: number;
  /** Languages whose bare codes are read as codes. */
  bases: Set<string>;
  /** Codes with a region, for "de-de" written in lower case. */
  dialects: Set<string>;
}

const indexes = new Map<string, NameIndex>();

function nameIndex(codes: readonly string[]): NameIndex {
  const named = [...new Set([...DESTINATION_CODES, ...codes, ...ALSO_NAMED])].filter(isTag).sort();
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
function nameAt(
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

// ---------------------------------------------------------------------------------------------------------
// Reading

interface Mention {
  /** Token indexes [start, end). */
  start: number;
  end: number;
  tags: Set<string>;
  /** Set when the mention is a code: its language, whether it has a region, whether it can be a word. */
  code?: { base: string; strong: boolean; word: boolean };
}

/**
 * The languages named in `text`, mapped to `codes` (by default every destination the app offers), in order of
 * mention. A bare language maps to the bare code when it is offered, else to its only dialect; it is ambiguous
 * only when several dialects are offered and no bare one. A dialect not offered maps to its language.
 */
export function languagesInText(text: string, codes: readonly string[] = DESTINATION_CODES): LanguagesInText {
  const found: LanguagesInText = { languages: [], ambiguous: [], unavailable: [] };
  if (typeof text !== 'string' || text === '') return found;
  const index = nameIndex(codes);
  const tokens = tokenize(text.slice(0, MAX_MESSAGE_CHARS).normalize('NFKC'));
  const mentions = findMentions(index, tokens);
  // Compared in lower case, answered as the caller spells them.
  const offered = new Map(codes.map((code) => [code.toLowerCase(), code]));
  for (const mention of mentions) {
    const word = wordOf(tokens, mention);
    if (isSource(tokens, mention)) {
      // A source has no dialect, and any language the service hears will do ("from Brazilian Portuguese").
      const base = [...mention.tags][0]!.split('-')[0]!;
      if (SOURCE_CODES.has(base)) found.source ??= base;
      continue;
    }
    const resolved = [...new Set([...mention.tags].flatMap((tag) => offeredFor(tag, offered)))];
    if (resolved.length === 1) {
      if (!found.languages.includes(resolved[0]!)) found.languages.push(resolved[0]!);
    } else if (resolved.length > 1) {
      if (!found.ambiguous.some((known) => sameCodes(known.codes, resolved))) {
        found.ambiguous.push({ word, codes: resolved });
      }
    } else {
      const tag = [...mention.tags][0]!;
      if (!found.unavailable.some((known) => known.tag === tag)) found.unavailable.push({ word, tag });
    }
  }
  return found;
}

/** The words of a mention as written, give or take the marks between them. */
function wordOf(tokens: Token[], mention: Mention): string {
  let word = tokens[mention.start]!.text;
  for (let at = mention.start + 1; at < mention.end; at++) {
    const token = tokens[at]!;
    word += (token.gap === Gap.None ? '' : token.gap === Gap.Hyphen ? '-' : ' ') + token.text;
  }
  return word;
}

function sameCodes(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

/** The offered codes a tag stands for, by the rule in languagesInText's comment. */
function offeredFor(tag: string, offered: Map<string, string>): string[] {
  const exact = offered.get(tag);
  if (exact !== undefined) return [exact];
  const base = tag.split('-')[0]!;
  const bare = offered.get(base);
  if (base !== tag) return bare === undefined ? [] : [bare];
  return [...offered].filter(([lower]) => lower.startsWith(`${base}-`)).map(([, code]) => code);
}

/** Names anywhere, and codes where they look like codes (see codeAt and acceptedCodes). */
function findMentions(index: NameIndex, tokens: Token[]): Mention[] {
  const mentions: Mention[] = [];
  for (let at = 0; at < tokens.length; ) {
    const name = nameAt(index, tokens, at);
    const code = name ? undefined : codeAt(index, tokens, at);
    const mention = name ? { start: at, end: name.end, tags: name.tags } : code;
    if (mention) {
      mentions.push(mention);
      at = mention.end;
    } else {
      at++;
    }
  }
  const codeOnly = mentions.every((mention) => mention.code) && mentionsCover(mentions, tokens.length);
  const accepted = acceptedCodes(mentions, tokens, codeOnly);
  return mentions.filter((mention) => !mention.code || accepted.has(mention));
}

function mentionsCover(mentions: Mention[], tokenCount: number): boolean {
  return mentions.reduce((sum, mention) => sum + mention.end - mention.start, 0) === tokenCount;
}

/**
 * A code at token `at`: `es`, `fil`, `pt-BR`, `de_de`, `es-419`. A code with a region is "strong" (no one
 * writes "pt-BR" as a word) when the region is upper case or the whole code is one the service takes;
 * "so-so" is not a code.
 */
function codeAt(index: NameIndex, tokens: Token[], at: number): Mention | undefined {
  const token = tokens[at]!;
  if (!/^[a-z]{2,3}$/i.test(token.text) || !index.bases.has(token.norm)) return undefined;
  const region = tokens[at + 1];
  if (region?.gap === Gap.Hyphen && /^([a-z]{2}|\d{3})$/i.test(region.text)) {
    const tag = `${token.norm}-${region.norm}`;
    const strong = /^(\p{Lu}{2}|\d{3})$/u.test(region.text) || index.dialects.has(tag);
    if (!strong) return undefined;
    return { start: at, end: at + 2, tags: new Set([tag]), code: { base: token.norm, strong, word: false } };
  }
  const word = OTHER_WORD_CODES.has(token.norm) && token.text !== token.text.toUpperCase();
  return {
    start: at,
    end: at + 1,
    tags: new Set([token.norm]),
    code: { base: token.norm, strong: false, word },
  };
}

/**
 * The codes that read as codes. Codes are grouped in lists (joined by `,` `/` `+` or "and"); a list is taken
 * whole when it has a code with a region, or a code that is no ordinary word ("es, it, fr"); a lone code
 * when a cue comes before it ("to es", "in ja") and it is not an English word; and a text that is nothing
 * but codes ("es de fr") is taken unless all of them are English words ("it", "no", "hi").
 */
function acceptedCodes(mentions: Mention[], tokens: Token[], codeOnly: boolean): Set<Mention> {
  const accepted = new Set<Mention>();
  const codes = mentions.filter((mention) => mention.code);
  if (codeOnly) {
    if (codes.some((mention) => !ENGLISH_WORD_CODES.has(mention.code!.base))) return new Set(codes);
    return accepted;
  }
  for (const list of codeLists(codes, tokens)) {
    const cue = tokens[list[0]!.start - 1]?.norm ?? '';
    const wordless = list.some(
      ({ code }) => code!.strong || (!ENGLISH_WORD_CODES.has(code!.base) && !code!.word),
    );
    if ((list.length > 1 || list[0]!.code!.strong) && (wordless || CODE_CUES.has(cue))) {
      for (const mention of list) accepted.add(mention);
    } else if (list.length === 1 && CODE_CUES.has(cue) && !ENGLISH_WORD_CODES.has(list[0]!.code!.base)) {
      if (cue !== 'in' || wordless) accepted.add(list[0]!);
    }
  }
  return accepted;
}

/**
 * Codes grouped into lists: next to each other across a list mark, across a connector word, or across a space
 * when both are in capitals ("need DE FR IT ES"; "fr fr" in lower case is slang).
 */
function codeLists(codes: Mention[], tokens: Token[]): Mention[][] {
  const lists: Mention[][] = [];
  let previous: Mention | undefined;
  const capitals = (mention: Mention) => /^[A-Z]+$/.test(tokens[mention.start]!.text);
  for (const mention of codes) {
    const between = previous ? mention.start - previous.end : -1;
    const gap = tokens[mention.start]!.gap;
    const joined =
      (between === 0 &&
        (gap === Gap.List || (gap === Gap.Space && capitals(previous!) && capitals(mention)))) ||
      (between === 1 &&
        CONNECTORS.has(tokens[previous!.end]!.norm) &&
        tokens[previous!.end]!.gap < Gap.Break &&
        tokens[mention.start]!.gap < Gap.Break);
    if (joined) lists.at(-1)!.push(mention);
    else lists.push([mention]);
    previous = mention;
  }
  return lists;
}

/** "from English", "aus dem Englischen", "英語から": the language of the video, not one to dub into. */
function isSource(tokens: Token[], mention: Mention): boolean {
  const before = tokens[mention.start - 1];
  const article = before && SOURCE_ARTICLES.has(before.norm) ? tokens[mention.start - 2] : undefined;
  if (before && SOURCE_BEFORE.has(before.norm) && tokens[mention.start]!.gap < Gap.List) return true;
  if (article && SOURCE_BEFORE.has(article.norm) && before!.gap < Gap.List) return true;
  const verb = before?.norm === 'in' ? tokens[mention.start - 2] : undefined;
  if (verb && SOURCE_VERBS.has(verb.norm) && before!.gap < Gap.List) return true;
  const after = tokens
    .slice(mention.end, mention.end + 2)
    .map((token) => token.text)
    .join('');
  return SOURCE_AFTER.some((particle) => after.startsWith(particle));
}

// ---------------------------------------------------------------------------------------------------------
// Asking

/**
 * What to tell the person when the text was not clear: "Did you mean Chinese (China) or Chinese (Taiwan)?"
 * for each ambiguous word, and which named languages are not offered. Undefined when there is nothing to ask.
 * Built from the languages' English names only, never from the person's own words, so nothing needs escaping.
 */
export function languageQuestion(found: LanguagesInText): string | undefined {
  const lines = found.ambiguous.map((choice) => `Did you mean ${orList(choice.codes.map(languageName))}?`);
  if (found.unavailable.length > 0) {
    const names = found.unavailable.map((language) => languageName(language.tag));
    lines.push(
      `${orList(names, 'and')} ${names.length === 1 ? 'is' : 'are'} not among the languages I dub into.`,
    );
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** "A", "A or B", "A, B or C". */
function orList(items: string[], last = 'or'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
