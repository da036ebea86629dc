// What approval puts on the thread's shared messages: the review state under a language's status message
// (approved, changes requested, or waiting once dubbed), and Request changes and Approve under a dubbed reply.
import type { types } from '@slack/bolt';
import type { StatusPart } from '../../thread/status.ts';
import { reviewedStatus } from './blocks.ts';
import { approve, requestChanges } from './register.ts';

/** The review state, kept through a lip-sync; a new render waits again. */
export const reviewState: StatusPart = (content, { target, info, lipsync, approval, changeRequest }) => {
  const dubbed = !lipsync && info?.terminal === true && !info.failed;
  if (!dubbed && !approval && !changeRequest) return content;
  return reviewedStatus(content, { approval, changeRequest, render: target.attempt });
};

export const approvalReplyButtons = (targetId: string): types.Button[] => [
  requestChanges.element('Request changes', targetId),
  approve.element('Approve', targetId),
];
