// Performs the Slack writes the store holds (the outbox), each once: posts a message the first time and
// edits it in place afterwards, uploads files, one writer per channel at a time and each channel at its own
// pace, so that one channel's rate limit never delays another. The Web API client never retries a write by
// itself: a write whose answer was lost may have been made, so before it is repeated — once an earlier try
// can no longer land — the thread is searched for it (by the key in the message's metadata, or by the file
// names). Slack limits the other methods it calls per workspace: a 429 on one of those holds this workspace's whole
// outbox (this deliverer: a tenant's) for its Retry-After, and no other workspace's; then its writes go one at
// a time for a while, so that the channels waiting do not all try at once and all but one get 429 again.
import { type WebClient, WebClientEvent } from '@slack/web-api';
import type { Logger } from 'pino';
import { languageName } from '../domain/languages.ts';
import type { DubbingService } from '../dubbing/service.ts';
import { newRequestId } from '../errors/public.ts';
import { LEASE_MS } from '../runtime/leases.ts';
import { Runner } from '../runtime/runner.ts';
import type {
  ChannelRelease,
  Delivery,
  FormatSettingsStore,
  JobStore,
  OutboxStore,
  Store,
} from '../store/store.ts';
import { type Block, escapeProse, type MessageContent, section } from '../ui/blocks.ts';
import type { FilePayload, FilesPayload, RenderPayload } from './payloads.ts';
import { DEFAULT_FORMATS, segmentsToSubtitles } from './subtitle-files.ts';
import { filesInThread, type ThreadFile, uploadToThread, uploadUnshared } from './uploads.ts';

const METADATA_EVENT = 'dubkit_delivery';
/** Errors that will not go away by trying again: give up on the write and log it. */
const PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'msg_too_long',
  'invalid_blocks',
]);
/**
 * Refusals that are Slack's trouble, not the write's: tried again with backoff, but no longer than
 * MAX_TRANSIENT_TRIES (about two minutes of tries: 1, 2, 4 … 60 s apart), or a write Slack always refuses so
 * would be tried once a minute forever. Any other code (a plain HTTP 4xx too) ends the write after
 * MAX_REFUSED_TRIES: trying the same request again gets the same answer.
 */
const TRANSIENT = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
const MAX_TRANSIENT_TRIES = 8;
const MAX_REFUSED_TRIES = 3;
/** The key prefix of the plain line that says a write was given up on (never itself followed by one). */
const GAVE_UP = 'gaveup:';
/** A write waits this long for a thread that is not open yet (its card is not posted yet). */
const THREAD_WAIT_MS = 200;
/** Backoff of a write that failed: `base` (1 s), doubling with each failure of that write in a row, at most a minute. */
const backoffMs = (failures: number, base = 1_000) => Math.min(60_000, base * 2 ** Math.min(failures, 6));
/**
 * The methods the outbox calls that Slack limits per workspace (chat.postMessage it limits per channel, about
 * one a second): a 429 on one of them holds the workspace's writes. A 429 on another method made with the same
 * client (a membership look-up) says nothing of these, so holds nothing.
 */
const PER_WORKSPACE = new Set([
  'chat.update',
  'conversations.replies',
  'conversations.history',
  'files.getUploadURLExternal',
  'files.completeUploadExternal',
]);
/** How long after a per-workspace 429 the workspace's writes go one at a time: Slack counts its tiers by the minute. */
const SINGLE_FILE_MS = 60_000;

/** What adds a dubbed reply's QA line as it is posted (the QA feature's service): the reply to post. */
export interface ReplyQa {
  addToReply(key: string, content: MessageContent): Promise<MessageContent>;
  /** The edit of a reply with the QA line the reply was posted with (`posted`: its blocks as Slack has them). */
  keepLine(posted: unknown[] | undefined, content: MessageContent): MessageContent;
}

export interface DelivererOptions {
  store: FormatSettingsStore & JobStore & OutboxStore & Pick<Store, 'renewLeases'>;
  /** The Web API client: no retries of its own, 429s rejected at once (the deliverer waits, per channel). */
  slack: WebClient;
  dubbing: DubbingService;
  logger: Logger;
  /** Minimum time between two writes into one channel. */
  channelPaceMs: number;
  /**
   * How long an unanswered try may still land in Slack (longer than the Web API client's timeout): a write
   * that may have been made is looked up only after that.
   */
  settleMs: number;
  owner: string;
  /** Channels written at once (default 32). */
  concurrency?: number;
  /** Adds the QA line to a dubbed language's reply when it is posted (none: replies go as they are). */
  qa?: ReplyQa;
  /** Told of each write given up on, with Slack's reason (`/metrics` counts them). */
  onGaveUp?: (code: string) => void;
  /** The first wait after a failed write (1 s; tests shorten it so that retries end within a test). */
  retryBaseMs?: number;
  now?: () => number;
}

/** The channels being written into keep their short leases while a write waits on Slack. */
export class Deliverer extends Runner<'channels'> {
  readonly #o: DelivererOptions;
  readonly #now: () => number;
  /** Channels this process is writing into now, and their work. */
  readonly #busy = new Map<string, Promise<void>>();
  /** Channels done with, given back together at the start of the next round (one statement for all). */
  #done: ChannelRelease[] = [];
  /** Until when Slack asked this workspace to slow down (a 429 on a method it limits per workspace). */
  #heldUntil = 0;
  /** Until when this workspace's writes go one at a time (after a per-workspace 429). */
  #singleFileUntil = 0;
  /** The Web API client tells of every 429 with the method's URL, whichever write made the call. */
  readonly #onRateLimited = (retrySeconds: number, { url }: { url: string }) => {
    if (!PER_WORKSPACE.has(url.slice(url.lastIndexOf('/') + 1))) return;
    this.#heldUntil = Math.max(this.#heldUntil, this.#now() + retrySeconds * 1000);
    this.#singleFileUntil = this.#heldUntil + SINGLE_FILE_MS;
  };

  constructor(options: DelivererOptions) {
    const { store, owner, logger } = options;
    super({ name: 'deliverer', idleMs: 250, store, owner, logger, tables: ['channels'] });
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  override start(): void {
    this.#o.slack.on(WebClientEvent.RATE_LIMITED, this.#onRateLimited);
    super.start();
  }

  override async stop(): Promise<void> {
    try {
      await super.stop();
    } finally {
      this.#o.slack.off(WebClientEvent.RATE_LIMITED, this.#onRateLimited);
    }
  }

  /** The channels' writes under way: stopping waits for them (a write is never cut off halfway). */
  protected override async drain(): Promise<void> {
    await Promise.all(this.#busy.values());
  }

  protected override async release(): Promise<void> {
    await this.#release().catch((error: unknown) => {
      this.#o.logger.warn({ err: error }, 'giving channels back failed; their leases will expire');
    });
  }

  /**
   * One round: gives back the channels written since the last one, leases channels with a write due and
   * starts a writer for each. Statements are shared by every channel of the round, so a busy outbox costs
   * about one statement per write (its completion) on top of a few per round. While Slack holds the
   * workspace back, nothing new is claimed (the writes under way end, and their channels are given back).
   */
  protected async round(): Promise<boolean> {
    const released = await this.#release();
    const room = this.#room();
    if (room <= 0) return released;
    const { store, owner, settleMs } = this.#o;
    const claimed = await store.claimWrites(owner, this.#now(), LEASE_MS, room);
    const now = this.#now();
    // A write whose earlier try may still land waits for that (#write defers it); the others go now.
    const ready = new Set(
      claimed.flatMap(({ write }) =>
        write && !(write.uncertain && now < write.updatedAt + settleMs) ? [write.key] : [],
      ),
    );
    try {
      await store.markSending([...ready], now);
    } catch (error) {
      this.#done.push(...claimed.map(({ channel }) => ({ channel, nextWriteAt: now })));
      throw error;
    }
    for (const { channel, write } of claimed) {
      this.leases('channels').hold(channel);
      const work = this.#write(channel, write, write !== undefined && ready.has(write.key))
        .then((nextWriteAt) => {
          this.#done.push({ channel, nextWriteAt });
        })
        .finally(() => {
          this.leases('channels').drop(channel);
          this.#busy.delete(channel);
          this.wake();
        });
      this.#busy.set(channel, work);
    }
    return released || claimed.length > 0;
  }

  /** Writes this round may start: none while Slack holds the workspace back, one at a time for a while after. */
  #room(): number {
    const now = this.#now();
    if (now < this.#heldUntil) return 0;
    return (now < this.#singleFileUntil ? 1 : (this.#o.concurrency ?? 32)) - this.#busy.size;
  }

  /** Gives back the channels done with; true when there were some. A failure keeps them for the next round. */
  async #release(): Promise<boolean> {
    const releases = this.#done;
    if (releases.length === 0) return false;
    this.#done = [];
    try {
      await this.#o.store.releaseChannels(this.#o.owner, releases);
    } catch (error) {
      this.#done.unshift(...releases);
      throw error;
    }
    return true;
  }

  /**
   * Writes into one leased channel, starting with the write claimed with it (already marked as being sent
   * when `sending`), then more while its pace allows; resolves to when the channel may take its next write.
   */
  async #write(channel: string, first: Delivery | undefined, sending: boolean): Promise<number> {
    const { store, channelPaceMs } = this.#o;
    let nextWriteAt = this.#now();
    try {
      // Unpaced channels take several writes per lease; paced ones one, then wait their turn.
      const most = channelPaceMs === 0 ? 10 : 1;
      let delivery = first;
      let marked = sending;
      for (let written = 0; delivery; ) {
        nextWriteAt = await this.#deliverSafely(channel, delivery, marked);
        if (++written >= most || nextWriteAt > this.#now()) break;
        [delivery] = await store.dueIn(channel, this.#now(), 1);
        marked = false;
      }
    } catch (error) {
      this.#o.logger.warn({ err: error, channel }, 'writing into the channel failed; will try again');
      nextWriteAt = this.#now() + 1_000;
    }
    return nextWriteAt;
  }

  /** Tries one write; resolves to when the channel may take its next write. */
  async #deliverSafely(channel: string, delivery: Delivery, marked: boolean): Promise<number> {
    const { store, settleMs, channelPaceMs } = this.#o;
    const log = this.#o.logger.child({ job: delivery.jobId, delivery: delivery.key });
    const now = this.#now();
    if (delivery.uncertain && now < delivery.updatedAt + settleMs) {
      // An earlier try may still land: look for it only once it no longer can.
      await store.deferDelivery(delivery.key, delivery.updatedAt + settleMs, {
        uncertain: true,
        failed: false,
      });
      return now;
    }
    if (!marked) await store.markSending([delivery.key], now);
    try {
      const written = await this.#deliver(channel, delivery);
      return written ? this.#now() + channelPaceMs : this.#now();
    } catch (error) {
      const failure = slackFailure(error);
      // A write that may have gone through before (delivery.uncertain: an earlier try's answer was lost, or
      // its writer lost the database before recording the answer, leaving it 'sending') stays so until it is
      // found or posted: a look-up that was answered 429 or refused found nothing, so the next try must look
      // again, not post.
      const mayBePosted = delivery.uncertain && delivery.ts === null;
      if (failure.kind === 'rate-limited') {
        log.warn({ retryAfterMs: failure.retryAfterMs }, 'Slack asked to slow down in this channel');
        await store.deferDelivery(delivery.key, now + failure.retryAfterMs, {
          uncertain: mayBePosted,
          failed: false,
        });
        return now + failure.retryAfterMs;
      }
      if (failure.kind === 'refused' && this.#refusedForGood(failure.code, delivery.failures + 1)) {
        const requestId = newRequestId();
        log.error(
          { code: failure.code, tries: delivery.failures + 1, requestId },
          'Slack refused the write for good; giving up on it',
        );
        this.#o.onGaveUp?.(failure.code);
        await this.#giveUp(delivery, failure.code, requestId);
        return this.#now() + channelPaceMs;
      }
      // A write Slack refused did not happen; one whose answer was lost may have, unless it only edited.
      const uncertain = mayBePosted || (failure.kind === 'unanswered' && delivery.ts === null);
      const backoff = backoffMs(delivery.failures, this.#o.retryBaseMs);
      log.warn({ err: error, backoffMs: backoff, uncertain }, 'Slack write failed; will try again');
      const notBefore = uncertain ? Math.max(now + backoff, now + settleMs) : now + backoff;
      await store.deferDelivery(delivery.key, notBefore, { uncertain, failed: true });
      return this.#now() + channelPaceMs;
    }
  }

  /** Whether a refusal, after `tries` tries, ends the write: at once, after a few tries, or after many. */
  #refusedForGood(code: string, tries: number): boolean {
    if (PERMANENT.has(code)) return true;
    return tries >= (TRANSIENT.has(code) ? MAX_TRANSIENT_TRIES : MAX_REFUSED_TRIES);
  }

  /**
   * Ends a write Slack keeps refusing, saying so in its thread in plain words when it has one, with the
   * request id the log has it under.
   */
  async #giveUp(delivery: Delivery, code: string, requestId: string): Promise<void> {
    const { store } = this.#o;
    const now = this.#now();
    const what = gaveUpLine(delivery);
    const threadTs = delivery.threadTs ?? delivery.to?.threadTs ?? null;
    if (what && threadTs && !delivery.key.startsWith(GAVE_UP)) {
      const text = `${what} (Slack answered \`${code}\`; request id \`${requestId}\`).`;
      await store.enqueue(
        {
          key: `${GAVE_UP}${delivery.key}`,
          jobId: delivery.jobId,
          kind: 'reply',
          inThread: true,
          payload: { text, blocks: [section(escapeProse(text))] } satisfies MessageContent,
          ...(delivery.to ? { to: { channel: delivery.to.channel, threadTs } } : {}),
        },
        now,
      );
    }
    await store.completeDelivery(delivery.key, delivery.version, null, now);
  }

  /** Makes the write (or finds it made); false when it had to wait for its thread instead. */
  async #deliver(channel: string, delivery: Delivery): Promise<boolean> {
    const { store, slack } = this.#o;
    const { threadTs } = delivery;
    if (delivery.inThread && !threadTs) {
      // The thread opens with the job card, which is not posted yet.
      await store.deferDelivery(delivery.key, this.#now() + THREAD_WAIT_MS, {
        uncertain: false,
        failed: false,
      });
      return false;
    }
    if (delivery.kind === 'files') {
      await this.#deliverFiles(channel, delivery, threadTs!);
      return true;
    }
    if (delivery.kind === 'file') {
      await this.#deliverFile(channel, delivery, threadTs);
      return true;
    }
    if (delivery.kind === 'render' && delivery.ts === null) {
      await this.#postRender(channel, delivery, threadTs!);
      return true;
    }
    let content = delivery.payload as MessageContent;
    let ts = delivery.ts;
    if (ts === null && delivery.uncertain) ts = await this.#findPosted(channel, threadTs, delivery.key);
    if (ts === null) {
      // QA is computed as the reply is posted, from the segments as they are then: still one write, one key.
      if (this.#o.qa) content = await this.#o.qa.addToReply(delivery.key, content);
      const posted = await slack.chat.postMessage({
        channel,
        text: content.text,
        blocks: content.blocks,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        metadata: { event_type: METADATA_EVENT, event_payload: { key: delivery.key } },
        unfurl_links: false,
        unfurl_media: false,
      });
      ts = posted.ts ?? null;
    } else if (delivery.kind !== 'reply' || delivery.ts !== null) {
      // A card, a status message, a render's reply: edited in place. A reply is edited only when its writer
      // recorded a new payload after it was posted (a failed attempt's reply loses its Retry once retried); one
      // found posted after an uncertain send stays as it is. A render's reply is edited when a newer render
      // replaces it; its QA line, that render's QA added as it was posted, is only in the posted message, so it
      // is read from there and kept.
      if (delivery.kind === 'render' && this.#o.qa) {
        const posted = await this.#findMessage(channel, threadTs, delivery.key);
        content = this.#o.qa.keepLine(posted?.blocks, content);
      }
      await slack.chat.update({ channel, ts, text: content.text, blocks: content.blocks });
    }
    if (delivery.kind === 'card' && !delivery.inThread && ts) await store.setJobThread(delivery.jobId, ts);
    await store.completeDelivery(delivery.key, delivery.version, ts, this.#now());
    return true;
  }

  /**
   * A render's reply, posted once with its subtitle files attached (uploaded unshared, then attached to the
   * reply): a retry looks for the reply first, and attaches the files only to a reply that has none yet —
   * the files an earlier try uploaded, recorded before the attach, rather than new copies.
   */
  async #postRender(channel: string, delivery: Delivery, threadTs: string): Promise<void> {
    const { slack, store } = this.#o;
    const payload = delivery.payload as RenderPayload;
    // Any earlier try (attempts counts those begun before this one) may have posted the reply, and a failure
    // after the post left no ts in the store.
    const found =
      delivery.attempts > 0 ? await this.#findMessage(channel, threadTs, delivery.key) : undefined;
    let content: MessageContent = { text: payload.text, blocks: payload.blocks };
    let ts = found?.ts ?? null;
    if (found)
      content = { text: found.text ?? content.text, blocks: (found.blocks as Block[]) ?? content.blocks };
    else {
      if (this.#o.qa) content = await this.#o.qa.addToReply(delivery.key, content);
      const posted = await slack.chat.postMessage({
        channel,
        text: content.text,
        blocks: content.blocks,
        thread_ts: threadTs,
        metadata: { event_type: METADATA_EVENT, event_payload: { key: delivery.key } },
        unfurl_links: false,
        unfurl_media: false,
      });
      ts = posted.ts ?? null;
    }
    if (ts && payload.files && !found?.files?.length) {
      let ids = delivery.uploadedFiles;
      if (!ids) {
        const files = await this.#subtitles(channel, payload.files);
        if (files.length === 0) await this.#noSubtitles(delivery, payload.files.lang);
        else {
          ids = await uploadUnshared(slack, files);
          await store.recordUploads(delivery.key, ids);
        }
      }
      if (ids)
        await slack.chat.update({ channel, ts, text: content.text, blocks: content.blocks, file_ids: ids });
    }
    await store.completeDelivery(delivery.key, delivery.version, ts, this.#now());
  }

  /**
   * A language's subtitle files from the project's segments as they are now (the newest text), in the formats
   * the payload names, else the channel's; none when every line was removed (an empty file says nothing, and
   * Slack refuses it).
   */
  async #subtitles(channel: string, files: FilesPayload): Promise<ThreadFile[]> {
    const formats =
      files.formats ?? (await this.#o.store.channelFormats(channel))?.formats ?? DEFAULT_FORMATS;
    const segments = await this.#o.dubbing.getSegments(files.projectId);
    return segmentsToSubtitles(segments, files.lang, files.baseName, formats);
  }

  /** Tells the thread, once, that a language has no subtitle files to attach. */
  async #noSubtitles(delivery: Delivery, lang: string): Promise<void> {
    const text = `No ${languageName(lang)} subtitle files: the translation has no lines left.`;
    await this.#o.store.enqueue(
      {
        key: `${GAVE_UP}${delivery.key}:empty:${delivery.version}`,
        jobId: delivery.jobId,
        kind: 'reply',
        inThread: true,
        payload: { text, blocks: [section(escapeProse(text))] } satisfies MessageContent,
      },
      this.#now(),
    );
  }

  /** A file whose content the payload holds (a glossary's export), posted once. */
  async #deliverFile(channel: string, delivery: Delivery, threadTs: string | null): Promise<void> {
    const payload = delivery.payload as FilePayload;
    await this.#upload(
      { channel, threadTs },
      delivery,
      [payload.filename],
      async () => [{ filename: payload.filename, content: payload.content }],
      payload.comment,
    );
  }

  /** A language's subtitle files, built from the project's segments when sent (the newest text), posted once. */
  async #deliverFiles(channel: string, delivery: Delivery, threadTs: string): Promise<void> {
    const payload = delivery.payload as FilesPayload;
    const files = await this.#subtitles(channel, payload);
    const names = files.map((file) => file.filename);
    if (files.length === 0) {
      await this.#noSubtitles(delivery, payload.lang);
      await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
      return;
    }
    await this.#upload({ channel, threadTs }, delivery, names, async () => files, payload.comment);
  }

  /**
   * Uploads `names` once: after a try that failed or may have gone through, the thread is looked at first and
   * only the files not there yet are sent (Slack may have accepted some); the files are built only when they
   * are to be sent.
   */
  async #upload(
    target: { channel: string; threadTs: string | null },
    delivery: Delivery,
    names: string[],
    build: () => Promise<ThreadFile[]>,
    comment?: string,
  ): Promise<void> {
    const { slack, store } = this.#o;
    const present =
      delivery.uncertain || delivery.failures > 0 ? await filesInThread(slack, target) : new Set<string>();
    if (!names.every((name) => present.has(name))) {
      const missing = (await build()).filter((file) => !present.has(file.filename));
      await uploadToThread(slack, target, missing, comment);
    }
    await store.completeDelivery(delivery.key, delivery.version, null, this.#now());
  }

  /** The ts of a message this app already posted under `key`, if the thread (or channel) has one. */
  async #findPosted(channel: string, threadTs: string | null, key: string): Promise<string | null> {
    return (await this.#findMessage(channel, threadTs, key))?.ts ?? null;
  }

  /** The message this app already posted under `key`, if the thread (or channel) has one. */
  async #findMessage(channel: string, threadTs: string | null, key: string) {
    const { slack } = this.#o;
    const page = threadTs
      ? await slack.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 1000 })
      : await slack.conversations.history({ channel, include_all_metadata: true, limit: 200 });
    for (const message of page.messages ?? []) {
      const meta = (message as { metadata?: { event_type?: string; event_payload?: { key?: string } } })
        .metadata;
      if (meta?.event_type === METADATA_EVENT && meta.event_payload?.key === key && message.ts)
        return { ...message, ts: message.ts };
    }
    return undefined;
  }
}

/** What a write given up on was, for the plain line in its thread (none for a card or a status). */
function gaveUpLine(delivery: Delivery): string | undefined {
  if (delivery.kind === 'files')
    return `The ${languageName((delivery.payload as FilesPayload).lang)} subtitles could not be attached: Slack refused the file`;
  if (delivery.kind === 'file')
    return `${(delivery.payload as FilePayload).filename} could not be attached: Slack refused the file`;
  if (delivery.kind === 'reply') return 'A reply could not be posted here: Slack refused it';
  return undefined;
}

type SlackFailure =
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'refused'; code: string }
  | { kind: 'unanswered' };

/**
 * What a failed Web API call tells: Slack asked to slow down (429), refused the call with a reason or a plain
 * HTTP 4xx (it did not happen), or gave no usable answer (a network error, a timeout, a 5xx: it may have
 * happened).
 */
export function slackFailure(error: unknown): SlackFailure {
  const e = error as { code?: string; retryAfter?: number; statusCode?: number; data?: { error?: string } };
  if (e.code === 'slack_webapi_rate_limited_error')
    return { kind: 'rate-limited', retryAfterMs: (e.retryAfter ?? 1) * 1000 };
  if (e.code === 'slack_webapi_http_error' && e.statusCode !== undefined) {
    if (e.statusCode === 429) return { kind: 'rate-limited', retryAfterMs: 1_000 };
    if (e.statusCode >= 400 && e.statusCode < 500) return { kind: 'refused', code: `http_${e.statusCode}` };
  }
  if (e.code === 'slack_webapi_platform_error' && e.data?.error) {
    if (e.data.error === 'ratelimited') return { kind: 'rate-limited', retryAfterMs: 1_000 };
    return { kind: 'refused', code: e.data.error };
  }
  return { kind: 'unanswered' };
}
