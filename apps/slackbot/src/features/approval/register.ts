// Approve on a dubbed language's reply: the person hears the outcome privately; the thread's status message
// carries the approval for everyone.
import type { ButtonArgs, Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import { APPROVAL_ACTIONS } from '../../ui/approval.ts';
import { onNewestRender } from '../current-render.ts';
import type { ApprovalService } from './service.ts';

export function registerApproval(r: Registry, deps: { approvals: ApprovalService }): void {
  r.button(APPROVAL_ACTIONS.approve, rules.targetMember, onNewestRender(approveLanguage(deps)));
}

function approveLanguage(deps: { approvals: ApprovalService }) {
  return async ({ ack, body, respond }: ButtonArgs, { target, render }: TargetSubject) => {
    await ack();
    const outcome = await deps.approvals.approve(target.id, body.user.id, render ?? target.attempt);
    const text = outcome.ok ? outcome.message : outcome.problem;
    await respond({ response_type: 'ephemeral', replace_original: false, text });
  };
}
