// The job card's glossary picker: the glossaries offered in the channel, the channel's defaults chosen; and
// reading back what was picked.
import type { PickerGlossary } from '../../thread/card.ts';
import { type Block, LIMITS, option, type StateValues } from '../../ui/blocks.ts';

export const GLOSSARY_PICKER = { block: 'job_glossary', action: 'job_glossary' } as const;

export function glossaryPicker(glossaries: PickerGlossary[], selected: string[]): Block {
  const options = glossaries.slice(0, LIMITS.options).map((g) => option(g.label, g.id));
  const initial = options.filter((o) => selected.includes(o.value ?? ''));
  return {
    type: 'actions',
    block_id: GLOSSARY_PICKER.block,
    elements: [
      {
        type: 'multi_static_select',
        action_id: GLOSSARY_PICKER.action,
        placeholder: { type: 'plain_text', text: 'Glossaries (one per language pair)' },
        options,
        ...(initial.length > 0 ? { initial_options: initial } : {}),
      },
    ],
  };
}

/** The glossary ids picked in a card's state; undefined when the card had no glossary picker. */
export function pickedGlossaries(values: StateValues): string[] | undefined {
  const picker = values[GLOSSARY_PICKER.block]?.[GLOSSARY_PICKER.action];
  if (!picker) return undefined;
  return (picker.selected_options ?? [])
    .map((o) => o.value)
    .filter((v): v is string => typeof v === 'string');
}
