// Which character separates the cells: an Excel `sep=` first line, else the candidate that splits the first rows
// into the most consistent number of cells (tokenized by papaparse, never by hand).
import Papa from 'papaparse';
import { GlossaryCsvError } from './errors.ts';
import type { Delimiter } from './types.ts';

export const DELIMITERS: readonly Delimiter[] = ['\t', ';', ','];

/**
 * A delimiter a caller names: any one character (one code point, so an emoji is one) but the quote, which
 * starts quoted cells, a line break, which ends rows, and the byte-order mark papaparse refuses.
 */
export function checkDelimiter(delimiter: string): void {
  const characters = [...delimiter];
  const why =
    characters.length !== 1
      ? 'it must be one character'
      : delimiter === '"'
        ? 'the quote starts quoted cells'
        : delimiter === '\r' || delimiter === '\n'
          ? 'a line break ends rows'
          : delimiter === '\ufeff'
            ? 'the byte-order mark is not a character of the text'
            : undefined;
  if (why !== undefined) {
    throw new GlossaryCsvError(`the delimiter ${JSON.stringify(delimiter)} cannot be used: ${why}`);
  }
}

/** `sep=;` as Excel reads it, optionally quoted, optionally padded with more of the same delimiter. */
const SEP_LINE = /^"?sep=([,;\t])"?\1*(?:\r\n|\n|\r|$)/i;

export interface SepLine {
  delimiter: Delimiter;
  /** Characters taken by the line and its line break. */
  length: number;
}

export function readSepLine(text: string): SepLine | undefined {
  if (text.charCodeAt(0) !== 0x73 && text.charCodeAt(0) !== 0x53 && text.charCodeAt(0) !== 0x22)
    return undefined;
  const match = SEP_LINE.exec(text.slice(0, 64));
  if (!match) return undefined;
  return { delimiter: match[1] as Delimiter, length: match[0].length };
}

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 25;

/**
 * Scores each candidate on the first rows: rows having the most common cell count (trailing empty cells aside)
 * count for it, rows with broken quotes count twice against it, and a candidate that never yields two cells is
 * out. Ties go to the rarer character in prose: tab, then semicolon, then comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const truncated = sample.length < text.length;
  let best: Delimiter = ',';
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const delimiter of DELIMITERS) {
    const score = scoreDelimiter(sample, delimiter, truncated);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function scoreDelimiter(sample: string, delimiter: Delimiter, truncated: boolean): number {
  const result = Papa.parse<string[]>(sample, { delimiter, preview: SAMPLE_ROWS, skipEmptyLines: 'greedy' });
  const widths = new Map<number, number>();
  for (const row of result.data) {
    let width = row.length;
    while (width > 0 && row[width - 1] === '') width--;
    widths.set(width, (widths.get(width) ?? 0) + 1);
  }
  let modeWidth = 0;
  let modeCount = 0;
  for (const [width, count] of widths) {
    if (count > modeCount || (count === modeCount && width > modeWidth)) {
      modeWidth = width;
      modeCount = count;
    }
  }
  if (modeWidth < 2) return Number.NEGATIVE_INFINITY;
  const lastRow = result.data.length - 1;
  const brokenRows = new Set(
    result.errors
      .filter((error) => error.type === 'Quotes' && !(truncated && error.row === lastRow))
      .map((error) => error.row),
  );
  return modeCount - 2 * brokenRows.size;
}
