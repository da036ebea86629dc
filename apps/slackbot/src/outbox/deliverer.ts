// Performs the Slack writes the store holds (the outbox), each once: posts a message the first time and
// edits it in place afterwards, uploads subtitle files, and paces writes per channel. A write that may have
// reached Slack before a crash is looked up in the thread (by the key in the message's metadata, or by the
// file names) before it is made again.
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { DubbingService } from '../dubbing/service.ts';
import { Loop } from '../loop.ts';
import { filesInThread, uploadToThread } from '../slack/files.ts';
import type { Delivery, Store } from '../store/store.ts';
import type { MessageContent } from '../ui/blocks.ts';
import type { FilePayload, FilesPayload } from './payloads.ts';
import { segmentsToSubtitles } from './subtitle-files.ts';

const METADATA_EVENT = 'dubkit_delivery';
const LEASE_MS = 60_000;
/** Errors that will not go away by trying again: give up on the write and log it. */
const PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'msg_too_long',
  'invalid_blocks',
]);

export interface DelivererOptions {
  store: Store;
  slack: WebClient;
  service: DubbingService;
  logger: Logger;
  /** Minimum time between two writes into one channel. */
  channelPaceMs: number;
  owner: string;
  /** Deliveries claimed per round (default 50). */
  batch?: number;
  now?: () => number;
}

export class Deliverer {
  readonly #o: DelivererOptions;
  readonly #loop: Loop;
  readonly #nextWrite = new Map<string, number>();
  readonly #now: () => number;

  constructor(options: DelivererOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new Loop(() => this.#tick(), { idleMs: 250, logger: options.logger, name: 'deliverer' });
  }

  start(): void {
    this.#loop.start();
  }

  /** Runs a round now (after something was enqueued). */
  wake(): void {
    this.#loop.wake();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One round: returns true when there was work (so the loop goes on at once). */
  async #tick(): Promise<boolean> {
    const now = this.#now();
    const due = await this.#o.store.claimDeliveries(this.#o.owner, now, LEASE_MS, this.#o.batch ?? 50);
    if (due.length === 0) return false;
    const byChannel = new Map<string, { channel: string; delivery: Delivery }[]>();
    for (const delivery of due) {
      const channel = delivery.to?.channel ?? (await this.#o.store.getJob(delivery.jobId))?.channel;
      if (!channel) continue;
      const list = byChannel.get(channel) ?? [];
      list.push({ channel, delivery });
      byChannel.set(channel, list);
    }
    await Promise.all(
      [...byChannel.entries()].map(async ([channel, items]) => {
        for (const [index, { delivery }] of items.entries()) {
          const at = this.#nextWrite.get(channel) ?? 0;
          if (at > this.#now()) {
            // Paced: this and the channel's later writes wait for the channel's next slot, in order.
            for (const later of items.slice(index))
              await this.#o.store.deferDelivery(later.delivery.key, at, later.delivery.uncertain);
            return;
          }
          this.#nextWrite.set(channel, this.#now() + this.#o.channelPaceMs);
          await this.#deliverSafely(channel, delivery);
        }
      }),
    );
    return true;
  }

  async #deliverSafely(channel: string, delivery: Delivery): Promise<void> {
    const log = this.#o.logger.child({ job: delivery.jobId, delivery: delivery.key });
    try {
      await this.#deliver(channel, delivery);
    } catch (error) {
      const code = (error as { data?: { error?: string } }).data?.error;
      if (code && PERMANENT.has(code)) {
        log.error({ code }, 'Slack refused the write for good; giving up on it');
        await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
        return;
      }
      const backoff = Math.min(60_000, 1_000 * 2 ** Math.min(delivery.attempts, 6));
      log.warn({ err: error, backoffMs: backoff }, 'Slack write failed; will try again');
      // A write rejected by Slack with an error code did not happen; anything else may have.
      await this.#o.store.deferDelivery(delivery.key, this.#now() + backoff, code === undefined);
    }
  }

  async #deliver(channel: string, delivery: Delivery): Promise<void> {
    const { store, slack } = this.#o;
    // Read now: a job's thread may have opened (its card posted) since the round began.
    const threadTs = delivery.to
      ? delivery.to.threadTs
      : delivery.inThread
        ? ((await store.getJob(delivery.jobId))?.threadTs ?? null)
        : null;
    if (delivery.inThread && !threadTs) {
      // The thread opens with the job card, which is not posted yet.
      await store.deferDelivery(delivery.key, this.#now() + 200, false);
      return;
    }
    if (delivery.kind === 'files') {
      await this.#deliverFiles(channel, delivery, threadTs!);
      return;
    }
    if (delivery.kind === 'file') {
      await this.#deliverFile(channel, delivery, threadTs);
      return;
    }
    const content = delivery.payload as MessageContent;
    let ts = delivery.ts;
    if (ts === null && delivery.uncertain) ts = await this.#findPosted(channel, threadTs, delivery.key);
    if (ts === null) {
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
    } else if (delivery.kind === 'card' || delivery.kind === 'status') {
      await slack.chat.update({ channel, ts, text: content.text, blocks: content.blocks });
    }
    if (delivery.kind === 'card' && !delivery.inThread && ts) await store.setJobThread(delivery.jobId, ts);
    await store.completeDelivery(delivery.key, delivery.version, ts, this.#now());
  }

  /** A file whose content the payload holds (a glossary's export), posted once. */
  async #deliverFile(channel: string, delivery: Delivery, threadTs: string | null): Promise<void> {
    const payload = delivery.payload as FilePayload;
    const target = { channel, threadTs };
    if (delivery.uncertain && (await filesInThread(this.#o.slack, target)).has(payload.filename)) {
      await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
      return;
    }
    await uploadToThread(
      this.#o.slack,
      target,
      [{ filename: payload.filename, content: payload.content }],
      payload.comment,
    );
    await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
  }

  async #deliverFiles(channel: string, delivery: Delivery, threadTs: string): Promise<void> {
    const payload = delivery.payload as FilesPayload;
    const target = { channel, threadTs };
    const names = [`${payload.baseName}.srt`, `${payload.baseName}.vtt`];
    if (delivery.uncertain) {
      const present = await filesInThread(this.#o.slack, target);
      if (names.every((name) => present.has(name))) {
        await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
        return;
      }
    }
    const segments = await this.#o.service.getSegments(payload.projectId);
    const { srt, vtt } = segmentsToSubtitles(segments);
    await uploadToThread(this.#o.slack, target, [
      { filename: names[0]!, content: srt },
      { filename: names[1]!, content: vtt },
    ]);
    await this.#o.store.completeDelivery(delivery.key, delivery.version, null, this.#now());
  }

  /** The ts of a message this app already posted under `key`, if the thread (or channel) has one. */
  async #findPosted(channel: string, threadTs: string | null, key: string): Promise<string | null> {
    const { slack } = this.#o;
    const page = threadTs
      ? await slack.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 1000 })
      : await slack.conversations.history({ channel, include_all_metadata: true, limit: 200 });
    for (const message of page.messages ?? []) {
      const meta = (message as { metadata?: { event_type?: string; event_payload?: { key?: string } } })
        .metadata;
      if (meta?.event_type === METADATA_EVENT && meta.event_payload?.key === key && message.ts)
        return message.ts;
    }
    return null;
  }
}
