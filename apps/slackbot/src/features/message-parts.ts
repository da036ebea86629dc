// The features' parts of the thread's shared messages (thread/parts.ts), in the order a person reads them.
// A feature's own part is written in its folder; this list only names which features have one.
import type { MessageParts } from '../thread/parts.ts';
import { approvalReplyButtons, reviewersTold, reviewState } from './approval/thread-parts.ts';
import { assignment } from './assign/thread-parts.ts';
import { commentsLine } from './comments/thread-parts.ts';
import { jobCard } from './dub/card-blocks.ts';
import { retryButtons, supportMenu } from './dub/thread-parts.ts';
import { lipsyncReplyButtons } from './lipsync/thread-parts.ts';
import { otherFormatsReplyButtons } from './other-formats/thread-parts.ts';
import { reviewReplyButtons } from './review/thread-parts.ts';

export const messageParts: MessageParts = {
  card: jobCard,
  status: [supportMenu, reviewState, commentsLine, assignment],
  dubbedReply: [reviewReplyButtons, lipsyncReplyButtons, approvalReplyButtons, otherFormatsReplyButtons],
  failedReply: [retryButtons],
  rendered: [reviewersTold],
};
