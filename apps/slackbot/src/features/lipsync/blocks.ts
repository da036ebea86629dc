// Lip-sync in the thread: the small dialog that asks which lip-sync (full or the free preview) and how many
// faces are on screen, and the replies for a lip-synced video (saying which kind), a video with no face, and
// a lip-sync that failed. Pure builders.
import type { types } from '@slack/bolt';
import { languageLabel, languageName } from '../../domain/languages.ts';
import {
  context,
  escapeProse,
  link,
  type MessageContent,
  modalTitle,
  noticeModal,
  plain,
  section,
} from '../../ui/blocks.ts';

export const LIPSYNC_UI = {
  /** Lip-sync on a dubbed reply: opens the dialog. */
  open: 'lipsync_open',
  callbackId: 'lipsync_modal',
  facesBlock: 'ls_faces',
  facesAction: 'ls_faces',
  one: 'one',
  several: 'several',
  kindBlock: 'ls_kind',
  kindAction: 'ls_kind',
  full: 'full',
  preview: 'preview',
} as const;

/** What the dialog offers: the full video's price in paid minutes, and the free minutes left for a preview. */
export interface LipsyncChoices {
  /** Paid minutes the full lip-sync uses: the video's length in whole minutes; 0 once it was paid for. */
  paidMinutes: number;
  /** Free lip-sync minutes left on the account; the preview is offered only when some are. */
  freeMinutesLeft: number;
}

function radio(text: string, description: string, value: string) {
  return { text: plain(text), description: plain(description), value };
}

const minutes = (n: number) => `${n} paid minute${n === 1 ? '' : 's'}`;

/**
 * The lip-sync dialog: which lip-sync (the full video by default, as the vendor's guide wants; the free preview
 * only by name and only while free minutes are left) and how many faces are on screen.
 */
export function lipsyncModal(input: { targetId: string; lang: string } & LipsyncChoices): types.ModalView {
  const one = radio(
    'One face at a time',
    'Only one person is visible at any moment (faster)',
    LIPSYNC_UI.one,
  );
  const full = radio(
    input.paidMinutes > 0
      ? `Full lip-sync (uses ${minutes(input.paidMinutes)})`
      : 'Full lip-sync (already paid for this video)',
    'The whole video, from the account’s minutes',
    LIPSYNC_UI.full,
  );
  const kinds = [full];
  if (input.freeMinutesLeft > 0)
    kinds.push(
      radio(
        'Free preview (first minute, uses free minutes)',
        `Only the first minute, to see how it looks; ${input.freeMinutesLeft} free minute${input.freeMinutesLeft === 1 ? '' : 's'} left`,
        LIPSYNC_UI.preview,
      ),
    );
  return {
    type: 'modal',
    callback_id: LIPSYNC_UI.callbackId,
    private_metadata: input.targetId,
    title: modalTitle('Lip-sync', input.lang),
    submit: plain('Lip-sync'),
    close: plain('Cancel'),
    blocks: [
      section('The video is checked for faces first, then the lips are moved to match the dub.'),
      {
        type: 'input',
        block_id: LIPSYNC_UI.kindBlock,
        label: plain('Lip-sync'),
        element: {
          type: 'radio_buttons',
          action_id: LIPSYNC_UI.kindAction,
          initial_option: full,
          options: kinds,
        },
      },
      {
        type: 'input',
        block_id: LIPSYNC_UI.facesBlock,
        label: plain('Faces on screen'),
        element: {
          type: 'radio_buttons',
          action_id: LIPSYNC_UI.facesAction,
          initial_option: one,
          options: [
            one,
            radio('Several faces at once', 'People talk together on screen (slower)', LIPSYNC_UI.several),
          ],
        },
      },
    ],
  };
}

/** Shown while the dialog's choices are read from the service (a modal must open within 3 s of the click). */
export function lipsyncNotice(lang: string | null, message: string): types.ModalView {
  return noticeModal(modalTitle('Lip-sync', lang), message);
}

/** The lip-synced video, saying which kind was delivered: the full video, or the free preview of its first minute. */
export function lipsyncedReply(input: {
  lang: string;
  url: string | null;
  userId: string;
  free: boolean;
}): MessageContent {
  if (input.free) {
    return {
      text: `${languageName(input.lang)} lip-sync preview ready (first minute)`,
      blocks: [
        section(
          `👄 *${languageLabel(input.lang)} lip-sync preview ready* (the first minute only) — ${link(input.url, '▶ Lip-sync preview')}`,
        ),
        context(
          `Asked for by <@${input.userId}> · free preview, from free lip-sync minutes · for the whole video, ` +
            'press *Lip-sync* and choose *Full lip-sync*',
        ),
      ],
    };
  }
  return {
    text: `${languageName(input.lang)} lip-synced video ready`,
    blocks: [
      section(
        `👄 *${languageLabel(input.lang)} lip-synced video ready* — ${link(input.url, '▶ Lip-synced video')}`,
      ),
      context(`Asked for by <@${input.userId}> · full lip-sync, from the account’s minutes`),
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
    text: `${languageName(input.lang)} lip-sync failed: ${escapeProse(input.why)}`,
    blocks: [section(`❌ *${languageLabel(input.lang)} lip-sync failed.* ${escapeProse(input.why)}`)],
  };
}
