// How long a subtitle line is to a viewer: the characters shown, not the code units stored. Used by lintSubtitles
// for characters per line and reading speed. Everything here is one pass over the text.
import { tagEnd } from './markup.ts';

/**
 * What counts as one character, and how much:
 * - markup is not shown, so not counted: tags such as `<i>`, `</font>`, `<font color="red">` and `{\...}` blocks;
 * - one character is one grapheme cluster (what a reader sees as one letter: `é` written as `e` + U+0301, an emoji
 *   with its modifiers, a Hangul syllable of jamo), found with Intl.Segmenter;
 * - spaces and punctuation count like letters (Netflix counts them);
 * - with `narrowCountsHalf` (Netflix's rule for Japanese and Korean), a character that is not East Asian wide or
 *   full-width (Latin letters, digits, half-width punctuation and spaces) counts 0.5.
 */
export interface CountRules {
  narrowCountsHalf: boolean;
}

let graphemes: Intl.Segmenter | undefined;

/** Text shown of one line: markup removed. */
export function visibleText(line: string): string {
  let out = '';
  let copied = 0;
  // The next `}` at or after the current position, searched again only once passed: the line is searched once.
  let nextClose = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    let end = -1;
    if (c === 60) end = tagEnd(line, i);
    else if (c === 123 && line.charCodeAt(i + 1) === 92) {
      if (nextClose < i + 2) {
        nextClose = line.indexOf('}', i + 2);
        if (nextClose === -1) nextClose = line.length;
      }
      if (nextClose < line.length) end = nextClose + 1;
    }
    if (end === -1) continue;
    out += line.slice(copied, i);
    copied = end;
    i = end - 1;
  }
  return copied === 0 ? line : out + line.slice(copied);
}

/**
 * East Asian Wide (W) and Fullwidth (F) characters, by the blocks that hold them (Unicode's EastAsianWidth.txt):
 * Hangul jamo, CJK symbols to Yi, Hangul syllables, CJK compatibility, full-width forms, emoji, and the CJK
 * extension planes. Close enough for counting subtitles; what it leaves out counts as narrow.
 */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/**
 * Characters that may join the one before into a grapheme cluster, or that are half of one: combining marks,
 * the zero-width joiner, variation selectors, any character beyond the BMP (emoji, their modifiers, regional
 * indicators) and lone surrogates, conjoining Hangul jamo. A line with none of them has one character per code
 * unit. One character each, no backtracking.
 */
const MAY_JOIN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is looked for on its own, on purpose
  /[\p{M}\ufe00-\ufe0f\u{10000}-\u{10ffff}\ud800-\udfff\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]|\u200d/u;

/** Characters of shown text (markup already removed) under `rules`. */
export function countCharacters(text: string, rules: CountRules): number {
  // The common line is counted by code units: Intl.Segmenter is only needed where characters may join.
  if (!MAY_JOIN.test(text)) {
    if (!rules.narrowCountsHalf) return text.length;
    let count = 0;
    for (let i = 0; i < text.length; i++) count += isWide(text.charCodeAt(i)) ? 1 : 0.5;
    return count;
  }
  graphemes ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    count += rules.narrowCountsHalf && !isWide(segment.codePointAt(0)!) ? 0.5 : 1;
  }
  return count;
}
