// `/dub settings` in a channel opens the modal of its defaults; submitting it saves them (errors shown in
// the modal) and tells the person.
import type {
  AllMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { readQaSetting } from '../qa/settings-block.ts';
import { readSettings } from './blocks.ts';

export async function openSettings(
  deps: ListenerDeps,
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
): Promise<void> {
  const { command } = args;
  await deps.slack.openModal(command.trigger_id, await deps.settings.modal(command.channel_id));
}

export function submitSettings(deps: ListenerDeps) {
  return async ({ ack, view, body }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const values = view.state.values as Parameters<typeof readSettings>[0] &
      Parameters<typeof readQaSetting>[0];
    const qa = readQaSetting(values);
    const chosen = { ...readSettings(values), ...(qa ? { qa } : {}) };
    const channel = view.private_metadata;
    const saved = await deps.settings.save(channel, body.user.id, chosen);
    if (!saved.ok) {
      await ack({ response_action: 'errors', errors: { [saved.block]: saved.problem } });
      return;
    }
    await ack();
    await deps.slack.whisper({ channel, user: body.user.id }, { text: saved.message, blocks: [] });
  };
}
