// What a dubbed language offers in the thread (Review translation, Speakers, Lip-sync, Render again) and the
// short replies those actions leave: the edit summary, a render asked for, speakers changed; plus the small
// Speakers dialog. Buttons carry only the language's target id. Pure builders.
import type { types } from '@slack/bolt';
import { languageLabel, languageName } from '../domain/languages.ts';
import { MAX_SPEAKERS } from '../domain/limits.ts';
import { type Block, button, context, LIMITS, type MessageContent, section, truncate } from './blocks.ts';

export const THREAD_ACTIONS = {
  review: 'review_open',
  speakers: 'speakers_open',
  lipsync: 'lipsync_open',
  render: 'render_again',
  speakersCallbackId: 'speakers_modal',
  speakersBlock: 'speakers_count',
  speakersAction: 'speakers_count',
} as const;

/** The buttons under a dubbed reply. */
export function dubbedActions(targetId: string): Block {
  return {
    type: 'actions',
    block_id: `dubbed_actions:${targetId}`,
    elements: [
      button('Review translation', THREAD_ACTIONS.review, targetId),
      button('Speakers', THREAD_ACTIONS.speakers, targetId),
      button('Lip-sync', THREAD_ACTIONS.lipsync, targetId),
      button('Render again', THREAD_ACTIONS.render, targetId, 'primary'),
    ],
  };
}

/** "✏️ @ana edited 7 segments and removed 1 in Spanish. [Render again]" */
export function editSummary(input: {
  userId: string;
  lang: string;
  changes: string;
  targetId: string;
}): MessageContent {
  return {
    text: `${input.changes} in ${languageName(input.lang)}`,
    blocks: [
      section(`✏️ <@${input.userId}> ${input.changes} in ${languageLabel(input.lang)}.`),
      {
        type: 'actions',
        elements: [button('Render again', THREAD_ACTIONS.render, input.targetId, 'primary')],
      },
    ],
  };
}

export function renderRequested(input: { userId: string; lang: string }): MessageContent {
  return {
    text: `Rendering ${languageName(input.lang)} again`,
    blocks: [
      section(`🔁 <@${input.userId}> asked to render ${languageLabel(input.lang)} again.`),
      context('The status message above follows it; the new files arrive as a new reply.'),
    ],
  };
}

export function speakersChanged(input: {
  userId: string;
  lang: string;
  count: number;
  targetId: string;
}): MessageContent {
  const people = `${input.count} speaker${input.count === 1 ? '' : 's'}`;
  return {
    text: `${languageName(input.lang)} set to ${people}`,
    blocks: [
      section(`🗣 <@${input.userId}> set ${languageLabel(input.lang)} to ${people}. Render again to hear it.`),
      {
        type: 'actions',
        elements: [button('Render again', THREAD_ACTIONS.render, input.targetId, 'primary')],
      },
    ],
  };
}

/** The small dialog that changes the number of speakers before rendering again. */
export function speakersModal(input: {
  targetId: string;
  lang: string;
  current: number | null;
}): types.ModalView {
  const options = Array.from({ length: MAX_SPEAKERS }, (_, i) => ({
    text: { type: 'plain_text' as const, text: `${i + 1} speaker${i === 0 ? '' : 's'}` },
    value: String(i + 1),
  }));
  const initial = options.find((o) => o.value === String(input.current));
  return {
    type: 'modal',
    callback_id: THREAD_ACTIONS.speakersCallbackId,
    private_metadata: input.targetId,
    title: {
      type: 'plain_text',
      text: truncate(`Speakers · ${languageName(input.lang)}`, LIMITS.modalTitle),
    },
    submit: { type: 'plain_text', text: 'Save' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      section('How many people speak in the video? Saving changes the project; *Render again* applies it.'),
      {
        type: 'input',
        block_id: THREAD_ACTIONS.speakersBlock,
        label: { type: 'plain_text', text: 'Speakers' },
        element: {
          type: 'static_select',
          action_id: THREAD_ACTIONS.speakersAction,
          options,
          ...(initial ? { initial_option: initial } : {}),
        },
      },
    ],
  };
}
