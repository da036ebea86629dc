// What listeners ask of the jobs, after they acked: open a job (card or immediate start), start it with the
// picked languages, cancel it, retry a failed language. Each call records the change and the Slack writes it
// causes in the store, then wakes the loops that carry them out.
import type { Job, JobChoice, NewJob, Store } from '../store/store.ts';
import type { PickerGlossary } from '../features/glossary/blocks.ts';
import { cardDelivery, statusDelivery } from './notify.ts';

export interface JobServiceOptions {
  store: Store;
  /** Wake the deliverer (Slack writes were enqueued) and the tracker (work became due). */
  wakeDeliverer: () => void;
  wakeTracker: () => void;
  /** What the picker offers for a job: the channel's default languages and its glossaries. */
  picker?: (job: Job) => Promise<{ dstLangs: string[]; glossaries: PickerGlossary[]; glossaryIds: string[] }>;
  now?: () => number;
}

export type OpenResult = { outcome: 'created' | 'duplicate'; jobId: string };

export class JobService {
  readonly #o: JobServiceOptions;
  readonly #now: () => number;

  constructor(options: JobServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Opens a job for a trigger (once per trigger: a redelivered event finds the job already there). With a
   * choice it starts at once; otherwise the job card with the picker is posted, unless `postCard` is false
   * (the shortcut's modal picks instead).
   */
  async open(input: NewJob & { choice?: JobChoice; postCard: boolean }): Promise<OpenResult> {
    const { store } = this.#o;
    const { job, created } = await store.createJob(input, this.#now());
    if (!created) return { outcome: 'duplicate', jobId: job.id };
    if (input.choice) await this.start(job.id, input.choice);
    else if (input.postCard) {
      const picker = await this.#o.picker?.(job);
      await store.enqueue(cardDelivery(job, 'picking', picker?.dstLangs ?? [], picker), this.#now());
      this.#o.wakeDeliverer();
    }
    return { outcome: 'created', jobId: job.id };
  }

  /** Starts a job waiting for its languages; false when it was already started or cancelled. */
  async start(jobId: string, choice: JobChoice): Promise<boolean> {
    const { store } = this.#o;
    const now = this.#now();
    const job = await store.startJob(jobId, choice, now);
    if (!job) return false;
    await store.enqueue(cardDelivery(job, 'started', choice.dstLangs), now);
    for (const target of await store.targetsOf(job.id)) {
      await store.enqueue(statusDelivery(job, target, { status: null, info: null, now }), now);
    }
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
    return true;
  }

  async cancel(jobId: string): Promise<boolean> {
    const { store } = this.#o;
    if (!(await store.cancelJob(jobId))) return false;
    const job = (await store.getJob(jobId))!;
    await store.enqueue(cardDelivery(job, 'cancelled', []), this.#now());
    this.#o.wakeDeliverer();
    return true;
  }

  /** Starts a new attempt for a failed language; false when it is not failed (a second click). */
  async retry(targetId: string): Promise<boolean> {
    const { store } = this.#o;
    const now = this.#now();
    const target = await store.retryTarget(targetId, now);
    if (!target) return false;
    const job = (await store.getJob(target.jobId))!;
    await store.enqueue(statusDelivery(job, target, { status: null, info: null, now }), now);
    this.#o.wakeDeliverer();
    this.#o.wakeTracker();
    return true;
  }
}
