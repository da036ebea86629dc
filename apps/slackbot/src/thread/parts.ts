// The port through which features put their parts on the messages the thread draws: thread/ draws a
// language's stage and a render's links, each feature adds its own line or button (features/message-parts.ts
// lists them), and the composition root hands them to the drawer. So nothing in thread/ imports a feature,
// and a feature's new button on one of these messages is written in that feature's folder only.
import type { types } from '@slack/bolt';
import type { Block, MessageContent } from '../ui/blocks.ts';
import type { CardDrawing } from './card.ts';
import type { LanguageState, StatusPart } from './status.ts';

/**
 * What a newly delivered render tells the people who were waiting for it (who approved or asked changes of an
 * earlier render), from the language's state as the store knows it (its approval and change request of any
 * render); undefined: nobody to tell.
 */
export type RenderedNote = (state: LanguageState) => MessageContent | undefined;

export interface MessageParts {
  /** The job's card (the dub feature's: the picker, Start, Cancel and Stop). */
  card: CardDrawing;
  /** Added, in order, to a language's status message (the review state, who is assigned, Assign…). */
  status: readonly StatusPart[];
  /** The buttons, in order, under a dubbed language's reply (Review translation, Approve, …). */
  dubbedReply: readonly ((targetId: string) => types.Button[])[];
  /** The buttons under a failed language's reply, where trying again can help (Retry). */
  failedReply: readonly ((targetId: string) => types.Button[])[];
  /** Replies a newer render's delivery posts, mentioning who waited for it (the approval's). */
  rendered: readonly RenderedNote[];
}

/** The buttons under a dubbed language's reply, each feature's in turn. */
export function dubbedActions(parts: MessageParts, targetId: string): Block {
  return {
    type: 'actions',
    block_id: `dubbed_actions:${targetId}`,
    elements: parts.dubbedReply.flatMap((buttons) => buttons(targetId)),
  };
}

/** What a failed language's reply offers where trying again can help. */
export function retryButtons(parts: MessageParts, targetId: string): types.Button[] {
  return parts.failedReply.flatMap((buttons) => buttons(targetId));
}
