// A text as words and the marks between them, the same way for a person's message and for the language names
// it is compared with: lower case without accents; scripts written without spaces (Japanese, Chinese, Korean,
// Thai) one character a word; Slack's `<…>` and anything like a link, an address or a file name skipped.
// Linear in the text's length, which stops at Slack's 40,000 characters.
import { MAX_MESSAGE_CHARS } from './limits.ts';

/** What separates a token from the one before it, weakest first. */
export const Gap = {
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
export type Gap = (typeof Gap)[keyof typeof Gap];

export interface Token {
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
export function tokenize(text: string): Token[] {
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
