// A term list with several target columns (`en,es,de,fr`) is a glossary per language pair: its first language to
// each other one. Dropped without a choice of languages, it becomes one glossary per pair, named for its pair, in
// one report; the upload dialog (`/dub glossary`) still picks one pair.
import { context, escapeText, LIMITS, type MessageContent } from '../../ui/blocks.ts';

/** The most pairs made from one file: each report takes up to three blocks of a message's fifty. */
export const MAX_PAIRS = 12;

export interface LanguagePair {
  /** As the header spells them, for the parser to find the columns. */
  src: string;
  dst: string;
}

/** The first language to each other one, when the header names more than two; none otherwise. */
export function languagePairs(languages: readonly string[] | undefined): LanguagePair[] {
  if (!languages || languages.length < 3) return [];
  const [src, ...targets] = languages;
  return [...new Set(targets)].filter((dst) => dst !== src).map((dst) => ({ src: src!, dst }));
}

/** "Brand terms (en→de)": one name per pair, the same on every drop of the file, so a new drop updates each. */
export function pairName(name: string, pair: LanguagePair): string {
  return `${name} (${pair.src}→${pair.dst})`;
}

/** The pairs' reports as one message, in the header's order. */
export function pairsReport(
  fileName: string,
  reports: readonly MessageContent[],
  skipped: number,
): MessageContent {
  const blocks = reports.flatMap((r) => r.blocks);
  const more =
    skipped > 0
      ? [
          context(
            `${skipped} more language column${skipped === 1 ? '' : 's'} not imported: at most ${MAX_PAIRS} glossaries from one file. Pick a pair with \`/dub glossary\`.`,
          ),
        ]
      : [];
  return {
    text: `${reports.length} glossaries from ${escapeText(fileName)}, one per language pair`,
    blocks: [...blocks.slice(0, LIMITS.messageBlocks - more.length), ...more],
  };
}
