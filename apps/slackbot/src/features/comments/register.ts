// Resolve comments… on a language's status message: a dialog lists its open comments on lines, and its
// submission (checked against the dialog's grant: the language is the app's record) closes those ticked.
import { type ButtonArgs, button, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { ephemeral } from '../../ui/blocks.ts';
import { COMMENT_ACTIONS, resolveModal } from './blocks.ts';
import type { CommentService } from './service.ts';

export interface CommentDeps {
  comments: CommentService;
  slack: Pick<Interactions, 'openModal' | 'whisper'>;
}

/** Resolve comments…, on a language's status message: the open comments, to tick. */
export const resolveComments = button({
  id: COMMENT_ACTIONS.open,
  rule: rules.targetMember,
  handler: (deps: CommentDeps) => openResolve(deps),
});

/** The dialog's submission: the comments ticked are closed. */
export const resolveDialog = view({
  callbackId: COMMENT_ACTIONS.callbackId,
  rule: rules.opener,
  handler: (deps: CommentDeps) => submitResolve(deps),
});

export const commentInteractions = [resolveComments, resolveDialog];

export function registerComments(r: Registry, deps: CommentDeps): void {
  r.register(commentInteractions, deps);
}

function openResolve(deps: CommentDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { target }: TargetSubject) => {
    await ack();
    const open = await deps.comments.openOf(target.id);
    if (open.length === 0) {
      await respond(ephemeral('Every comment on this language is resolved already.'));
      return;
    }
    await deps.slack.openModal(
      body.trigger_id,
      resolveModal({ lang: target.dstLang, subject: target.id, open }),
    );
  };
}

function submitResolve(deps: CommentDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    const picked = view.state.values[COMMENT_ACTIONS.block]?.[COMMENT_ACTIONS.action] as
      | { selected_options?: { value?: string }[] | null }
      | undefined;
    const ids = (picked?.selected_options ?? []).map((o) => o.value ?? '').filter(Boolean);
    if (ids.length === 0) {
      await ack({
        response_action: 'errors',
        errors: { [COMMENT_ACTIONS.block]: 'Tick at least one comment.' },
      });
      return;
    }
    await ack();
    const message = await deps.comments.close(grant.subject, ids, body.user.id);
    await deps.slack.whisper(
      { channel: grant.channel, user: body.user.id, ...(grant.threadTs ? { threadTs: grant.threadTs } : {}) },
      { text: message, blocks: [] },
    );
  };
}
