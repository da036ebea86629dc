// Approval of a dubbed language in the thread: the Approve button's id, the status message as it reads once
// approved ("✅ Approved by @ana · <date>"), who may approve in a channel that names its approvers, and the
// question Approve asks while QA flags are open. Pure.

import type { types } from '@slack/bolt';
import { type Approval, type ChangeRequest, isGroupId } from '../../domain/approvals.ts';
import { languageLabel, languageName } from '../../domain/languages.ts';
import type { QaFlag } from '../../domain/localization-qa.ts';
import type { RenderNumbers } from '../../domain/renders.ts';
import {
  type Block,
  context,
  escapeText,
  LIMITS,
  link,
  type MessageContent,
  modalTitle,
  plain,
  section,
  truncate,
  truncateMrkdwn,
} from '../../ui/blocks.ts';

export const APPROVAL_ACTIONS = {
  approve: 'approve_language',
  requestChanges: 'request_changes',
  changesCallbackId: 'request_changes_modal',
  reasonBlock: 'changes_reason',
  reasonAction: 'changes_reason',
  approveAnywayCallbackId: 'approve_anyway_modal',
} as const;
/** The most approvers a channel names (the settings' people picker takes no more). */
export const APPROVERS_MAX = 20;
/** Open QA flags the Approve question lists; more are counted. */
const FLAGS_SHOWN = 5;
/** The longest reason a change request keeps. */
export const REASON_MAX = 500;
const APPROVAL_BLOCK_ID = 'dk_approval';
const APPROVED_REPLY_BLOCK_ID = 'dk_approved';

/** When, in the reader's own time zone (Slack's date formatting), with a plain fallback. */
export function when(at: number): string {
  const seconds = Math.floor(at / 1000);
  return `<!date^${seconds}^{date_short_pretty} at {time}|${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC>`;
}

/**
 * A dubbed language's status message with its review state below what it said: approved (which render, by
 * whom, when), changes requested (by whom, why, when), or waiting for review. An approval of an earlier render
 * stays beside the newer render's state ("✅ Render 3 approved by @ana · ⏳ Render 4 is waiting for review");
 * `dubbed` false: the newer render is still on its way, and only the earlier approval is said.
 */
export function reviewedStatus(
  status: MessageContent,
  review: {
    approval?: Approval | undefined;
    changeRequest?: ChangeRequest | undefined;
    earlier?: Approval | undefined;
    /** The current render's number as shown, and the numbers shown for the other attempts. */
    render: number;
    renders: RenderNumbers;
    dubbed?: boolean;
  },
): MessageContent {
  const blocks = status.blocks.filter((block) => block.block_id !== APPROVAL_BLOCK_ID);
  const { approval, changeRequest, earlier, render, renders, dubbed = true } = review;
  const lines: string[] = [];
  const texts: string[] = [];
  if (earlier && !approval) {
    lines.push(
      `✅ Render ${renders(earlier.attempt)} approved by <@${earlier.userId}> · ${when(earlier.at)}`,
    );
    texts.push(`render ${renders(earlier.attempt)} approved by <@${earlier.userId}>`);
  }
  if (approval) {
    lines.push(`✅ Render ${render} approved by <@${approval.userId}> · ${when(approval.at)}`);
    texts.push(`approved by <@${approval.userId}>`);
  } else if (changeRequest) {
    lines.push(
      `✋ Changes requested by <@${changeRequest.userId}> · ${when(changeRequest.at)}: “${escapeText(truncate(changeRequest.reason, REASON_MAX))}”`,
    );
    texts.push(`changes requested by <@${changeRequest.userId}>`);
  } else if (dubbed) {
    lines.push(`⏳ Render ${render} is waiting for review`);
    if (earlier) texts.push(`render ${render} waiting for review`);
  } else lines.push(`🔄 Render ${render} is on its way`);
  blocks.push({ ...context(lines.join('\n')), block_id: APPROVAL_BLOCK_ID });
  return { text: [status.text, ...texts].join(', '), blocks };
}

/**
 * A render's reply once approved: its Approve and Request changes buttons gone (the render is approved for
 * good; its other buttons stay while it is the newest), and who approved it and when, which it keeps when a
 * newer render replaces it.
 */
export function approvedReply<T extends MessageContent>(
  reply: T,
  approval: Approval,
  renders: RenderNumbers,
): T {
  const gone = new Set<string>([APPROVAL_ACTIONS.approve, APPROVAL_ACTIONS.requestChanges]);
  const blocks: Block[] = [];
  for (const block of reply.blocks) {
    if (block.block_id === APPROVED_REPLY_BLOCK_ID) continue;
    if (block.type !== 'actions') {
      blocks.push(block);
      continue;
    }
    const elements = block.elements.filter((e) => !('action_id' in e && gone.has(e.action_id ?? '')));
    if (elements.length > 0) blocks.push({ ...block, elements });
  }
  blocks.push({
    ...context(
      `✅ Approved by <@${approval.userId}> · render ${renders(approval.attempt)} · ${when(approval.at)}`,
    ),
    block_id: APPROVED_REPLY_BLOCK_ID,
  });
  return { ...reply, text: `${reply.text} · approved by <@${approval.userId}>`, blocks };
}

/** Request changes on an approved render: the approval stands; the changes go into a newer render. */
export function approvedAlready(lang: string, approval: Approval, renders: RenderNumbers): string {
  return `✅ Render ${renders(approval.attempt)} of ${languageName(lang)} was approved by <@${approval.userId}> · ${when(approval.at)}, and stays approved. Nothing was done: make the changes in *Review translation*, then *Render again*; the new render waits for review.`;
}

/** What a second Approve of an approved render is told: nothing is asked again. */
export function alreadyApproved(lang: string, approval: Approval, renders: RenderNumbers): string {
  return `✅ Render ${renders(approval.attempt)} of ${languageName(lang)} is already approved by <@${approval.userId}> · ${when(approval.at)}. Nothing more to do.`;
}

/**
 * "🔔 Render 4 of German is ready": the person who asked changes of an earlier render, mentioned with what
 * they asked, and the person who approved an earlier one, that this one waits for their review.
 */
export function newerRenderReady(input: {
  lang: string;
  render: number;
  renders: RenderNumbers;
  asked?: ChangeRequest | undefined;
  approved?: Approval | undefined;
}): MessageContent {
  const { asked, approved, render, renders } = input;
  const lines: string[] = [];
  if (asked)
    lines.push(
      `<@${asked.userId}>, you asked for changes to render ${renders(asked.attempt)}: “${escapeText(truncate(asked.reason, REASON_MAX))}” — check them in this render.`,
    );
  if (approved)
    lines.push(
      `<@${approved.userId}>, you approved render ${renders(approved.attempt)} (it stays approved): render ${render} waits for your review.`,
    );
  const people = [asked?.userId, approved?.userId].filter((u): u is string => u !== undefined);
  return {
    text: `Render ${render} of ${languageName(input.lang)} is ready for ${people.map((u) => `<@${u}>`).join(' and ')}`,
    blocks: [
      section(`🔔 *Render ${render} of ${languageLabel(input.lang)} is ready* (its reply is just above).`),
      section(truncateMrkdwn(lines.join('\n'), LIMITS.sectionText)),
    ],
  };
}

/** Who a change request goes to, and why them: assigned to review, the last to edit, or the job's owner. */
export interface Fixer {
  userId: string;
  as: 'assignee' | 'editor' | 'owner';
}

/**
 * "🔁 @ana asked for changes to render 3 of German: “…” → @ben [Review German]": the request in the thread,
 * mentioning whoever makes the changes, with the button that opens the review (drawn by its definition).
 */
export function changesRequestedReply(input: {
  by: string;
  lang: string;
  render: number;
  reason: string;
  to: Fixer;
  review: types.Button;
}): MessageContent {
  const { by, to } = input;
  const name = languageName(input.lang);
  const quoted = escapeText(truncate(input.reason, REASON_MAX));
  const why = { assignee: 'assigned to review it', editor: 'its last editor', owner: 'who started this dub' }[
    to.as
  ];
  return {
    text: `<@${by}> asked for changes in ${name}: “${quoted}” → <@${to.userId}>`,
    blocks: [
      section(
        `🔁 <@${by}> asked for changes to render ${input.render} of ${languageLabel(input.lang)}:\n>${quoted}\n→ <@${to.userId}> (${why}): the new render will mention <@${by}>.`,
      ),
      { type: 'actions', elements: [input.review] },
    ],
  };
}

/** The same request in the assignee's direct message: what, from whom, the thread's link and a Review button. */
export function changesRequestedDm(input: {
  by: string;
  lang: string;
  render: number;
  reason: string;
  title: string;
  channel: string;
  threadLink: string | null;
  review: types.Button;
}): MessageContent {
  const title = escapeText(truncate(input.title, 200));
  const quoted = escapeText(truncate(input.reason, REASON_MAX));
  return {
    text: `<@${input.by}> asked for changes in the ${languageName(input.lang)} dub of ${title}: “${quoted}”`,
    blocks: [
      section(
        `🔁 <@${input.by}> asked for changes to render ${input.render} of the ${languageLabel(input.lang)} dub of *${title}* in <#${input.channel}>:\n>${quoted}`,
      ),
      ...(input.threadLink ? [context(link(input.threadLink, 'Open the thread'))] : []),
      { type: 'actions', elements: [input.review] },
    ],
  };
}

/** Request changes: why, in a few words, for whoever renders the language again. */
export function changesModal(input: { lang: string; subject: string }): types.ModalView {
  return {
    type: 'modal',
    callback_id: APPROVAL_ACTIONS.changesCallbackId,
    private_metadata: input.subject,
    title: plain(truncate(`Changes · ${languageName(input.lang)}`, LIMITS.modalTitle)),
    submit: plain('Request changes'),
    close: plain('Cancel'),
    blocks: [
      section(
        `What should change in the ${escapeText(languageName(input.lang))} dub? The thread will show it.`,
      ),
      {
        type: 'input',
        block_id: APPROVAL_ACTIONS.reasonBlock,
        label: plain('Reason'),
        element: {
          type: 'plain_text_input',
          action_id: APPROVAL_ACTIONS.reasonAction,
          multiline: true,
          max_length: REASON_MAX,
          placeholder: plain('e.g. the names in 0:42–0:50 are mispronounced'),
        },
      },
    ],
  };
}

/** Lines of `/dub list waiting`; more are counted, not listed. */
const WAITING_SHOWN = 30;

/** `/dub list waiting`: "⏳ Waiting for review in #channel" and one line per dubbed language, newest job first. */
/** A dubbed language waiting for review, and an earlier render's approval when it has one. */
export interface Waiting {
  title: string;
  lang: string;
  /** The render that waits, as numbered for people (shownRender). */
  render?: number;
  /** An earlier render's approval: that render's number as shown, and who approved it. */
  earlier?: { render: number; userId: string };
}

export function waitingList(channel: string, waiting: readonly Waiting[]): MessageContent {
  if (waiting.length === 0) {
    return {
      text: 'Nothing waits for review',
      blocks: [section(`✅ Nothing waits for review in <#${channel}>.`)],
    };
  }
  const lines = waiting
    .slice(0, WAITING_SHOWN)
    .map(
      (w) =>
        `• ${languageLabel(w.lang)} — ${escapeText(truncate(w.title, 80))}` +
        (w.earlier
          ? ` · ✅ render ${w.earlier.render} approved by <@${w.earlier.userId}>, render ${w.render} waits`
          : ''),
    );
  const more = waiting.length - WAITING_SHOWN;
  return {
    text:
      waiting.length === 1
        ? '1 dubbed language waits for review'
        : `${waiting.length} dubbed languages wait for review`,
    blocks: [
      section(`⏳ *Waiting for review in <#${channel}>*\n${lines.join('\n')}`),
      ...(more > 0 ? [context(`and ${more} more`)] : []),
      context('Approve them from their replies in each job’s thread.'),
    ],
  };
}

/** How Slack mentions a person (`<@U…>`) or a user group (`<!subteam^S…>`). */
export function mention(id: string): string {
  return isGroupId(id) ? `<!subteam^${id}>` : `<@${id}>`;
}

/** "<@A>", "<@A> or <@B>", "<@A>, <@B> or <!subteam^S1>": people and user groups. */
export function anyOf(userIds: readonly string[]): string {
  const mentions = userIds.map(mention);
  return mentions.length <= 1
    ? (mentions[0] ?? '')
    : `${mentions.slice(0, -1).join(', ')} or ${mentions.at(-1)}`;
}

/** The answer to someone who is not among a channel's approvers: who can, and that nothing was done. */
export function approversOnly(approvers: readonly string[], act: 'approve' | 'request changes'): string {
  return `⛔ Only ${anyOf(approvers)} can ${act} in this channel. Nothing was done.`;
}

/** The answer to an Approve on a dub a workflow step started, when the step names other approvers. */
export function stepApproversOnly(approvers: readonly string[]): string {
  return `⛔ The workflow that started this dub asks ${anyOf(approvers)} to approve it. Nothing was done.`;
}

/** The answer when a named user group's members could not be read: nobody can tell whether they may. */
export function unchecked(act: 'approve' | 'request changes'): string {
  return `⚠️ Slack did not say who is in this channel's approver group just now, so whether you can ${act} could not be checked. Nothing was done; try again in a moment.`;
}

/**
 * Approve while QA flags are open: asks once, naming them ("Spanish has 2 open QA flags: #4 …"), with
 * Approve anyway as the dialog's submit. `flags` null: QA could not be run just now, which it says instead.
 * `subject` is the language and the render the Approve was pressed for ("<target>:<render>").
 */
export function approveAnywayModal(input: {
  lang: string;
  render: number;
  flags: readonly QaFlag[] | null;
  subject: string;
}): types.ModalView {
  const name = escapeText(languageName(input.lang));
  const flags = input.flags;
  let found: string;
  if (flags === null) found = `The QA of ${name} could not be read from the dubbing service just now.`;
  else {
    const lines = flags
      .slice(0, FLAGS_SHOWN)
      .map((f) => `• #${f.number} (${escapeText(f.start)}): ${escapeText(f.reasons.join('; '))}`);
    const more = flags.length - FLAGS_SHOWN;
    found =
      `*${name} has ${flags.length === 1 ? '1 open QA flag' : `${flags.length} open QA flags`}:*\n` +
      lines.join('\n') +
      (more > 0 ? `\nand ${more} more` : '');
  }
  const ask = `Approve render ${input.render} of ${name} anyway? *Review flagged* on its reply opens them to fix.`;
  return {
    type: 'modal',
    callback_id: APPROVAL_ACTIONS.approveAnywayCallbackId,
    private_metadata: input.subject,
    title: modalTitle('Approve', input.lang),
    submit: plain('Approve anyway'),
    close: plain('Cancel'),
    blocks: [section(truncateMrkdwn(found, LIMITS.sectionText)), section(ask)],
  };
}
