// Lip-sync on a dubbed language: the button opens the small faces dialog; submitting it asks for the
// lip-sync, which the lip-sync loop carries out and reports in the thread.
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { LIPSYNC_UI, lipsyncModal } from './blocks.ts';

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
    await deps.slack.openModal(
      body.trigger_id,
      lipsyncModal({ targetId: check.value.target.id, lang: check.value.target.dstLang }),
    );
  };
}

export function submitLipsync(deps: ListenerDeps) {
  return async ({ ack, view, body }: ViewArgs) => {
    await ack();
    const choice = view.state.values[LIPSYNC_UI.facesBlock]?.[LIPSYNC_UI.facesAction]?.selected_option?.value;
    const refused = await deps.lipsync.request(
      view.private_metadata,
      body.user.id,
      choice === LIPSYNC_UI.several,
    );
    if (refused?.channel) {
      await deps.slack.whisper(
        { channel: refused.channel, user: body.user.id },
        { text: refused.problem, blocks: [] },
      );
    }
  };
}
