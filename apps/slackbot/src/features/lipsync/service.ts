// A lip-sync asked for on a dubbed language: recorded (one at a time per language) for the lip-sync loop,
// which runs it and reports in the thread.
import type { Store } from '../../store/store.ts';
import type { ReviewService } from '../review/service.ts';

export class LipsyncService {
  readonly #store: Store;
  readonly #review: ReviewService;
  readonly #wake: () => void;
  readonly #now: () => number;

  constructor(options: { store: Store; review: ReviewService; wake: () => void; now?: () => number }) {
    this.#store = options.store;
    this.#review = options.review;
    this.#wake = options.wake;
    this.#now = options.now ?? Date.now;
  }

  /** Records the lip-sync; what to tell the person (and in which channel) when it cannot be done. */
  async request(
    targetId: string,
    userId: string,
    multipleFaces: boolean,
  ): Promise<{ problem: string; channel: string | null } | undefined> {
    const check = await this.#review.dubbed(targetId);
    if (!check.ok) return { problem: check.problem, channel: null };
    const { job, target } = check.value;
    const task = await this.#store.createLipsync(
      { targetId: target.id, jobId: job.id, projectId: target.projectId, userId, multipleFaces },
      this.#now(),
    );
    if (!task) return { problem: 'A lip-sync of this language is already under way.', channel: job.channel };
    this.#wake();
    return undefined;
  }
}
