// What approval puts on the thread's shared messages: the review state under a language's status message
// (approved, changes requested, or waiting once dubbed; an earlier render's approval beside the newer one), and Request changes and Approve under a dubbed reply.
import type { types } from '@slack/bolt';
import type { RenderedNote } from '../../thread/parts.ts';
import type { StatusPart } from '../../thread/status.ts';
import { newerRenderReady, reviewedStatus } from './blocks.ts';
import { approve, requestChanges } from './register.ts';

/** The review state, kept through a lip-sync; a new render waits again. */
export const reviewState: StatusPart = (
  content,
  { target, info, lipsync, approval, changeRequest, earlierApproval, renders },
) => {
  const dubbed = !lipsync && info?.terminal === true && !info.failed;
  if (!dubbed && !approval && !changeRequest && !earlierApproval) return content;
  return reviewedStatus(content, {
    approval,
    changeRequest,
    earlier: earlierApproval,
    render: renders(target.attempt),
    renders,
    dubbed,
  });
};

export const approvalReplyButtons = (targetId: string): types.Button[] => [
  requestChanges.element('Request changes', targetId),
  approve.element('Approve', targetId),
];

/**
 * A newer render delivered: whoever asked changes of an earlier one is mentioned (the fix is there to check),
 * and whoever approved an earlier one is told it waits for review again.
 */
export const reviewersTold: RenderedNote = ({ target, approval, changeRequest, renders }) => {
  const asked = changeRequest && changeRequest.attempt < target.attempt ? changeRequest : undefined;
  const approved = approval && approval.attempt < target.attempt ? approval : undefined;
  if (!asked && !approved) return undefined;
  return newerRenderReady({
    lang: target.dstLang,
    render: renders(target.attempt),
    renders,
    asked,
    approved,
  });
};
