// Approve and Request changes on a dubbed language's reply: the person hears the outcome privately; the
// thread's status message carries the review state for everyone. In a channel that names approvers, anyone
// else is told who can, and nothing changes. Request changes asks why in a dialog, which acts on the render
// whose reply it was opened from. Approve while QA flags are open asks once, naming them, in a dialog whose
// Approve anyway acts on the same render.
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { type ButtonArgs, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { QaFlag } from '../../domain/localization-qa.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { ephemeral, modalTitle, noticeModal } from '../../ui/blocks.ts';
import { replyButton } from '../current-render.ts';
import type { LocalizationQa } from '../qa/service.ts';
import { APPROVAL_ACTIONS, approveAnywayModal, changesModal } from './blocks.ts';
import type { ApprovalService } from './service.ts';

export interface ApprovalDeps {
  approvals: ApprovalService;
  qa: Pick<LocalizationQa, 'run'>;
  slack: Pick<Interactions, 'openModal' | 'updateModal' | 'whisper'>;
  logger: Logger;
  /** How long Approve waits for QA before it opens a dialog to wait in (QA_WAIT_MS; tests shorten it). */
  qaWaitMs?: number;
}

/**
 * How long Approve waits for QA before it opens a dialog to wait in: Slack takes a dialog only within 3 s of
 * the click, and QA reads the translation from the service.
 */
const QA_WAIT_MS = 1_500;

/** Approve, on a dubbed language's reply: approves the render the reply shows (asking first if QA flags are open). */
export const approve = replyButton(APPROVAL_ACTIONS.approve, approveLanguage);

/** Request changes, on a dubbed language's reply: asks why in a dialog. */
export const requestChanges = replyButton(APPROVAL_ACTIONS.requestChanges, openChanges);

/** The Request changes dialog's submission. */
export const changesDialog = view({
  callbackId: APPROVAL_ACTIONS.changesCallbackId,
  rule: rules.opener,
  handler: submitChanges,
});

/** Approve anyway, in the dialog that named the open QA flags. */
export const approveAnywayDialog = view({
  callbackId: APPROVAL_ACTIONS.approveAnywayCallbackId,
  rule: rules.opener,
  handler: approveAnyway,
});

export const approvalInteractions = [approve, requestChanges, changesDialog, approveAnywayDialog];

export function registerApproval(r: Registry, deps: ApprovalDeps): void {
  r.register(approvalInteractions, deps);
}

/** The dialog's subject: the language and the render it was opened from ("<target>:<render>"). */
const renderSubject = (targetId: string, render: number) => `${targetId}:${render}`;

function parseRenderSubject(subject: string): { targetId: string; render: number } {
  const colon = subject.lastIndexOf(':');
  return { targetId: subject.slice(0, colon), render: Number(subject.slice(colon + 1)) };
}

/** The open QA flags of the language's translation now; none when QA is off; null when QA could not run. */
function openFlags(deps: Pick<ApprovalDeps, 'qa' | 'logger'>, targetId: string): Promise<QaFlag[] | null> {
  return deps.qa.run(targetId).then(
    (run) => run?.result.flagged ?? [],
    (error: unknown) => {
      deps.logger.warn({ err: error, target: targetId }, 'QA before an approval failed');
      return null;
    },
  );
}

/** The outcome of a dialog's submission, to its submitter only, in the thread it was opened from. */
function tell(deps: Pick<ApprovalDeps, 'slack'>, grant: ModalGrant, user: string, text: string) {
  return deps.slack.whisper(
    { channel: grant.channel, user, ...(grant.threadTs ? { threadTs: grant.threadTs } : {}) },
    { text, blocks: [] },
  );
}

/** Approve's handler, on a reply or (through Home's own button) from App Home. */
export function approveLanguage(deps: ApprovalDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { target, render }: TargetSubject) => {
    await ack();
    const shown = render ?? target.attempt;
    const user = body.user.id;
    const checked = await deps.approvals.approvable(target.id, user, shown);
    if (!checked.ok) {
      await respond(ephemeral(checked.problem));
      return;
    }
    const approveNow = async () => {
      const outcome = await deps.approvals.approve(target.id, user, shown);
      return outcome.ok ? outcome.message : outcome.problem;
    };
    const confirm = (flags: QaFlag[] | null) =>
      approveAnywayModal({
        lang: target.dstLang,
        render: shown,
        flags,
        subject: renderSubject(target.id, shown),
      });
    const flags = openFlags(deps, target.id);
    const early = await Promise.race([flags, delay(deps.qaWaitMs ?? QA_WAIT_MS, 'late' as const)]);
    if (early !== 'late') {
      if (early?.length === 0) await respond(ephemeral(await approveNow()));
      else await deps.slack.openModal(body.trigger_id, confirm(early));
      return;
    }
    // QA is slow: a dialog opened now (while Slack still takes one) waits for it, then asks or says approved.
    const title = modalTitle('Approve', target.dstLang);
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      noticeModal(title, '⏳ Checking the QA flags…'),
    );
    if (!viewId) return;
    const found = await flags;
    if (found?.length === 0) await deps.slack.updateModal(viewId, noticeModal(title, await approveNow()));
    else await deps.slack.updateModal(viewId, confirm(found));
  };
}

/** Approve anyway, in the dialog that named the open QA flags: approves the render it was asked about. */
function approveAnyway(deps: ApprovalDeps) {
  return async ({ ack, body }: ViewArgs, grant: ModalGrant) => {
    await ack();
    const { targetId, render } = parseRenderSubject(grant.subject);
    const outcome = await deps.approvals.approve(targetId, body.user.id, render);
    await tell(deps, grant, body.user.id, outcome.ok ? outcome.message : outcome.problem);
  };
}

function openChanges(deps: ApprovalDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { job, target, render }: TargetSubject) => {
    await ack();
    // Told before they write a reason the dialog would refuse.
    const refusal = await deps.approvals.reviewerRefusal(job.channel, body.user.id, 'request changes');
    if (refusal) {
      await respond(ephemeral(refusal));
      return;
    }
    const subject = renderSubject(target.id, render ?? target.attempt);
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
    const { targetId, render } = parseRenderSubject(grant.subject);
    const outcome = await deps.approvals.requestChanges(targetId, body.user.id, render, reason);
    await tell(deps, grant, body.user.id, outcome.ok ? outcome.message : outcome.problem);
  };
}
