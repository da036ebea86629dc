// How late the Slack app shows a project's status: from the moment the service entered a status to the Slack
// write that shows it, for changes made while the app tracked the project. The app's store and Slack client are
// wrapped: a recorded poll notes, per language and status text, when the service entered that status (as of the
// app's latest poll, from `lastSeen`), and the Slack write carrying that text ends the measurement. Also the job
// as the app records it once its project exists, shared by the Slack app benches.
import type { StatusEntered } from '@dubkit/emulator';
import type { Store } from '@dubkit/slackbot';
import type { WebClient } from '@slack/web-api';

export class StatusDelays {
  /** ms from a status change in the service to its Slack update, in the order they landed. */
  readonly delays: number[] = [];
  /**
   * ms from the app recording a status change (its status message queued in the outbox) to the Slack write
   * showing it: the outbox's share of `delays`, in the same order.
   */
  readonly outboxWaits: number[] = [];
  readonly #lastSeen: Map<string, number>;
  /** Per project: when the job was handed to the app. */
  readonly #registeredAt = new Map<string, number>();
  readonly #channelTarget = new Map<string, string>();
  readonly #targetProject = new Map<string, string>();
  /** When the service entered the status that a status message text shows, for changes made while tracked. */
  readonly #shownSince = new Map<string, number>();
  /** When the app recorded the status that a status message text shows (queued it in the outbox). */
  readonly #queuedAt = new Map<string, number>();
  /** Per target and status message text: the service's status it shows. */
  readonly #textStatus = new Map<string, string>();
  /** Per target: each Slack write of a status message, when it landed and the status it showed. */
  readonly #writes = new Map<string, { at: number; status: string }[]>();
  readonly #projectTarget = new Map<string, string>();

  /** `lastSeen`: when the service last changed each project's status, as of the app's latest poll. */
  constructor(lastSeen: Map<string, number>) {
    this.#lastSeen = lastSeen;
  }

  /** A project the app tracks from `now`, in its own channel. */
  track(projectId: string, targetId: string, channel: string, now: number): void {
    this.#registeredAt.set(projectId, now);
    this.#channelTarget.set(channel, targetId);
    this.#targetProject.set(targetId, projectId);
    this.#projectTarget.set(projectId, targetId);
  }

  /**
   * Every status `projectId` entered while tracked and before `until` (from the service's own history), each
   * with its delay to the first Slack write showing it or a later status of the same run: a status the app
   * skipped counts until a later one is shown. `unshown`: changes no write showed by `until` (their delay, not
   * known, is counted as `until` minus the change, a lower bound).
   */
  everyChange(projectId: string, history: readonly StatusEntered[], until: number) {
    const registeredAt = this.#registeredAt.get(projectId) ?? Number.POSITIVE_INFINITY;
    const writes = this.#writes.get(this.#projectTarget.get(projectId) ?? '') ?? [];
    const order = new Map(history.map((entry, index) => [entry.status, index]));
    const delays: number[] = [];
    let unshown = 0;
    history.forEach((entry, index) => {
      if (index === 0 || entry.at < registeredAt || entry.at > until) return;
      const shown = writes.find((write) => write.at >= entry.at && (order.get(write.status) ?? -1) >= index);
      if (!shown) unshown++;
      delays.push((shown?.at ?? until) - entry.at);
    });
    return { delays, unshown };
  }

  wrapStore(store: Store): void {
    // The tracker records its findings in batches (recordPolls); the starter records a poll alone.
    const recordPolls = store.recordPolls.bind(store);
    store.recordPolls = (polls, owner, now) => {
      for (const { targetId, result, deliveries } of polls)
        this.#recorded(targetId, result.status, deliveries);
      return recordPolls(polls, owner, now);
    };
    const recordPoll = store.recordPoll.bind(store);
    store.recordPoll = (targetId, result, now, deliveries) => {
      this.#recorded(targetId, result.status, deliveries);
      return recordPoll(targetId, result, now, deliveries);
    };
  }

  /** Notes, for each status message a recorded poll writes, the status it shows and when the service entered it. */
  #recorded(targetId: string, status: string, deliveries: Parameters<Store['recordPoll']>[3]): void {
    const projectId = this.#targetProject.get(targetId) ?? '';
    const since = this.#lastSeen.get(projectId);
    for (const d of deliveries) {
      const key = `${targetId}|${(d.payload as { text?: string }).text}`;
      if (d.kind === 'status') this.#textStatus.set(key, status);
      const tracked =
        since !== undefined && since >= (this.#registeredAt.get(projectId) ?? Number.POSITIVE_INFINITY);
      if (d.kind === 'status' && tracked && !this.#shownSince.has(key)) {
        this.#shownSince.set(key, since);
        this.#queuedAt.set(key, Date.now());
      }
    }
  }

  wrapSlack(slack: WebClient): void {
    const measure = (channel: string, text: unknown) => {
      const target = this.#channelTarget.get(channel);
      const key = `${target}|${text}`;
      const status = this.#textStatus.get(key);
      if (target !== undefined && status !== undefined) {
        const writes = this.#writes.get(target) ?? [];
        writes.push({ at: Date.now(), status });
        this.#writes.set(target, writes);
      }
      const since = this.#shownSince.get(key);
      if (since === undefined) return;
      this.#shownSince.delete(key);
      this.delays.push(Date.now() - since);
      this.outboxWaits.push(Date.now() - (this.#queuedAt.get(key) ?? since));
      this.#queuedAt.delete(key);
    };
    const postMessage = slack.chat.postMessage.bind(slack.chat);
    slack.chat.postMessage = (async (args: { channel: string; text?: string }) => {
      const result = await postMessage(args as never);
      measure(args.channel, args.text);
      return result;
    }) as typeof slack.chat.postMessage;
    const update = slack.chat.update.bind(slack.chat);
    slack.chat.update = (async (args: { channel: string; text?: string }) => {
      const result = await update(args as never);
      measure(args.channel, args.text);
      return result;
    }) as typeof slack.chat.update;
  }

  /** The delay at quantile `q` (0.95 for p95), in seconds. */
  percentile(q: number): number {
    const sorted = [...this.delays].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN) / 1000;
  }
}

/** A job as the app records it once its project exists: one language, its own channel and thread. */
export async function registerJob(
  store: Store,
  i: number,
  projectId: string,
  media: { id: string; link: string },
): Promise<{ targetId: string; channel: string }> {
  const channel = `CB${i}`;
  const now = Date.now();
  const source = { kind: 'link' as const, link: media.link };
  const threadTs = `1700000000.${String(i).padStart(6, '0')}`;
  const { job } = await store.createJob(
    { triggerKey: `bench:${i}`, channel, threadTs, userId: 'U1', source, title: `bench ${i}` },
    now,
  );
  await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, now);
  await store.setJobMedia(job.id, media.id);
  const [target] = await store.targetsOf(job.id);
  await store.setTargetProject(target!.id, projectId, now);
  await store.setJobRunning(job.id);
  return { targetId: target!.id, channel };
}
