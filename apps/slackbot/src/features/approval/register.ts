// Approve and Request changes on a dubbed language's reply: the person hears the outcome privately; the
// thread's status message carries the review state for everyone. Request changes asks why in a dialog, which
// acts on the render whose reply it was opened from.
import type { ButtonArgs, Registry, ViewArgs } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { APPROVAL_ACTIONS, changesModal } from '../../ui/approval.ts';
import { onNewestRender } from '../current-render.ts';
import type { ApprovalService } from './service.ts';

export interface ApprovalDeps {
  approvals: ApprovalService;
  slack: Pick<Interactions, 'openModal' | 'whisper'>;
}

export function registerApproval(r: Registry, deps: ApprovalDeps): void {
  r.button(APPROVAL_ACTIONS.approve, rules.targetMember, onNewestRender(approveLanguage(deps)));
  r.button(APPROVAL_ACTIONS.requestChanges, rules.targetMember, onNewestRender(openChanges(deps)));
  r.view(APPROVAL_ACTIONS.changesCallbackId, rules.opener, submitChanges(deps));
}

function approveLanguage(deps: Pick<ApprovalDeps, 'approvals'>) {
  return async ({ ack, body, respond }: ButtonArgs, { target, render }: TargetSubject) => {
    await ack();
    const outcome = await deps.approvals.approve(target.id, body.user.id, render ?? target.attempt);
    const text = outcome.ok ? outcome.message : outcome.problem;
    await respond({ response_type: 'ephemeral', replace_original: false, text });
  };
}

/** The dialog's subject: the language and the render it was opened from ("<target>:<render>"). */
const changesSubject = (targetId: string, render: number) => `${targetId}:${render}`;

function openChanges(deps: ApprovalDeps) {
  return async ({ ack, body }: ButtonArgs, { target, render }: TargetSubject) => {
    await ack();
    const subject = changesSubject(target.id, render ?? target.attempt);
    await deps.slack.openModal(body.trigger_id, changesModal({ lang: target.dstLang, subject }));
  };
}

function submitChanges(deps: ApprovalDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const reason =
      view.state.values[APPROVAL_ACTIONS.reasonBlock]?.[APPROVAL_ACTIONS.reasonAction]?.value?.trim() ?? '';
    if (!reason) {
      await ack({
        response_action: 'errors',
        errors: { [APPROVAL_ACTIONS.reasonBlock]: 'Say what should change, in a few words.' },
      });
      return;
    }
    await ack();
    const colon = grant.subject.lastIndexOf(':');
    const outcome = await deps.approvals.requestChanges(
      grant.subject.slice(0, colon),
      body.user.id,
      Number(grant.subject.slice(colon + 1)),
      reason,
    );
    await deps.slack.whisper(
      { channel: grant.channel, user: body.user.id, ...(grant.threadTs ? { threadTs: grant.threadTs } : {}) },
      { text: outcome.ok ? outcome.message : outcome.problem, blocks: [] },
    );
  };
}
