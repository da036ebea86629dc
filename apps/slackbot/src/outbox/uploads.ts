// The outbox's file writes: files uploaded into a thread (or a channel) in one message, and the names of the
// files already there, to tell after a lost answer or a crash whether an upload went through.
import type { WebClient } from '@slack/web-api';

export interface ThreadFile {
  filename: string;
  content: string;
}

/** Uploads files into a thread in one message (files.getUploadURLExternal + completeUploadExternal). */
export async function uploadToThread(
  client: WebClient,
  target: { channel: string; threadTs: string | null },
  files: ThreadFile[],
  comment?: string,
): Promise<void> {
  await client.filesUploadV2({
    channel_id: target.channel,
    ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
    ...(comment ? { initial_comment: comment } : {}),
    file_uploads: files.map((file) => ({
      file: Buffer.from(file.content, 'utf8'),
      filename: file.filename,
      title: file.filename,
    })),
  });
}

/**
 * Uploads files without sharing them anywhere (files.getUploadURLExternal + completeUploadExternal with no
 * channel): nobody sees them until a message they are attached to (chat.update's file_ids) is. Their ids.
 */
export async function uploadUnshared(client: WebClient, files: ThreadFile[]): Promise<string[]> {
  const done = await client.filesUploadV2({
    file_uploads: files.map((file) => ({
      file: Buffer.from(file.content, 'utf8'),
      filename: file.filename,
      title: file.filename,
    })),
  });
  const ids = (done.files ?? []).flatMap((c) => (c.files ?? []).flatMap((f) => (f.id ? [f.id] : [])));
  if (ids.length !== files.length) throw new Error('Slack did not confirm every file uploaded');
  return ids;
}

/** Names of the files already in a thread (to check, after a crash, whether an upload went through). */
export async function filesInThread(
  client: WebClient,
  target: { channel: string; threadTs: string | null },
): Promise<Set<string>> {
  const replies = target.threadTs
    ? await client.conversations.replies({ channel: target.channel, ts: target.threadTs, limit: 1000 })
    : await client.conversations.history({ channel: target.channel, limit: 200 });
  const names = new Set<string>();
  for (const message of replies.messages ?? []) {
    for (const file of message.files ?? []) if (file.name) names.add(file.name);
  }
  return names;
}
