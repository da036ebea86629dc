// Assign… on a language's status message opens the dialog that asks who should review it; its submission
// (checked against the dialog's grant: the language is the app's record, never the payload's) assigns it.
// Review in the assignee's direct message opens the same review the thread's Review translation opens, for
// the language's newest render.
import { type ButtonArgs, button, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { openReview, type ReviewDeps } from '../review/listeners.ts';
import { ASSIGN_ACTIONS, assignModal } from './blocks.ts';
import type { AssignService } from './service.ts';

export interface AssignDeps extends ReviewDeps {
  assign: AssignService;
  slack: Pick<Interactions, 'openModal' | 'updateModal' | 'whisper'>;
}

/** Assign…, on a language's status message: asks who should review it. */
export const assign = button({ id: ASSIGN_ACTIONS.open, rule: rules.targetMember, handler: openAssign });

/** The Assign dialog's submission. */
export const assignDialog = view({
  callbackId: ASSIGN_ACTIONS.callbackId,
  rule: rules.opener,
  handler: submitAssign,
});

/** Review, in the assignee's direct message: the review of the language's newest render. */
export const assignedReview = button({
  id: ASSIGN_ACTIONS.review,
  rule: rules.assignedMember,
  handler: (deps: AssignDeps) => openReview(deps),
});

export const assignInteractions = [assign, assignDialog, assignedReview];

export function registerAssign(r: Registry, deps: AssignDeps): void {
  r.register(assignInteractions, deps);
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
