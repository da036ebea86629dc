// What comments put on a language's status message: its comments on lines, each by its number, open or
// resolved ("💬 2 comments (1 open): #12 open · #14 resolved in render 4"), and Resolve comments… while any is open.
import type { StatusPart } from '../../thread/status.ts';
import { commentsBlocks, isCommentsBlock } from './blocks.ts';
import { resolveComments } from './register.ts';

export const commentsLine: StatusPart = (content, { target, comments, renders }) => {
  if (!comments || comments.length === 0) return content;
  const blocks = commentsBlocks(comments, resolveComments.element('Resolve comments…', target.id), renders);
  return { text: content.text, blocks: [...content.blocks.filter((b) => !isCommentsBlock(b)), ...blocks] };
};
