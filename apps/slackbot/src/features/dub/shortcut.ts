// The "Dub this video" message shortcut: opens the picker in a modal for the message's link or file. The
// job is recorded at once (keyed by the message, like a drop) and the modal carries only its id. The
// message's files are taken by id from Slack (files.info), and only those Slack says are in this channel.
// Acked once the job is recorded: a failure before that (the database away) is the gate's to answer, busy,
// before any ack (access/middleware.ts).
import type { ShortcutArgs } from '../../access/definitions.ts';
import type { ChannelSubject } from '../../access/rules.ts';
import type { SharedFile } from '../../domain/requests.ts';
import type { Interactions } from '../../slack/interactions.ts';
import { escapeProse } from '../../ui/blocks.ts';
import { jobModal } from './job-modal.ts';
import type { JobService } from './service.ts';
import { usageError } from './usage.ts';

export const DUB_SHORTCUT = 'dub_message';

export function dubMessageShortcut(deps: {
  jobs: JobService;
  slack: Pick<Interactions, 'openModal' | 'sharedFile'>;
}) {
  return async ({ ack, shortcut, respond }: ShortcutArgs, { channel }: ChannelSubject) => {
    const message = shortcut.message as {
      ts: string;
      thread_ts?: string;
      text?: string;
      files?: SharedFile[];
    };
    const files = await Promise.all(
      (message.files ?? []).map((file) => deps.slack.sharedFile(String(file.id ?? ''), { channel })),
    );
    const opened = await deps.jobs.openForModal({
      eventId: `shortcut:${shortcut.trigger_id}`,
      channel,
      ts: message.ts,
      ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
      user: shortcut.user.id,
      text: message.text ?? '',
      files: files.filter((file) => file !== undefined),
      addressed: true,
    });
    await ack();
    if (!opened.ok) {
      await respond(
        'usage' in opened
          ? { response_type: 'ephemeral', ...usageError(opened.usage) }
          : { response_type: 'ephemeral', text: escapeProse(opened.problem) },
      );
      return;
    }
    await deps.slack.openModal(
      shortcut.trigger_id,
      jobModal({ jobId: opened.value.id, title: opened.value.title }),
    );
  };
}
