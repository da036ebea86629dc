// Files between Slack and the app: a shared file downloaded with the bot token (only over https from Slack's
// file hosts, every redirect too; HTML of any kind refused, Slack's sign-in page among it; a size limit
// enforced while streaming), and the
// subtitle files uploaded into a thread with the external upload flow (files.uploadV2).

// Where Slack serves files. Not slack-redir.net: that is Slack's open redirector, it forwards anywhere.
const SLACK_HOSTS = /(^|\.)(slack\.com|slack-edge\.com|slack-files\.com)$/i;
const MAX_REDIRECTS = 5;

/** Its message may be shown to people (it names no host); `detail` is for the logs. */
export class SlackFileError extends Error {
  readonly detail: string | undefined;
  constructor(message: string, detail?: string) {
    super(message);
    this.name = 'SlackFileError';
    this.detail = detail;
  }
}

export interface DownloadOptions {
  botToken: string;
  maxBytes: number;
  /**
   * Test-only: hosts (`host:port`) trusted besides Slack's own, over http too — the fake Slack's, when
   * SLACK_API_URL points at it. A real Slack host listed here gains nothing: it is still https only.
   */
  extraHosts?: string[];
  signal?: AbortSignal;
}

export interface Download {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** From Content-Length, when Slack sent it. */
  size: number | undefined;
  /** Why the body stopped before its end, once it did (the file went over the size limit). */
  failure: () => SlackFileError | undefined;
}

/** Whether `hostname` (no port) is one of Slack's file hosts. */
export function isSlackHost(hostname: string): boolean {
  return SLACK_HOSTS.test(hostname);
}

/** Slack's hosts over https on the default port; a listed test host over http or https; nothing else. */
export function isTrustedFileUrl(url: URL, extraHosts: string[] = []): boolean {
  if (isSlackHost(url.hostname)) return url.protocol === 'https:' && url.port === '';
  return extraHosts.includes(url.host) && (url.protocol === 'http:' || url.protocol === 'https:');
}

/** Any HTML: Slack's sign-in page, or a page where a file should be (the media type alone decides). */
export function isHtml(contentType: string): boolean {
  const mediaType = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml' || mediaType.endsWith('+html');
}

/** Opens a shared file for streaming; the bytes are never held whole in memory. */
/** Reads a file shared in Slack (bot token, Slack's hosts only, size-limited) into memory. */
export type ReadSlackFile = (url: string, maxBytes: number) => Promise<Uint8Array>;

export async function downloadSlackFile(url: string, options: DownloadOptions): Promise<Download> {
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!isTrustedFileUrl(current, options.extraHosts)) {
      throw new SlackFileError(
        "the file's link does not lead to Slack's file servers over https",
        `refused ${current.protocol}//${current.host}`,
      );
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
    if (isHtml(contentType)) {
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
    const limit = byteLimit(options.maxBytes);
    return { body: response.body.pipeThrough(limit.stream), contentType, size, failure: limit.failure };
  }
  throw new SlackFileError(`too many redirects (more than ${MAX_REDIRECTS}) fetching the file`);
}

/**
 * Errors the stream once more than `max` bytes went through (Content-Length may be missing or wrong), and
 * keeps why: whoever reads the stream (an upload) may report it as its own failure, a lost connection.
 */
function byteLimit(max: number): {
  stream: TransformStream<Uint8Array, Uint8Array>;
  failure: () => SlackFileError | undefined;
} {
  let seen = 0;
  let failure: SlackFileError | undefined;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) {
        failure = new SlackFileError(`the file is over the limit of ${max} bytes`);
        controller.error(failure);
      } else controller.enqueue(chunk);
    },
  });
  return { stream, failure: () => failure };
}
