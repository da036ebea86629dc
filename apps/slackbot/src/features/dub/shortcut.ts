// The "Dub this video" message shortcut: opens the picker in a modal for the message's link or file. The
// job is recorded at once (keyed by the message, like a drop) and the modal carries only its id.
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SharedFile } from '../../domain/requests.ts';
import { titleFor } from '../../domain/requests.ts';
import { jobModal } from '../../ui/job-modal.ts';
import { usageError } from '../../ui/usage.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';
import { readDrop } from './drop.ts';

export const DUB_SHORTCUT = 'dub_message';

export function dubMessageShortcut(deps: ListenerDeps) {
  return async ({
    ack,
    shortcut,
    client,
    respond,
  }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs) => {
    await ack();
    const message = shortcut.message as {
      ts: string;
      thread_ts?: string;
      text?: string;
      files?: SharedFile[];
    };
    const outcome = readDrop(
      {
        eventId: `shortcut:${shortcut.trigger_id}`,
        channel: shortcut.channel.id,
        ts: message.ts,
        user: shortcut.user.id,
        text: message.text ?? '',
        files: message.files ?? [],
        addressed: true,
      },
      deps.maxFileBytes,
    );
    if (outcome.kind !== 'job') {
      const problem = outcome.kind === 'problem' ? outcome.problem : 'That message has no video.';
      await respond({ response_type: 'ephemeral', ...usageError(problem) });
      return;
    }
    const opened = deps.jobs.open({
      triggerKey: `msg:${shortcut.channel.id}:${message.ts}`,
      channel: shortcut.channel.id,
      threadTs: message.thread_ts ?? message.ts,
      userId: shortcut.user.id,
      source: outcome.source,
      title: titleFor(outcome.source),
      postCard: false,
    });
    const job = await deps.store.getJob(opened.jobId);
    if (!job || job.state !== 'picking') {
      await respond({
        response_type: 'ephemeral',
        text: 'That video is already being dubbed: see its thread.',
      });
      return;
    }
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: jobModal({ jobId: job.id, title: job.title }),
    });
  };
}
