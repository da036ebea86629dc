// Approval of a dubbed language in the thread: the Approve button's id, and the status message as it reads once
// approved ("✅ Approved by @ana · <date>"). Pure.

import type { Approval } from '../domain/approvals.ts';
import { languageLabel } from '../domain/languages.ts';
import { context, escapeText, LIMITS, type MessageContent, section, truncate } from './blocks.ts';

export const APPROVAL_ACTIONS = { approve: 'approve_language' } as const;
const APPROVAL_BLOCK_ID = 'dk_approval';

/** When, in the reader's own time zone (Slack's date formatting), with a plain fallback. */
function when(at: number): string {
  const seconds = Math.floor(at / 1000);
  return `<!date^${seconds}^{date_short_pretty} at {time}|${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC>`;
}

/** A language's status message with who approved it and when, below what it said. */
export function approvedStatus(status: MessageContent, approval: Approval): MessageContent {
  const blocks = status.blocks.filter((block) => block.block_id !== APPROVAL_BLOCK_ID);
  blocks.push({
    ...context(`✅ Approved by <@${approval.userId}> · ${when(approval.at)}`),
    block_id: APPROVAL_BLOCK_ID,
  });
  return { text: `${status.text}, approved by <@${approval.userId}>`, blocks };
}

/** App Home's word for a dubbed language's review: approved by whom, or waiting. */
export function reviewState(approval: Approval | undefined): string {
  return approval ? `approved by <@${approval.userId}>` : '⏳ waiting for review';
}

/** Lines of `/dub list waiting`; more are counted, not listed. */
const WAITING_SHOWN = 30;

/** `/dub list waiting`: "⏳ Waiting for review in #channel" and one line per dubbed language, newest job first. */
export function waitingList(
  channel: string,
  waiting: readonly { title: string; lang: string }[],
): MessageContent {
  if (waiting.length === 0) {
    return {
      text: 'Nothing waits for review',
      blocks: [section(`✅ Nothing waits for review in <#${channel}>.`)],
    };
  }
  const lines = waiting
    .slice(0, WAITING_SHOWN)
    .map((w) => `• ${languageLabel(w.lang)} — ${escapeText(truncate(w.title, 80))}`);
  const more = waiting.length - WAITING_SHOWN;
  return {
    text:
      waiting.length === 1
        ? '1 dubbed language waits for review'
        : `${waiting.length} dubbed languages wait for review`,
    blocks: [
      section(truncate(`⏳ *Waiting for review in <#${channel}>*\n${lines.join('\n')}`, LIMITS.sectionText)),
      ...(more > 0 ? [context(`and ${more} more`)] : []),
      context('Approve them from their replies in each job’s thread.'),
    ],
  };
}
