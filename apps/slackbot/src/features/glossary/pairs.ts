// A term list with several target columns (`en,es,de,fr`) is a glossary per language pair: its source column to
// each other one. The pairs are offered for a choice (termbase-blocks.ts) and the chosen ones reported together.
// A pair's id is made here from the column positions of the app's own record of the header, so a choice sent
// back by Slack is only a list of ids to look up, never languages to trust.
import { context, escapeText, LIMITS, type MessageContent } from '../../ui/blocks.ts';

/** The most pairs offered from one file: each report takes up to three blocks of a message's fifty. */
export const MAX_PAIRS = 12;

export interface LanguagePair {
  /** `<source index>><target index>` in the header's languages. */
  id: string;
  /** As the header spells them, for the parser to find the columns. */
  src: string;
  dst: string;
}

/** The header's languages, each once, in column order. */
export function distinctLanguages(languages: readonly string[] | undefined): string[] {
  return [...new Set(languages ?? [])];
}

/** More than two languages: a termbase, whose pairs are offered for a choice. */
export function isTermbase(languages: readonly string[] | undefined): boolean {
  return distinctLanguages(languages).length > 2;
}

/** The source column to each other language, in the header's order (at most MAX_PAIRS). */
export function languagePairs(languages: readonly string[], source: number): LanguagePair[] {
  const src = languages[source];
  if (src === undefined) return [];
  return languages
    .flatMap((dst, index) => (index === source ? [] : [{ id: `${source}>${index}`, src, dst }]))
    .slice(0, MAX_PAIRS);
}

/** How many pairs of `source` are not offered (past MAX_PAIRS). */
export function pairsLeftOut(languages: readonly string[]): number {
  return Math.max(0, languages.length - 1 - MAX_PAIRS);
}

/**
 * The pairs `ids` name, when every id is one of the offer's pairs for its source; undefined when any is not
 * (a forged or stale choice), so that nothing is created from it.
 */
export function pairsChosen(
  languages: readonly string[],
  source: number,
  ids: readonly string[],
): LanguagePair[] | undefined {
  const offered = languagePairs(languages, source);
  const chosen = [...new Set(ids)].map((id) => offered.find((pair) => pair.id === id));
  return chosen.every((pair) => pair !== undefined) ? chosen : undefined;
}

/** "Brand terms (en→de)": one name per pair, the same on every drop of the file, so a new drop updates each. */
export function pairName(name: string, pair: Pick<LanguagePair, 'src' | 'dst'>): string {
  return `${name} (${pair.src}→${pair.dst})`;
}

/** The pairs' reports as one message, in the header's order. */
export function pairsReport(fileName: string, reports: readonly MessageContent[]): MessageContent {
  const blocks = reports.flatMap((r) => r.blocks);
  const cut = blocks.length > LIMITS.messageBlocks;
  return {
    text: `${reports.length} ${reports.length === 1 ? 'glossary' : 'glossaries'} from ${escapeText(fileName)}, one per language pair`,
    blocks: cut
      ? [
          ...blocks.slice(0, LIMITS.messageBlocks - 1),
          context('…and more: `/dub glossary list` shows every glossary of this channel.'),
        ]
      : blocks,
  };
}
