// The channel settings' QA choice: off, or the style guide QA checks subtitles against. Pure.
import type { types } from '@slack/bolt';
import { isQaSetting, type QaSetting } from '../../domain/localization-qa.ts';
import type { ChannelQa } from '../../store/store.ts';
import type { StateValues } from '../../ui/blocks.ts';

export const QA_SETTING = { block: 'st_qa', action: 'qa_setting' } as const;

const CHOICES: readonly { value: QaSetting; label: string; saved: string }[] = [
  {
    value: 'netflix',
    label: 'Netflix (42 characters a line, 20 a second)',
    saved: 'QA checks subtitles against Netflix’s guide',
  },
  {
    value: 'netflix-children',
    label: "Netflix children's (17 a second)",
    saved: 'QA checks subtitles against Netflix’s guide for children’s programmes',
  },
  {
    value: 'bbc',
    label: 'BBC (37 characters a line, 15 a second)',
    saved: 'QA checks subtitles against the BBC’s guide',
  },
  { value: 'off', label: 'Off: no QA line on dubbed languages', saved: 'QA off' },
];

/** A QA choice as the settings confirmation says it ("QA checks subtitles against the BBC’s guide"). */
export function qaSettingSaid(setting: QaSetting): string {
  return CHOICES.find((c) => c.value === setting)?.saved ?? 'QA off';
}

/** What the channel's stored QA settings mean in the dialog (none stored: on, Netflix). */
export function qaSettingOf(stored: ChannelQa | undefined): QaSetting {
  return stored ? (stored.enabled ? stored.preset : 'off') : 'netflix';
}

export function qaSettingBlock(current: QaSetting): types.InputBlock {
  const options = CHOICES.map((c) => ({
    text: { type: 'plain_text' as const, text: c.label },
    value: c.value,
  }));
  return {
    type: 'input',
    block_id: QA_SETTING.block,
    label: { type: 'plain_text', text: 'Localization QA of each dubbed language' },
    element: {
      type: 'static_select',
      action_id: QA_SETTING.action,
      options,
      initial_option: options.find((o) => o.value === current) ?? options[0]!,
    },
  };
}

/** The choice submitted; undefined when the dialog had no such block or the value is not one offered. */
export function readQaSetting(values: StateValues): QaSetting | undefined {
  const value = values[QA_SETTING.block]?.[QA_SETTING.action]?.selected_option?.value;
  return isQaSetting(value) ? value : undefined;
}
