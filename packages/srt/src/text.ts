// Cue text as SRT and WebVTT can hold it: lines without trailing blanks and no empty line (which would end the cue).

// Anything the parser would not give back as is: CR, an empty or blank line, trailing blanks on a line.
const NEEDS_CLEANING = /\r|\n\n|^\n|\n$|[ \t\f\v\u00a0\ufeff]\n|[ \t\f\v\u00a0\ufeff]$/;
const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The text as parseSrt would read it back: line breaks as `\n`, trailing blanks removed, empty lines removed.
 * Text already in that form is returned unchanged (the common case, checked with one regular expression).
 */
export function normalizeCueText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text
    .split(LINE_BREAK)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n');
}
