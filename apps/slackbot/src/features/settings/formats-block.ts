// The channel settings' delivery formats: which subtitle files each dubbed reply attaches, as checkboxes. Pure.
import type { SubtitleFormat } from '@dubkit/subtitles';
import type { types } from '@slack/bolt';
import { FORMAT_LABELS, orderedFormats } from '../../outbox/subtitle-files.ts';
import type { StateValues } from '../../ui/blocks.ts';

export const FORMATS_SETTING = { block: 'st_formats', action: 'delivery_formats' } as const;

export function formatsSettingBlock(current: readonly SubtitleFormat[]): types.InputBlock {
  const option = (format: SubtitleFormat) => ({
    text: { type: 'plain_text' as const, text: FORMAT_LABELS[format] },
    value: format,
  });
  const options = orderedFormats(Object.keys(FORMAT_LABELS)).map(option);
  const initial = orderedFormats(current).map(option);
  return {
    type: 'input',
    block_id: FORMATS_SETTING.block,
    optional: true,
    label: { type: 'plain_text', text: 'Subtitle files on each dubbed reply' },
    element: {
      type: 'checkboxes',
      action_id: FORMATS_SETTING.action,
      options,
      ...(initial.length > 0 ? { initial_options: initial } : {}),
    },
  };
}

/**
 * The formats ticked, known ones only, in the order offered; undefined when the dialog had no such block (an
 * older dialog still open: the channel's formats stay as they are).
 */
export function readFormatsSetting(values: StateValues): SubtitleFormat[] | undefined {
  const block = values[FORMATS_SETTING.block];
  if (!block) return undefined;
  const ticked = (block[FORMATS_SETTING.action]?.selected_options ?? []).map((o) => o.value);
  return orderedFormats(ticked.filter((v): v is string => typeof v === 'string'));
}

/** The formats as the settings confirmation says them ("subtitle files SRT, ASS"). */
export function formatsSaid(formats: readonly SubtitleFormat[]): string {
  return `subtitle files ${formats.map((f) => FORMAT_LABELS[f]).join(', ')}`;
}
