// Assigning a language's review to someone: the Assign… button on the language's status message and the line
// it then carries ("👤 Assigned to @ben by @ana"), the dialog that asks who, and the direct message the
// assignee gets (a link to the thread and a Review button). Buttons carry only the language's id. Pure.
import type { types } from '@slack/bolt';
import type { Assignment } from '../../domain/assignments.ts';
import { languageLabel, languageName } from '../../domain/languages.ts';
import {
  type Block,
  button,
  context,
  escapeText,
  LIMITS,
  link,
  type MessageContent,
  plain,
  section,
  truncate,
} from '../../ui/blocks.ts';

export const ASSIGN_ACTIONS = {
  /** Assign… on the status message: opens the dialog. */
  open: 'assign_open',
  callbackId: 'assign_modal',
  userBlock: 'assignee',
  userAction: 'assignee',
  /** Review in the assignee's direct message: opens the review of the language's newest render. */
  review: 'assigned_review',
} as const;

const ASSIGN_BLOCK_ID = 'dk_assign';

/**
 * The status message's assignment: who reviews it and who asked, and — while there is something to review
 * (`offer`: the Assign… button, drawn by its definition) — the button.
 */
export function assignmentBlocks(
  targetId: string,
  assignment: Assignment | undefined,
  offer: types.Button | undefined,
): Block[] {
  return [
    ...(assignment
      ? [context(`👤 Assigned to <@${assignment.assignee}> by <@${assignment.assignedBy}>`)]
      : []),
    ...(offer
      ? [{ type: 'actions' as const, block_id: `${ASSIGN_BLOCK_ID}:${targetId}`, elements: [offer] }]
      : []),
  ];
}

/** The status message's fallback text with its assignment: "…, assigned to <@ben> by <@ana>". */
export function assignedText(text: string, assignment: Assignment | undefined): string {
  return assignment ? `${text}, assigned to <@${assignment.assignee}> by <@${assignment.assignedBy}>` : text;
}

/** "Who should review Spanish?", with whoever is assigned now picked. */
export function assignModal(input: { lang: string; subject: string; current?: string }): types.ModalView {
  const name = languageName(input.lang);
  return {
    type: 'modal',
    callback_id: ASSIGN_ACTIONS.callbackId,
    private_metadata: input.subject,
    title: plain(truncate(`Assign · ${name}`, LIMITS.modalTitle)),
    submit: plain('Assign'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'input',
        block_id: ASSIGN_ACTIONS.userBlock,
        label: plain(truncate(`Who should review ${name}?`, 2000)),
        element: {
          type: 'users_select',
          action_id: ASSIGN_ACTIONS.userAction,
          placeholder: plain('Pick a person in this channel'),
          ...(input.current ? { initial_user: input.current } : {}),
        },
      },
      context('They get a direct message with a link to the thread and a Review button.'),
    ],
  };
}

/**
 * Why the person picked cannot review it, in the dialog's words (under the input). The dialog's error is plain
 * text, where Slack draws no channel mention: the channel is named as the dub's, never by its raw id.
 */
export function assigneeProblem(kind: 'bot' | 'deactivated' | 'unknown' | 'outsider'): string {
  switch (kind) {
    case 'bot':
      return 'That is a bot or an app: pick a person.';
    case 'deactivated':
      return 'That account is deactivated: pick someone else.';
    case 'unknown':
      return 'Slack does not know that person: pick someone from the list.';
    case 'outsider':
      return 'They are not in this dub’s channel, so they could not open the review. Invite them to the channel first, or pick someone in it.';
  }
}

/** The assignee's direct message: who asked, what to review, the thread's link and a Review button. */
export function assignedMessage(input: {
  assignment: Assignment;
  lang: string;
  title: string;
  channel: string;
  /** Changes someone asked of the render to review: who and why, said in the message. */
  changes?: { userId: string; reason: string } | undefined;
}): MessageContent {
  const { assignment, changes } = input;
  const title = escapeText(truncate(input.title, 200));
  const why = changes
    ? `\n✋ <@${changes.userId}> asked for changes:\n>${escapeText(truncate(changes.reason, 500))}`
    : '';
  return {
    text: `<@${assignment.assignedBy}> asked you to review the ${languageName(input.lang)} dub of ${title}${changes ? ': changes requested' : ''}`,
    blocks: [
      section(
        `👤 <@${assignment.assignedBy}> asked you to review the ${languageLabel(input.lang)} dub of *${title}* in <#${input.channel}>.${why}`,
      ),
      context(link(assignment.threadLink, 'Open the thread')),
      {
        type: 'actions',
        block_id: `dk_assigned:${assignment.targetId}`,
        elements: [button('Review', ASSIGN_ACTIONS.review, assignment.targetId, 'primary')],
      },
    ],
  };
}
