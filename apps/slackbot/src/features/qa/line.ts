// The QA line of a dubbed language's reply: what localization QA found, with Review flagged, or that it found
// nothing. Pure.
import { type QaResult, qaSummary } from '../../domain/localization-qa.ts';
import { type Block, button, context, type MessageContent } from '../../ui/blocks.ts';

export const QA_ACTIONS = { reviewFlagged: 'qa_review_flagged' } as const;
/** The QA line's block, so a reply's QA can be found (and replaced) in its blocks. */
export const QA_BLOCK_ID = 'dk_qa';

export function qaLine(result: QaResult, targetId: string): Block {
  const summary = qaSummary(result);
  if (summary === null) return { ...context('🔎 No problems found'), block_id: QA_BLOCK_ID } as Block;
  return {
    type: 'section',
    block_id: QA_BLOCK_ID,
    text: { type: 'mrkdwn', text: `🔎 ${summary}` },
    accessory: button('Review flagged', QA_ACTIONS.reviewFlagged, targetId),
  };
}

/**
 * The reply with its QA line in place: after the links and their context, before the reply's buttons, so it
 * reads with the result it is about. A line already there (an earlier try of the same write) is replaced.
 */
export function withQaLine(content: MessageContent, line: Block): MessageContent {
  const blocks = content.blocks.filter((block) => block.block_id !== QA_BLOCK_ID);
  const actions = blocks.findIndex((block) => block.type === 'actions');
  blocks.splice(actions === -1 ? blocks.length : actions, 0, line);
  const summary = line.type === 'section' ? line.text?.text : '🔎 No problems found';
  return { text: `${content.text}. ${summary ?? ''}`.trim(), blocks };
}
