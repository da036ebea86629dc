// `/dub settings`: a channel's default destination languages and glossaries (and its QA, subtitle files and
// approvers, and its autopilot), as a modal, and the reader of its answer. Pure.
import type { SubtitleFormat } from '@dubkit/subtitles';
import type { types } from '@slack/bolt';
import type { QaSetting } from '../../domain/localization-qa.ts';
import type { UserGroup } from '../../slack/usergroups.ts';
import type { PickerGlossary } from '../../thread/card.ts';
import type { StateValues } from '../../ui/blocks.ts';
import { type AutopilotChoice, autopilotBlocks } from '../autopilot/settings-block.ts';
import { destinationSelect } from '../dub/card-blocks.ts';
import { glossaryPicker } from '../dub/glossary-picker.ts';
import { qaSettingBlock } from '../qa/settings-block.ts';
import { approverGroupsBlock, approversSettingBlock } from './approvers-block.ts';
import { formatsSettingBlock } from './formats-block.ts';

export const SETTINGS_UI = {
  callbackId: 'channel_settings',
  langsBlock: 'st_langs',
  glossaryBlock: 'st_glossary',
} as const;

export function settingsModal(input: {
  channel: string;
  dstLangs: string[];
  glossaries: PickerGlossary[];
  glossaryIds: string[];
  /** The channel's QA choice; without it the dialog does not offer one. */
  qa?: QaSetting;
  /** The channel's delivery formats; without them the dialog does not offer them. */
  formats?: SubtitleFormat[];
  /** The channel's approvers; without them the dialog does not offer them. */
  approvers?: string[];
  /** The workspace's user groups, to pick as approvers; none (or Slack refused to list them): not offered. */
  approverGroups?: UserGroup[];
  /** The channel's autopilot; without it the dialog does not offer one. */
  autopilot?: AutopilotChoice;
}): types.ModalView {
  const languages = { ...destinationSelect(input.dstLangs) };
  const glossaryElement = (
    glossaryPicker(input.glossaries, input.glossaryIds) as { elements: types.MultiStaticSelect[] }
  ).elements[0]!;
  return {
    type: 'modal',
    callback_id: SETTINGS_UI.callbackId,
    private_metadata: input.channel,
    title: { type: 'plain_text', text: 'Channel defaults' },
    submit: { type: 'plain_text', text: 'Save' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `Defaults for new dubs in <#${input.channel}>.` } },
      {
        type: 'input',
        block_id: SETTINGS_UI.langsBlock,
        optional: true,
        label: { type: 'plain_text', text: 'Dub into' },
        element: languages,
      },
      ...(input.glossaries.length > 0
        ? [
            {
              type: 'input' as const,
              block_id: SETTINGS_UI.glossaryBlock,
              optional: true,
              label: { type: 'plain_text' as const, text: 'Glossaries (one per language pair)' },
              element: glossaryElement,
            },
          ]
        : []),
      ...(input.qa ? [qaSettingBlock(input.qa)] : []),
      ...(input.formats ? [formatsSettingBlock(input.formats)] : []),
      ...(input.approvers ? [approversSettingBlock(input.approvers)] : []),
      ...(input.approvers && input.approverGroups?.length
        ? [approverGroupsBlock(input.approverGroups, input.approvers)]
        : []),
      ...(input.autopilot ? autopilotBlocks(input.autopilot) : []),
    ],
  };
}

export function readSettings(values: StateValues): { dstLangs: string[]; glossaryIds: string[] } {
  const pick = (block: string) =>
    Object.values(values[block] ?? {})
      .flatMap((v) => v.selected_options ?? [])
      .map((o) => o.value)
      .filter((v): v is string => typeof v === 'string');
  return { dstLangs: pick(SETTINGS_UI.langsBlock), glossaryIds: pick(SETTINGS_UI.glossaryBlock) };
}
