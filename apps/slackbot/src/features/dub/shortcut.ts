// The "Dub this video" message shortcut: opens the picker in a modal for the message's link or file. The
// job is recorded at once (keyed by the message, like a drop) and the modal carries only its id.
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SharedFile } from '../../domain/requests.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { escapeText } from '../../ui/blocks.ts';
import { jobModal } from '../../ui/job-modal.ts';
import { usageError } from '../../ui/usage.ts';
import { orBusy } from './busy.ts';
import { BUSY } from './command.ts';

export const DUB_SHORTCUT = 'dub_message';

export function dubMessageShortcut(deps: ListenerDeps) {
  return async ({
    ack,
    shortcut,
    respond,
  }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs) => {
    await ack();
    const message = shortcut.message as {
      ts: string;
      thread_ts?: string;
      text?: string;
      files?: SharedFile[];
    };
    let opened: Awaited<ReturnType<typeof deps.jobs.openForModal>> | undefined;
    await orBusy(
      deps,
      'a Dub this video shortcut',
      async () => {
        opened = await deps.jobs.openForModal({
          eventId: `shortcut:${shortcut.trigger_id}`,
          channel: shortcut.channel.id,
          ts: message.ts,
          ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
          user: shortcut.user.id,
          text: message.text ?? '',
          files: message.files ?? [],
          addressed: true,
        });
      },
      (text) => respond({ response_type: 'ephemeral', text }),
      BUSY,
    );
    if (!opened) return;
    if (!opened.ok) {
      await respond(
        'usage' in opened
          ? { response_type: 'ephemeral', ...usageError(opened.usage) }
          : { response_type: 'ephemeral', text: escapeText(opened.problem) },
      );
      return;
    }
    await deps.slack.openModal(
      shortcut.trigger_id,
      jobModal({ jobId: opened.value.id, title: opened.value.title }),
    );
  };
}
