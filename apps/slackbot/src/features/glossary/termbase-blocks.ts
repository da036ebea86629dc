// The message that offers a termbase's glossaries: which column holds the source terms, one checkbox per
// language pair (all ticked), and "Create glossaries"; then the same message once the choice is made. Pure
// builders, and the reader of the ticked ids in a message's state.
import { languageName } from '../../domain/languages.ts';
import {
  type Block,
  button,
  context,
  escapeText,
  LIMITS,
  type MessageContent,
  option,
  type StateValues,
  section,
} from '../../ui/blocks.ts';
import { type LanguagePair, pairName } from './pairs.ts';

export const TERMBASE_UI = {
  source: 'termbase_source',
  pairs: 'termbase_pairs',
  create: 'termbase_create',
  sourceBlock: 'tb_source',
  pairsBlock: 'tb_pairs',
  createBlock: 'tb_create',
} as const;

/** Slack's most options in one checkbox group. */
const CHECKBOXES_PER_GROUP = 10;

export interface PairOffered extends LanguagePair {
  /** Term pairs the file holds for it. */
  terms: number;
  /** Lines with an error in its columns (its glossary is not saved until they are fixed). */
  errorLines?: number;
}

export interface TermbaseChoiceInput {
  offerId: string;
  fileName: string;
  /** Who shared the file. */
  userId: string;
  name: string;
  languages: readonly string[];
  source: number;
  pairs: readonly PairOffered[];
  /** Pairs of this source not offered (past the most one file gives). */
  leftOut: number;
}

/** "English, Spanish and German" */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const pairLabel = (pair: Pick<LanguagePair, 'src' | 'dst'>) =>
  `${languageName(pair.src)} → ${languageName(pair.dst)}`;

/** "English → French · 120 terms", and "· 2 lines to fix" when its columns have errors. */
function offeredLabel(pair: PairOffered): string {
  const terms = `${pair.terms} term${pair.terms === 1 ? '' : 's'}`;
  const fix = pair.errorLines ? ` · ${pair.errorLines} line${pair.errorLines === 1 ? '' : 's'} to fix` : '';
  return `${pairLabel(pair)} · ${terms}${fix}`;
}

/** The offer: a source column to pick, a ticked checkbox per pair, and the button that creates them. */
export function termbaseChoice(input: TermbaseChoiceInput): MessageContent {
  const names = input.languages.map((code) => escapeText(languageName(code)));
  const file = escapeText(input.fileName);
  const sources = input.languages.map((code, index) =>
    option(`${languageName(code)} (language column ${index + 1})`, `${input.offerId}:${index}`),
  );
  const groups: Block[] = [];
  for (let at = 0; at < input.pairs.length; at += CHECKBOXES_PER_GROUP) {
    const options = input.pairs
      .slice(at, at + CHECKBOXES_PER_GROUP)
      .map((pair) => option(offeredLabel(pair), pair.id));
    groups.push({
      type: 'actions',
      // The source is in the id: a redrawn message's boxes start ticked again, not as the old ones were left.
      block_id: `${TERMBASE_UI.pairsBlock}_${input.source}_${at / CHECKBOXES_PER_GROUP}`,
      elements: [{ type: 'checkboxes', action_id: TERMBASE_UI.pairs, options, initial_options: options }],
    });
  }
  const example = input.pairs[0];
  return {
    text: `${file} has terms in ${input.languages.length} languages: choose the glossaries to create`,
    blocks: [
      section(
        `📒 <@${input.userId}> shared *${file}*, a term list in ${input.languages.length} languages: ${listed(names)}. ` +
          'I can make a glossary for each language pair below. Untick the ones you do not need, then press ' +
          '*Create glossaries*; nothing is created before that.',
      ),
      {
        type: 'section',
        block_id: TERMBASE_UI.sourceBlock,
        text: { type: 'mrkdwn', text: '*Source language*: the column the terms are translated from' },
        accessory: {
          type: 'static_select',
          action_id: TERMBASE_UI.source,
          options: sources.slice(0, LIMITS.options),
          initial_option: sources[input.source]!,
        },
      },
      ...groups,
      {
        type: 'actions',
        block_id: TERMBASE_UI.createBlock,
        elements: [button('Create glossaries', TERMBASE_UI.create, input.offerId, 'primary')],
      },
      context(
        [
          example
            ? `Each glossary is named for its pair, like “${escapeText(pairName(input.name, example))}”; sharing the file again updates them.`
            : '',
          input.leftOut > 0
            ? `${input.leftOut} more language${input.leftOut === 1 ? ' is' : 's are'} not offered: at most ${input.pairs.length} glossaries come from one file.`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      ),
    ],
  };
}

/** The offer once chosen: what is being created, and by whom; no controls left. */
export function termbaseChosen(input: {
  fileName: string;
  userId: string;
  pairs: readonly Pick<LanguagePair, 'src' | 'dst'>[];
}): MessageContent {
  const count = `${input.pairs.length} ${input.pairs.length === 1 ? 'glossary' : 'glossaries'}`;
  const text =
    `📒 <@${input.userId}> chose ${count} from *${escapeText(input.fileName)}*: ` +
    `${input.pairs.map((pair) => escapeText(pairLabel(pair))).join(', ')}. Creating ${input.pairs.length === 1 ? 'it' : 'them'} now; the report follows.`;
  return { text: `Creating ${count} from ${escapeText(input.fileName)}`, blocks: [section(text)] };
}

/**
 * The pair ids ticked in a message's state (every checkbox group of the offer), as Slack sent them; undefined
 * when the state holds no group at all (the boxes as drawn: all ticked).
 */
export function tickedPairIds(values: StateValues | undefined): string[] | undefined {
  let ids: string[] | undefined;
  for (const block of Object.values(values ?? {})) {
    const selected = block?.[TERMBASE_UI.pairs]?.selected_options;
    if (!Array.isArray(selected)) continue;
    ids ??= [];
    for (const chosen of selected) if (typeof chosen?.value === 'string') ids.push(chosen.value);
  }
  return ids;
}
