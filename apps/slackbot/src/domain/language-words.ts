// Reads the languages a person names in a mention or a `/dub` text ("dub this in Japanese and Brazilian
// Portuguese", "auf Deutsch", "日本語と韓国語で", "to es,de-de") and maps them to the service's codes: names
// anywhere (language-names.ts), codes only where they look like codes, and which language the video is in.
// Pure, linear in the text's length (each word starts at most one walk of the name trie, whose depth is
// bounded), and it never throws. languageQuestion words what to ask when a name was not clear.
import { DESTINATION_CODES, type NameIndex, nameAt, nameIndex } from './language-names.ts';
import { LANGUAGES, languageName } from './languages.ts';
import { MAX_MESSAGE_CHARS } from './limits.ts';
import { Gap, type Token, tokenize } from './word-tokens.ts';

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

const SOURCE_CODES = new Set<string>(LANGUAGES);

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
        found.ambiguous.push({ word: wordOf(tokens, mention), codes: resolved });
      }
    } else {
      const tag = [...mention.tags][0]!;
      if (!found.unavailable.some((known) => known.tag === tag)) {
        found.unavailable.push({ word: wordOf(tokens, mention), tag });
      }
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
