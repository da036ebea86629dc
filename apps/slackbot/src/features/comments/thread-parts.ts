// What comments put on a language's status message: its comments on lines, each by its number, open or
// resolved by the render that changed the line ("💬 Comments: #12 open · #14 resolved in render 4").
import type { StatusPart } from '../../thread/status.ts';
import { context } from '../../ui/blocks.ts';

/** Comments listed; more are counted. */
const LISTED = 15;
const COMMENTS_BLOCK_ID = 'dk_comments';

export const commentsLine: StatusPart = (content, { comments }) => {
  if (!comments || comments.length === 0) return content;
  const open = comments.filter((c) => c.resolvedIn === null).length;
  const listed = comments
    .slice(-LISTED)
    .map((c) =>
      c.resolvedIn === null ? `#${c.number} open` : `#${c.number} resolved in render ${c.resolvedIn}`,
    );
  const more = comments.length - listed.length;
  const line = `💬 ${comments.length === 1 ? '1 comment' : `${comments.length} comments`} (${open} open): ${listed.join(' · ')}${more > 0 ? ` · and ${more} earlier` : ''}`;
  return {
    text: content.text,
    blocks: [
      ...content.blocks.filter((b) => b.block_id !== COMMENTS_BLOCK_ID),
      { ...context(line), block_id: COMMENTS_BLOCK_ID },
    ],
  };
};
