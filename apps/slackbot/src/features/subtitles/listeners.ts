// .srt files dropped for a job: into the job's thread before Start (the message holds only subtitles), or
// together with the video (after the video's job was opened for the message). Each file is downloaded with
// the bot token and handed to the subtitle service, once per message however often Slack delivers it.
import type { SharedFile } from '../../domain/requests.ts';
import type { Job } from '../../store/store.ts';
import { isSrtName } from './classify.ts';
import type { ListenerDeps } from '../../listeners/deps.ts';

const MAX_SRT_BYTES = 5 * 1024 * 1024;

export interface FileMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  user?: string;
  files?: SharedFile[];
}

const srtFiles = (message: FileMessage) => (message.files ?? []).filter((f) => isSrtName(f.name ?? ''));

/** A message of only .srt files in a job's thread; true when it was handled here. */
export async function subtitlesIntoThread(
  deps: ListenerDeps,
  eventId: string,
  message: FileMessage,
  tellUser: (text: string) => Promise<unknown>,
): Promise<boolean> {
  const files = srtFiles(message);
  if (!message.thread_ts || files.length === 0 || files.length !== (message.files ?? []).length) return false;
  const job = await deps.store.jobByThread(message.channel, message.thread_ts);
  if (!job) return false;
  if (!await deps.store.recordEvent(`srt:${eventId}`, deps.now())) return true;
  if (job.state !== 'picking') {
    await tellUser('Subtitles can only be added before the dub starts; this one has started already.');
    return true;
  }
  await take(deps, job, files, message);
  return true;
}

/** The .srt files that came with a video, for the job just opened for that message. */
export async function subtitlesWithVideo(
  deps: ListenerDeps,
  eventId: string,
  message: FileMessage,
): Promise<void> {
  const files = srtFiles(message);
  if (files.length === 0) return;
  const job = await deps.store.jobByTrigger(`msg:${message.channel}:${message.ts}`);
  if (!job || !await deps.store.recordEvent(`srt:${eventId}`, deps.now())) return;
  await take(deps, job, files, message);
}

async function take(deps: ListenerDeps, job: Job, files: SharedFile[], message: FileMessage): Promise<void> {
  const read: { name: string; bytes: Uint8Array }[] = [];
  for (const file of files) {
    if (!file.url_private_download) continue;
    try {
      read.push({
        name: file.name ?? file.id,
        bytes: await deps.extras.downloadFile(file.url_private_download, MAX_SRT_BYTES),
      });
    } catch (error) {
      deps.logger.warn({ err: error, file: file.id }, 'downloading a subtitle file failed');
    }
  }
  if (read.length === 0) return;
  deps.extras.subtitles.accept(job, read, message.user ?? job.userId, `subtitles:${job.id}:${message.ts}`);
  deps.extras.wake();
}
