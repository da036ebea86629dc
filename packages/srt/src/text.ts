// Cue text as SRT and WebVTT can hold it: lines without trailing blanks and no empty line (which would end the cue).

/**
 * The characters that count as blank at the end of a line. One set for the parser and the writers, so that
 * what is written reads back the same: space, tab, vertical tab, form feed, no-break space, BOM.
 */
export function isBlankChar(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff;
}

// Anything the parser would not give back as is: CR, an empty or blank line, trailing blanks on a line.
const NEEDS_CLEANING = /\r|\n\n|^\n|\n$|[ \t\v\f\u00a0\ufeff]\n|[ \t\v\f\u00a0\ufeff]$/;
const LINE_BREAK = /\r\n|\r|\n/;
const TRAILING_BLANKS = /[ \t\v\f\u00a0\ufeff]+$/;

/**
 * The text as parseSrt would read it back: line breaks as `\n`, trailing blanks removed, empty lines removed.
 * Text already in that form is returned unchanged.
 */
export function normalizeCueText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text
    .split(LINE_BREAK)
    .map((line) => line.replace(TRAILING_BLANKS, ''))
    .filter((line) => line !== '')
    .join('\n');
}
