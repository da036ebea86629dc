// "Other formats…" on a render's reply: the dialog that picks one format the reply does not carry, and the
// reader of its answer. Pure.
import { parseFormatName, type SubtitleFormat } from '@dubkit/subtitles';
import type { types } from '@slack/bolt';
import { languageName } from '../../domain/languages.ts';
import { FORMAT_LABELS } from '../../outbox/subtitle-files.ts';
import { escapeText, modalTitle, plain, type StateValues, section } from '../../ui/blocks.ts';

export const OTHER_FORMATS = {
  button: 'other_formats',
  callbackId: 'other_formats_modal',
  block: 'of_format',
  action: 'of_format',
} as const;

export function otherFormatsModal(input: {
  lang: string;
  render: number;
  formats: readonly SubtitleFormat[];
  /** "<target>:<render>": what the submission acts on. */
  subject: string;
}): types.ModalView {
  const options = input.formats.map((format) => ({ text: plain(FORMAT_LABELS[format]), value: format }));
  return {
    type: 'modal',
    callback_id: OTHER_FORMATS.callbackId,
    private_metadata: input.subject,
    title: modalTitle('Other formats', input.lang),
    submit: plain('Post the file'),
    close: plain('Cancel'),
    blocks: [
      section(
        `Which subtitle file of render ${input.render} of ${escapeText(languageName(input.lang))} should be posted in the thread?`,
      ),
      {
        type: 'input',
        block_id: OTHER_FORMATS.block,
        label: plain('Format'),
        element: { type: 'radio_buttons', action_id: OTHER_FORMATS.action, options },
      },
    ],
  };
}

/** The format picked, if it is one the app writes. */
export function readOtherFormat(values: StateValues): SubtitleFormat | undefined {
  const value = values[OTHER_FORMATS.block]?.[OTHER_FORMATS.action]?.selected_option?.value;
  return typeof value === 'string' ? parseFormatName(value) : undefined;
}
