// Files between Slack and the app: a shared file downloaded with the bot token (redirects followed only to
// Slack's own hosts, Slack's HTML sign-in page refused, a size limit enforced while streaming), and the
// subtitle files uploaded into a thread with the external upload flow (files.uploadV2).
import type { WebClient } from '@slack/web-api';

const SLACK_HOSTS = /(^|\.)(slack\.com|slack-edge\.com|slack-files\.com|slack-redir\.net)$/i;
const MAX_REDIRECTS = 5;

export class SlackFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlackFileError';
  }
}

export interface DownloadOptions {
  botToken: string;
  maxBytes: number;
  /** Hosts trusted besides Slack's own (the Web API host when SLACK_API_URL points elsewhere). */
  extraHosts?: string[];
  signal?: AbortSignal;
}

export interface Download {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** From Content-Length, when Slack sent it. */
  size: number | undefined;
}

export function isSlackHost(host: string, extraHosts: string[] = []): boolean {
  return SLACK_HOSTS.test(host) || extraHosts.includes(host);
}

/** Opens a shared file for streaming; the bytes are never held whole in memory. */
/** Reads a file shared in Slack (bot token, Slack's hosts only, size-limited) into memory. */
export type ReadSlackFile = (url: string, maxBytes: number) => Promise<Uint8Array>;

export async function downloadSlackFile(url: string, options: DownloadOptions): Promise<Download> {
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!isSlackHost(current.host, options.extraHosts)) {
      throw new SlackFileError(`refusing to fetch a file from ${current.host}: not a Slack host`);
    }
    const response = await fetch(current, {
      headers: { authorization: `Bearer ${options.botToken}` },
      redirect: 'manual',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new SlackFileError(`Slack answered ${response.status} without a location`);
      current = new URL(location, current);
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new SlackFileError(`Slack answered ${response.status} for the file`);
    }
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    if (/^text\/html/i.test(contentType)) {
      await response.body.cancel();
      throw new SlackFileError(
        'Slack sent its sign-in page instead of the file: the app needs the files:read scope (reinstall it)',
      );
    }
    const length = response.headers.get('content-length');
    const size = length === null ? undefined : Number(length);
    if (size !== undefined && size > options.maxBytes) {
      await response.body.cancel();
      throw new SlackFileError(`the file is ${size} bytes, over the limit of ${options.maxBytes}`);
    }
    return { body: response.body.pipeThrough(byteLimit(options.maxBytes)), contentType, size };
  }
  throw new SlackFileError(`too many redirects (more than ${MAX_REDIRECTS}) fetching the file`);
}

/** Errors the stream once more than `max` bytes went through (Content-Length may be missing or wrong). */
function byteLimit(max: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) controller.error(new SlackFileError(`the file is over the limit of ${max} bytes`));
      else controller.enqueue(chunk);
    },
  });
}

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
