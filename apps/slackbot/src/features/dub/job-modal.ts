// The picker as a modal, opened by the "Dub this video" message shortcut: same choices as the job card.
import type { types } from '@slack/bolt';
import { escapeText, LIMITS, section, truncate } from '../../ui/blocks.ts';
import { destinationSelect, JOB_CARD, sourceSelect, speakersSelect } from './card-blocks.ts';

export const JOB_MODAL = { callbackId: 'dub_modal' } as const;

export function jobModal(input: { jobId: string; title: string }): types.ModalView {
  return {
    type: 'modal',
    callback_id: JOB_MODAL.callbackId,
    private_metadata: input.jobId,
    title: { type: 'plain_text', text: truncate('Dub this video', LIMITS.modalTitle) },
    submit: { type: 'plain_text', text: 'Start' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      section(`🎬 *${escapeText(input.title)}*`),
      {
        type: 'input',
        block_id: JOB_CARD.dstBlock,
        label: { type: 'plain_text', text: 'Dub into' },
        element: destinationSelect([]),
      },
      {
        type: 'input',
        block_id: JOB_CARD.srcBlock,
        label: { type: 'plain_text', text: 'Source language' },
        element: sourceSelect(null),
      },
      {
        type: 'input',
        block_id: JOB_CARD.speakersBlock,
        label: { type: 'plain_text', text: 'Speakers' },
        element: speakersSelect(null),
      },
    ],
  };
}
