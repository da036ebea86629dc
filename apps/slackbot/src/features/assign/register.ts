// Assign… on a language's status message opens the dialog that asks who should review it; its submission
// (checked against the dialog's grant: the language is the app's record, never the payload's) assigns it.
// Review in the assignee's direct message opens the same review the thread's Review translation opens, for
// the language's newest render.
import type { ButtonArgs, Registry, ViewArgs } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { ASSIGN_ACTIONS, assignModal } from '../../ui/assign.ts';
import { openReview, type ReviewDeps } from '../review/listeners.ts';
import type { AssignService } from './service.ts';

export interface AssignDeps extends ReviewDeps {
  assign: AssignService;
  slack: Pick<Interactions, 'openModal' | 'updateModal' | 'whisper'>;
}

export function registerAssign(r: Registry, deps: AssignDeps): void {
  r.button(ASSIGN_ACTIONS.open, rules.targetMember, openAssign(deps));
  r.view(ASSIGN_ACTIONS.callbackId, rules.opener, submitAssign(deps));
  r.button(ASSIGN_ACTIONS.review, rules.assignedMember, openReview(deps));
}

function openAssign(deps: AssignDeps) {
  return async ({ ack, body }: ButtonArgs, { target }: TargetSubject) => {
    await ack();
    const current = await deps.assign.assigneeOf(target.id);
    await deps.slack.openModal(
      body.trigger_id,
      assignModal({ lang: target.dstLang, subject: target.id, ...(current ? { current } : {}) }),
    );
  };
}

function submitAssign(deps: AssignDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const picked = view.state.values[ASSIGN_ACTIONS.userBlock]?.[ASSIGN_ACTIONS.userAction];
    const assignee = (picked as { selected_user?: string | null } | undefined)?.selected_user ?? '';
    const problem = assignee
      ? await deps.assign.refusal(grant.channel, assignee)
      : 'Pick who should review it.';
    if (problem) {
      await ack({ response_action: 'errors', errors: { [ASSIGN_ACTIONS.userBlock]: problem } });
      return;
    }
    await ack();
    const outcome = await deps.assign.assign({
      id: grant.viewId,
      targetId: grant.subject,
      assignee,
      by: body.user.id,
    });
    await deps.slack.whisper(
      { channel: grant.channel, user: body.user.id, ...(grant.threadTs ? { threadTs: grant.threadTs } : {}) },
      { text: outcome.ok ? outcome.message : outcome.problem, blocks: [] },
    );
  };
}
