// A lip-sync asked for on a dubbed language: what the dialog offers (the full video's price, the free minutes
// left for a preview), then the request recorded (one at a time per language, with the kind chosen) for the
// lip-sync loop, which runs it and reports in the thread.
import type { DubbingService } from '../../dubbing/service.ts';
import type { LipsyncStore } from '../../store/store.ts';
import type { ReviewService } from '../review/service.ts';
import type { LipsyncChoices } from './blocks.ts';

export interface LipsyncRequest {
  multipleFaces: boolean;
  /** The free preview (the first minute, from free lip-sync minutes) instead of the full lip-synced video. */
  preview: boolean;
}

export class LipsyncService {
  readonly #store: LipsyncStore;
  readonly #review: ReviewService;
  readonly #dubbing: DubbingService;
  readonly #wake: () => void;
  readonly #now: () => number;

  constructor(options: {
    store: LipsyncStore;
    review: ReviewService;
    dubbing: DubbingService;
    wake: () => void;
    now?: () => number;
  }) {
    this.#store = options.store;
    this.#review = options.review;
    this.#dubbing = options.dubbing;
    this.#wake = options.wake;
    this.#now = options.now ?? Date.now;
  }

  /** What the dialog offers for a dubbed language's project: the full video's paid minutes, free minutes left. */
  async choices(projectId: string): Promise<LipsyncChoices> {
    const [credits, project, paid] = await Promise.all([
      this.#dubbing.credits(),
      this.#dubbing.getProject(projectId),
      this.#store.fullLipsyncDone(projectId),
    ]);
    const free = credits.lipsync_free_minutes;
    return {
      // The full lip-sync is charged by the video's length in whole minutes (docs/service.md, Credits), once per
      // project: after a full one was delivered, another is free.
      paidMinutes: paid
        ? 0
        : Math.max(1, Math.ceil((project.duration ?? project.original_duration ?? 0) / 60)),
      freeMinutesLeft: Math.max(0, Math.floor(free.total - free.used)),
    };
  }

  /** Records the lip-sync; what to tell the person (and in which channel) when it cannot be done. */
  async request(
    targetId: string,
    userId: string,
    options: LipsyncRequest,
  ): Promise<{ problem: string; channel: string | null } | undefined> {
    const check = await this.#review.dubbed(targetId);
    if (!check.ok) return { problem: check.problem, channel: null };
    const { job, target } = check.value;
    const task = await this.#store.createLipsync(
      {
        targetId: target.id,
        jobId: job.id,
        projectId: target.projectId,
        userId,
        multipleFaces: options.multipleFaces,
        free: options.preview,
      },
      this.#now(),
    );
    if (!task) return { problem: 'A lip-sync of this language is already under way.', channel: job.channel };
    this.#wake();
    return undefined;
  }
}
