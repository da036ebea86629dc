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
  if (SPECIAL_CASING.has(language)) return (word) => word.normalize('NFC').toLocaleLowerCase(locale);
  // Greek written in capitals leaves its accents out (ΑΘΗΝΑ for Αθήνα), so Greek words are compared without them.
  if (language === 'el') {
    return (word) => word.normalize('NFD').replace(GREEK_ACCENTS, '').normalize('NFC').toLowerCase();
  }
  return (word) => (surelyNfc(word) ? word : word.normalize('NFC')).toLowerCase();
}

/** The same pattern, anchored where it is tried: for the words that are not plain ASCII. */
const WORD_HERE = new RegExp(WORD.source, 'vy');

function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/**
 * The words of `text` with their places, compared form from `key`. A run of ASCII letters and digits that ends
 * on ASCII is a word as it is; anything else goes through WORD_HERE at that place. The result is what
 * `text.match(WORD)` finds, without an array per match (this runs on every segment of a video).
 */
export function words(text: string, key: (word: string) => string): Words {
  const keys: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    let end = -1;
    if (c < 0x80) {
      if (!isAsciiWordChar(c)) {
        i++;
        continue;
      }
      end = i + 1;
      while (end < length && isAsciiWordChar(text.charCodeAt(end))) end++;
      // A word that goes on in other letters (`café`) is read whole by the pattern.
      if (end < length && text.charCodeAt(end) >= 0x80) end = -1;
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
    keys.push(key(text.slice(i, end)));
    starts.push(i);
    ends.push(end);
    i = end;
  }
  return { keys, starts, ends };
}

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
