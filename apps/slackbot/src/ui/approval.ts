// Approval of a dubbed language in the thread: the Approve button's id, and the status message as it reads once
// approved ("✅ Approved by @ana · <date>"). Pure.
import type { Approval } from '../store/store.ts';
import { context, type MessageContent } from './blocks.ts';

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
