// Words of a text for glossary matching, so that a term is found as whole words, whatever the script.
//
// - A word is a run of letters, combining marks and digits (Unicode categories L, M, N): `naïve`, `Привет`,
//   `Ελλάδα`, `مرحبا`, `2024`. Everything else separates words: spaces, punctuation, apostrophes and hyphens
//   (`l'ordinateur` is `l` + `ordinateur`, `e-mail` is `e` + `mail`, on both sides alike).
// - Scripts written without spaces between words (Chinese, Japanese kana, Korean Hangul, whose particles attach to
//   the noun, Thai, Lao, Khmer, Myanmar) have no whole words to find: each of their letters is a word of its own,
//   with its combining marks, so a term in them is found wherever its characters stand in a row (`東京` in
//   `東京都`, `서울` in `서울에서`).
// - Words are compared in Unicode NFC and lower case, in the language's own rules (Turkish `İ` → `i`); accents
//   count (`cote` is not `côte`), except in Greek, whose capitals drop them (`ΑΘΗΝΑ` is `Αθήνα`).
//
// The pattern is two character classes, each repeated at most once per word: it cannot backtrack.
const SCRIPTS_WITHOUT_SPACES =
  '[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}\\p{scx=Hang}\\p{scx=Thai}\\p{scx=Laoo}\\p{scx=Khmr}\\p{scx=Mymr}]';
const WORD = new RegExp(
  `[${SCRIPTS_WITHOUT_SPACES}&&[\\p{L}\\p{N}]]\\p{M}*|[[\\p{L}\\p{M}\\p{N}]--${SCRIPTS_WITHOUT_SPACES}]+`,
  'gv',
);

export interface Words {
  /** The words, compared form (NFC, lower case). */
  keys: string[];
  /** Where each word starts and ends in the text (UTF-16 offsets). */
  starts: number[];
  ends: number[];
}

/**
 * Languages whose lower case differs from the default one (Unicode's SpecialCasing: the dotted and dotless i of
 * Turkish and Azeri, Lithuanian's dots). For all others toLowerCase is the same as toLocaleLowerCase, and much
 * quicker: the locale-aware call goes to ICU every time.
 */
const SPECIAL_CASING = new Set(['tr', 'az', 'lt']);

/** Greek accents (tonos, dialytika, and the polytonic ones) as combining marks after NFD. */
const GREEK_ACCENTS = /[\u0300-\u036f]/g;

/** True when NFC cannot change `word`: every code unit is below U+0300, where no character composes. */
function surelyNfc(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x300) return false;
  return true;
}

/** The compared form of a word in `locale`: NFC, lower case. */
export function wordKeyer(locale: string): (word: string) => string {
  const language = locale.split('-', 1)[0]!.toLowerCase();
  if (SPECIAL_CASING.has(language))
    return remembered((word) => word.normalize('NFC').toLocaleLowerCase(locale));
  // Greek written in capitals leaves its accents out (ΑΘΗΝΑ for Αθήνα), so Greek words are compared without them.
  if (language === 'el') {
    return remembered((word) =>
      word.normalize('NFD').replace(GREEK_ACCENTS, '').normalize('NFC').toLowerCase(),
    );
  }
  const beyondLatin = remembered((word) => word.normalize('NFC').toLowerCase());
  return (word) => (surelyNfc(word) ? word.toLowerCase() : beyondLatin(word));
}

/**
 * `compare` with a memory of the forms it made. Words repeat (a script without spaces has a few thousand letters
 * in all), and NFC or a locale's lower case cost more than a lookup; plain toLowerCase costs less, so Latin words
 * skip this. Forgotten past KEY_CACHE_SIZE words, so memory stays bounded.
 */
function remembered(compare: (word: string) => string): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let key = cache.get(word);
    if (key === undefined) {
      if (cache.size >= KEY_CACHE_SIZE) cache.clear();
      key = compare(word);
      cache.set(word, key);
    }
    return key;
  };
}

const KEY_CACHE_SIZE = 50_000;

/** The same pattern, anchored where it is tried: for the words the quick paths of words() do not settle. */
const WORD_HERE = new RegExp(WORD.source, 'vy');

/** ASCII letters and digits, and the letters of Latin-1 and Latin Extended-A/B (all but `×` and `÷`). */
function isLatinWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7;
}

/**
 * Letters of scripts without spaces that are words on their own and already in NFC with no case: hiragana and
 * katakana letters, CJK unified ideographs, Hangul syllables.
 */
function isPlainCjkLetter(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3041 && c <= 0x3096) ||
    (c >= 0x30a1 && c <= 0x30fa) ||
    (c >= 0xac00 && c <= 0xd7a3)
  );
}

/**
 * One string per CJK letter, made the first time it is met: the same letter in every text is then the same string,
 * whose hash is known and which the trie's maps find by identity (fresh one-letter strings made the lookups
 * several times slower). Bounded by the letters of isPlainCjkLetter.
 */
const cjkLetters: string[] = [];

/**
 * True when the code unit after a letter surely does not attach to it as a combining mark: the end of the text,
 * below U+0300, another plain CJK letter, CJK punctuation (but its tone marks U+302A–U+302F), full-width forms.
 */
function cannotBeMark(d: number): boolean {
  return (
    !(d >= 0x300) ||
    isPlainCjkLetter(d) ||
    (d >= 0x3000 && d <= 0x3029) ||
    (d >= 0x3030 && d <= 0x303f) ||
    (d >= 0xff00 && d <= 0xffef)
  );
}

/**
 * The words of `text` with their places (unless `places` is false), compared form from `key`. The result is what
 * `text.match(WORD)` finds, without an array per match (this runs on every segment of a video): a run of Latin
 * letters and digits that ends on ASCII is a word as it is; a CJK letter followed by anything
 * but a possible combining mark is a word of its own, its own compared form; anything else goes through
 * WORD_HERE at that place. `into` is filled and returned (its arrays emptied first): a caller splitting many texts
 * in turn reuses its arrays instead of making three per text.
 */
export function words(
  text: string,
  key: (word: string) => string,
  places = true,
  into: Words = { keys: [], starts: [], ends: [] },
): Words {
  const { keys, starts, ends } = into;
  keys.length = 0;
  starts.length = 0;
  ends.length = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    let end = -1;
    let word: string | undefined;
    if (isLatinWordChar(c)) {
      end = i + 1;
      while (end < length && isLatinWordChar(text.charCodeAt(end))) end++;
      // A word that may go on in other letters or marks (`cafe\u0301`, `aª`) is read whole by the pattern.
      if (end < length && text.charCodeAt(end) >= 0x80) end = -1;
    } else if (c < 0xc0) {
      if (c < 0x80 || !WORD_START_BELOW_C0.test(text[i]!)) {
        i++;
        continue;
      }
    } else if (isPlainCjkLetter(c) && cannotBeMark(text.charCodeAt(i + 1))) {
      end = i + 1;
      word = cjkLetters[c] ??= text[i]!;
    }
    if (end === -1) {
      WORD_HERE.lastIndex = i;
      const match = WORD_HERE.exec(text);
      if (match === null) {
        const next = text.charCodeAt(i + 1);
        i += c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
        continue;
      }
      end = i + match[0].length;
    }
    keys.push(word ?? key(text.slice(i, end)));
    if (places) {
      starts.push(i);
      ends.push(end);
    }
    i = end;
  }
  return into;
}

/** Whether `text` holds a word at all; stops at the first. */
export function hasWord(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isLatinWordChar(c) || isPlainCjkLetter(c)) return true;
    if (c >= 0x80) {
      WORD_HERE.lastIndex = i;
      if (WORD_HERE.test(text)) return true;
    }
  }
  return false;
}

/** Between U+0080 and U+00BF the letters and digits `ª ² ³ µ ¹ º ¼ ½ ¾` start words; the rest are signs. */
const WORD_START_BELOW_C0 = /[\p{L}\p{N}]/u;

/** A locale for toLocaleLowerCase from a language code as the service writes it (`pt-br`, `pt_BR`, `zh-hant`). */
export function localeOf(lang: string, role: 'srcLang' | 'dstLang'): string {
  const tag = lang.trim().replaceAll('_', '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'und';
  } catch {
    throw new RangeError(
      `${role} ${JSON.stringify(lang)} is not a language code (such as en, pt-br, zh-hant)`,
    );
  }
}
