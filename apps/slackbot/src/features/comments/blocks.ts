// Comments' words and ids: the line on a language's status message with Resolve comments…, and the dialog that
// closes some by hand (the open ones, ticked to close). Pure builders; buttons carry only the language's id.
import type { types } from '@slack/bolt';
import type { SegmentComment } from '../../domain/comments.ts';
import type { RenderNumbers } from '../../domain/renders.ts';
import { type Block, context, LIMITS, modalTitle, plain, section, truncate } from '../../ui/blocks.ts';

export const COMMENT_ACTIONS = {
  /** Resolve comments… on the status message: opens the dialog. */
  open: 'comments_resolve_open',
  callbackId: 'comments_resolve',
  block: 'comments_picked',
  action: 'comments_picked',
} as const;

/** Comments listed on the status message, and offered in the dialog (Slack's checkboxes hold 10). */
const LISTED = 15;
const OFFERED = 10;
const COMMENTS_BLOCK_ID = 'dk_comments';

/** "#12 open", "#12 resolved in render 4" (the render as people number it), "#12 resolved by @ana". */
function stateOf(c: SegmentComment, renders: RenderNumbers): string {
  if (c.resolvedIn === null) return `#${c.number} open`;
  return c.resolvedBy
    ? `#${c.number} resolved by <@${c.resolvedBy}>`
    : `#${c.number} resolved in render ${renders(c.resolvedIn)}`;
}

/** The status message's comments line, and its button (drawn by its definition) while any is open. */
export function commentsBlocks(
  comments: readonly SegmentComment[],
  resolve: types.Button | undefined,
  renders: RenderNumbers,
): Block[] {
  if (comments.length === 0) return [];
  const open = comments.filter((c) => c.resolvedIn === null).length;
  const listed = comments.slice(-LISTED).map((c) => stateOf(c, renders));
  const more = comments.length - listed.length;
  const line = `💬 ${comments.length === 1 ? '1 comment' : `${comments.length} comments`} (${open} open): ${listed.join(' · ')}${more > 0 ? ` · and ${more} earlier` : ''}`;
  return [
    { ...context(line), block_id: COMMENTS_BLOCK_ID },
    ...(resolve && open > 0
      ? [{ type: 'actions' as const, block_id: `${COMMENTS_BLOCK_ID}:${resolve.value}`, elements: [resolve] }]
      : []),
  ];
}

/** The blocks a status message had from comments, so a redraw replaces them. */
export const isCommentsBlock = (block: Block): boolean =>
  block.block_id === COMMENTS_BLOCK_ID || (block.block_id ?? '').startsWith(`${COMMENTS_BLOCK_ID}:`);

/** "Which comments are resolved?": the open ones, oldest first, each with its line's number and what it says. */
export function resolveModal(input: {
  lang: string;
  subject: string;
  open: readonly SegmentComment[];
}): types.ModalView {
  const offered = input.open.slice(0, OFFERED);
  const more = input.open.length - offered.length;
  return {
    type: 'modal',
    callback_id: COMMENT_ACTIONS.callbackId,
    private_metadata: input.subject,
    title: modalTitle('Comments', input.lang),
    submit: plain('Resolve'),
    close: plain('Cancel'),
    blocks: [
      section('Tick the comments that are dealt with: the status message shows them resolved, by you.'),
      {
        type: 'input',
        block_id: COMMENT_ACTIONS.block,
        label: plain('Open comments'),
        element: {
          type: 'checkboxes',
          action_id: COMMENT_ACTIONS.action,
          options: offered.map((c) => ({
            text: plain(truncate(`#${c.number}: ${c.text}`, 75)),
            value: c.id,
          })),
        },
      },
      ...(more > 0 ? [context(`and ${more} more, offered once these are resolved`)] : []),
    ].slice(0, LIMITS.modalBlocks),
  };
}
