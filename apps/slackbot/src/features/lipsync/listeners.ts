// Lip-sync on a dubbed language: the button opens the dialog (a notice first, since the trigger expires in
// 3 s, then the choices read from the service: the full video's price, the free preview while free minutes are
// left); submitting it asks for the kind chosen, which the lip-sync loop carries out and reports in the thread.
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { LIPSYNC_UI, lipsyncModal, lipsyncNotice } from './blocks.ts';

type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export function openLipsync(deps: ListenerDeps) {
  return async ({ ack, action, body, respond }: ButtonArgs) => {
    await ack();
    const check = await deps.review.dubbed(action.value ?? '');
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

export function submitLipsync(deps: ListenerDeps) {
  return async ({ ack, view, body }: ViewArgs) => {
    await ack();
    const picked = (block: string, action: string) =>
      view.state.values[block]?.[action]?.selected_option?.value;
    const refused = await deps.lipsync.request(view.private_metadata, body.user.id, {
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
