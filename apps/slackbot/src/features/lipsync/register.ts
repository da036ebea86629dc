// Lip-sync on a dubbed language: the button opens the dialog (a notice first, since the trigger expires in
// 3 s, then the choices read from the service: the full video's price, the free preview while free minutes are
// left); submitting it asks for the kind chosen, which the lip-sync loop carries out and reports in the thread.
import type { Logger } from 'pino';
import { type ButtonArgs, select, type ViewArgs, view } from '../../access/definitions.ts';
import type { Registry } from '../../access/registry.ts';
import { rules, type TargetSubject } from '../../access/rules.ts';
import type { Interactions } from '../../slack/interactions.ts';
import type { ModalGrant } from '../../store/store.ts';
import { replyButton } from '../current-render.ts';
import type { ReviewService } from '../review/service.ts';
import { LIPSYNC_UI, lipsyncModal, lipsyncNotice } from './blocks.ts';
import type { LipsyncService } from './service.ts';

export interface LipsyncDeps {
  lipsync: LipsyncService;
  review: Pick<ReviewService, 'dubbed'>;
  slack: Pick<Interactions, 'openModal' | 'updateModal' | 'whisper'>;
  logger: Logger;
}

/** Lip-sync, on a dubbed language's reply: asks which lip-sync in a dialog. */
export const lipsync = replyButton(LIPSYNC_UI.open, openLipsync);

/** The lip-sync dialog's submission. */
export const lipsyncDialog = view({
  callbackId: LIPSYNC_UI.callbackId,
  rule: rules.opener,
  handler: submitLipsync,
});

export const lipsyncInteractions = [
  lipsync,
  select(LIPSYNC_UI.facesAction),
  select(LIPSYNC_UI.kindAction),
  lipsyncDialog,
];

export function registerLipsync(r: Registry, deps: LipsyncDeps): void {
  r.register(lipsyncInteractions, deps);
}

function openLipsync(deps: LipsyncDeps) {
  return async ({ ack, body, respond }: ButtonArgs, { target: subject }: TargetSubject) => {
    await ack();
    const check = await deps.review.dubbed(subject.id);
    if (!check.ok) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: check.problem });
      return;
    }
    const { target } = check.value;
    const viewId = await deps.slack.openModal(
      body.trigger_id,
      lipsyncNotice(target.dstLang, '⏳ Reading the video’s length and the account’s minutes…'),
    );
    if (!viewId) return;
    let view: ReturnType<typeof lipsyncModal>;
    try {
      const choices = await deps.lipsync.choices(target.projectId);
      view = lipsyncModal({ targetId: target.id, lang: target.dstLang, ...choices });
    } catch (error) {
      deps.logger.warn({ err: error, target: target.id }, 'reading the lip-sync choices failed');
      view = lipsyncNotice(
        target.dstLang,
        '⚠️ The service could not be reached to read the account’s minutes. Try again in a minute.',
      );
    }
    await deps.slack.updateModal(viewId, view);
  };
}

function submitLipsync(deps: LipsyncDeps) {
  return async ({ ack, view, body }: ViewArgs, grant: ModalGrant) => {
    await ack();
    const picked = (block: string, action: string) =>
      view.state.values[block]?.[action]?.selected_option?.value;
    const refused = await deps.lipsync.request(grant.subject, body.user.id, {
      multipleFaces: picked(LIPSYNC_UI.facesBlock, LIPSYNC_UI.facesAction) === LIPSYNC_UI.several,
      // Only a preview picked by name is one: anything else is the full lip-sync, the default.
      preview: picked(LIPSYNC_UI.kindBlock, LIPSYNC_UI.kindAction) === LIPSYNC_UI.preview,
    });
    if (refused?.channel) {
      await deps.slack.whisper(
        { channel: refused.channel, user: body.user.id },
        { text: refused.problem, blocks: [] },
      );
    }
  };
}
