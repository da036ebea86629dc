// Lip-sync in the thread: the small dialog that asks how many faces are on screen, and the replies for a
// lip-synced video, a video with no face, and a lip-sync that failed. Pure builders.
import type { types } from '@slack/bolt';
import { languageLabel, languageName } from '../../domain/languages.ts';
import {
  context,
  escapeText,
  LIMITS,
  link,
  type MessageContent,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const LIPSYNC_UI = {
  callbackId: 'lipsync_modal',
  facesBlock: 'ls_faces',
  facesAction: 'ls_faces',
  one: 'one',
  several: 'several',
} as const;

export function lipsyncModal(input: { targetId: string; lang: string }): types.ModalView {
  const option = (text: string, description: string, value: string) => ({
    text: { type: 'plain_text' as const, text },
    description: { type: 'plain_text' as const, text: description },
    value,
  });
  const one = option(
    'One face at a time',
    'Only one person is visible at any moment (faster)',
    LIPSYNC_UI.one,
  );
  return {
    type: 'modal',
    callback_id: LIPSYNC_UI.callbackId,
    private_metadata: input.targetId,
    title: {
      type: 'plain_text',
      text: truncate(`Lip-sync · ${languageName(input.lang)}`, LIMITS.modalTitle),
    },
    submit: { type: 'plain_text', text: 'Lip-sync' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      section('The video is checked for faces first. Free lip-sync minutes are used when enough are left.'),
      {
        type: 'input',
        block_id: LIPSYNC_UI.facesBlock,
        label: { type: 'plain_text', text: 'Faces on screen' },
        element: {
          type: 'radio_buttons',
          action_id: LIPSYNC_UI.facesAction,
          initial_option: one,
          options: [
            one,
            option('Several faces at once', 'People talk together on screen (slower)', LIPSYNC_UI.several),
          ],
        },
      },
    ],
  };
}

export function lipsyncedReply(input: {
  lang: string;
  url: string | null;
  userId: string;
  free: boolean;
}): MessageContent {
  return {
    text: `${languageName(input.lang)} lip-synced video ready`,
    blocks: [
      section(
        `👄 *${languageLabel(input.lang)} lip-synced video ready* — ${link(input.url, '▶ Lip-synced video')}`,
      ),
      context(
        `Asked for by <@${input.userId}> · ${input.free ? 'free lip-sync minutes used' : 'minutes from the balance used'}`,
      ),
    ],
  };
}

export function noFaceReply(input: { lang: string }): MessageContent {
  const text =
    'No face was found in the video, so there is nothing to lip-sync. Lip-sync moves the lips of people on ' +
    'screen; the dub itself is unchanged and ready to use.';
  return {
    text: `${languageName(input.lang)}: no face to lip-sync`,
    blocks: [section(`🙂 *${languageLabel(input.lang)}:* ${text}`)],
  };
}

export function lipsyncFailedReply(input: { lang: string; why: string }): MessageContent {
  return {
    text: `${languageName(input.lang)} lip-sync failed: ${input.why}`,
    blocks: [section(`❌ *${languageLabel(input.lang)} lip-sync failed.* ${escapeText(input.why)}`)],
  };
}
