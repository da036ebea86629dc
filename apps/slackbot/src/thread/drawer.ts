// The one way the thread's shared messages are drawn: built once, with the store and the features' parts
// (thread/parts.ts), and handed to every writer. A writer records a fact and asks the drawer for the message
// again; it never draws one from the part of the state it happens to hold.
import type { types } from '@slack/bolt';
import type { StatusInfo } from '../dubbing/service.ts';
import type { DeliveryInput, Job, Store, Target } from '../store/store.ts';
import type { Block } from '../ui/blocks.ts';
import { type CardOptions, type CardState, cardDelivery, startedCard } from './card.ts';
import { dubbedActions, type MessageParts, retryButtons } from './parts.ts';
import { languageState, type StatusGiven, type StatusReads, statusDelivery } from './status.ts';

export interface DrawerOptions {
  store: StatusReads & Pick<Store, 'enqueue' | 'targetsOf'>;
  /** The service's status words in the app's (stage, progress, ended). */
  describe: (status: string) => StatusInfo;
  parts: MessageParts;
}

export class ThreadDrawer {
  readonly #options: DrawerOptions;

  constructor(options: DrawerOptions) {
    this.#options = options;
  }

  /**
   * The language's status message as drawn from everything the store knows of it now, with `given` (what the
   * caller has just learnt, to be recorded with it) over that; undefined when the language is gone.
   */
  async status(targetId: string, now: number, given: StatusGiven = {}): Promise<DeliveryInput | undefined> {
    const { store, describe, parts } = this.#options;
    const state = await languageState(store, describe, targetId, now, given);
    return state && statusDelivery(state, parts.status);
  }

  /**
   * The replies a newly delivered render of the language posts to tell who waited for it (after its first
   * render only), each under a key naming the render, so each is posted once.
   */
  async renderedNotes(targetId: string, now: number, given: StatusGiven = {}): Promise<DeliveryInput[]> {
    const { store, describe, parts } = this.#options;
    const state = await languageState(store, describe, targetId, now, given);
    if (!state || state.target.attempt <= 1) return [];
    const { job, target } = state;
    return parts.rendered.flatMap((note, i) => {
      const payload = note(state);
      return payload
        ? [
            {
              key: `rendered:${target.id}.${target.attempt}:${i}`,
              jobId: job.id,
              kind: 'reply' as const,
              inThread: true,
              payload,
            },
          ]
        : [];
    });
  }

  /** Records the language's status message as drawn now; false when the language is gone. */
  async redrawStatus(targetId: string, now: number, given: StatusGiven = {}): Promise<boolean> {
    const delivery = await this.status(targetId, now, given);
    if (!delivery) return false;
    await this.#options.store.enqueue(delivery, now);
    return true;
  }

  /** The job's card as it should read in `state`. */
  card(job: Job, state: CardState, dstLangs: string[], options: CardOptions = {}): DeliveryInput {
    return cardDelivery(this.#options.parts.card, job, state, dstLangs, options);
  }

  /** A started job's card as its languages stand: Stop only while one of them is still under way. */
  startedCard(job: Job, targets: Target[]): DeliveryInput {
    return startedCard(this.#options.parts.card, job, targets);
  }

  /**
   * Once every language of a started job has ended (delivered, failed or not started), its card is drawn again
   * without Stop; true when it was. A stopped job's card already says so and stays.
   */
  async redrawCardIfEnded(jobId: string, now: number): Promise<boolean> {
    const job = await this.#options.store.getJob(jobId);
    if (job?.state !== 'starting' && job?.state !== 'running') return false;
    const targets = await this.#options.store.targetsOf(job.id);
    if (targets.length === 0 || targets.some((t) => !t.terminal)) return false;
    await this.#options.store.enqueue(this.startedCard(job, targets), now);
    return true;
  }

  /** What a job's start announces: its card as started, and each language's status message. */
  async startDeliveries(job: Job, targets: Target[], now: number): Promise<DeliveryInput[]> {
    const statuses = await Promise.all(targets.map((t) => this.status(t.id, now, { info: null, target: t })));
    return [this.startedCard(job, targets), ...statuses.filter((d): d is DeliveryInput => d !== undefined)];
  }

  /** The buttons under a dubbed language's reply. */
  dubbedActions(targetId: string): Block {
    return dubbedActions(this.#options.parts, targetId);
  }

  /** What a failed language's reply offers where trying again can help. */
  retryButtons(targetId: string): types.Button[] {
    return retryButtons(this.#options.parts, targetId);
  }
}
