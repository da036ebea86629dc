// The one way the thread's shared messages are drawn: built once, with the store and the features' parts
// (thread/parts.ts), and handed to every writer. A writer records a fact and asks the drawer for the message
// again; it never draws one from the part of the state it happens to hold.
import type { types } from '@slack/bolt';
import { shownRender } from '../domain/renders.ts';
import type { StatusInfo } from '../dubbing/service.ts';
import type { DeliveryInput, Job, Store, Target } from '../store/store.ts';
import type { Block } from '../ui/blocks.ts';
import { type CardOptions, type CardState, cardDelivery, cardLanguage, startedCard } from './card.ts';
import { dubbedActions, type MessageParts, retryButtons } from './parts.ts';
import {
  type LanguageState,
  languageState,
  type StatusGiven,
  type StatusReads,
  type SupportIds,
  statusDelivery,
  supportIds,
} from './status.ts';

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

  /** The support ids of a language that failed, as the store knows it now; undefined for any other. */
  async supportIds(targetId: string, now: number): Promise<SupportIds | undefined> {
    const { store, describe } = this.#options;
    const state = await languageState(store, describe, targetId, now);
    return state && supportIds(state);
  }

  /** The render number a person sees for an attempt of the language (a failed attempt is not a render). */
  async renderNumber(targetId: string, attempt: number): Promise<number> {
    return shownRender(attempt, await this.#options.store.deliveredRenders(targetId));
  }

  /** Records the language's status message as drawn now; false when the language is gone. */
  async redrawStatus(targetId: string, now: number, given: StatusGiven = {}): Promise<boolean> {
    const delivery = await this.status(targetId, now, given);
    if (!delivery) return false;
    await this.#options.store.enqueue(delivery, now);
    // The card's line for the language says the same (an unchanged card is not written again).
    await this.redrawCard(delivery.jobId, now);
    return true;
  }

  /** The job's card as it should read in `state`. */
  card(job: Job, state: CardState, dstLangs: string[], options: CardOptions = {}): DeliveryInput {
    return cardDelivery(this.#options.parts.card, job, state, dstLangs, options);
  }

  /** Every language of a job as the store knows it now (what its status message and card line are drawn from). */
  async languageStates(jobId: string, now: number): Promise<LanguageState[]> {
    const { store, describe } = this.#options;
    const states = await Promise.all(
      (await store.targetsOf(jobId)).map((t) => languageState(store, describe, t.id, now)),
    );
    return states.filter((state): state is LanguageState => state !== undefined);
  }

  /**
   * A started job's card as its languages stand: a line for each, drawn from everything the store knows of it
   * (with `given` over the one language a caller has just learnt about), and Stop only while one is under way.
   */
  async startedCard(
    job: Job,
    targets: Target[],
    now: number,
    given?: { targetId: string } & StatusGiven,
  ): Promise<DeliveryInput> {
    const { store, describe, parts } = this.#options;
    const states = await Promise.all(
      targets.map((t) => languageState(store, describe, t.id, now, t.id === given?.targetId ? given : {})),
    );
    const languages = states.flatMap((state) => (state ? [cardLanguage(state)] : []));
    return startedCard(parts.card, job, targets, languages);
  }

  /**
   * A started job's card drawn again from the store: its languages' lines, and Stop only while one is under
   * way; false when the job is not started (a waiting, cancelled or stopped card says what it says).
   */
  async redrawCard(jobId: string, now: number): Promise<boolean> {
    const job = await this.#options.store.getJob(jobId);
    if (job?.state !== 'starting' && job?.state !== 'running') return false;
    const targets = await this.#options.store.targetsOf(job.id);
    if (targets.length === 0) return false;
    await this.#options.store.enqueue(await this.startedCard(job, targets, now), now);
    return true;
  }

  /** What a job's start announces: its card as started, and each language's status message. */
  async startDeliveries(job: Job, targets: Target[], now: number): Promise<DeliveryInput[]> {
    const statuses = await Promise.all(targets.map((t) => this.status(t.id, now, { info: null, target: t })));
    return [
      await this.startedCard(job, targets, now),
      ...statuses.filter((d): d is DeliveryInput => d !== undefined),
    ];
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
