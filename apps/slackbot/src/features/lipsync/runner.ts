// The lip-sync loop: for each lip-sync under way (in the store), looks at the project's lip-sync record and
// moves it on: starts the face check when none ran, explains a video without a face, starts the lip-sync
// (several faces or one; the full video, or the free preview when that is what the person chose), shows its
// progress in the language's status message, and posts the lip-synced video as a reply saying which kind. Every Slack write goes through the store's outbox.
import { InsufficientCreditsError, type LipsyncInfo } from '@dubkit/core';
import type { Logger } from 'pino';
import { BusyError, type DubbingService } from '../../dubbing/service.ts';
import { LEASE_MS } from '../../runtime/leases.ts';
import { Runner } from '../../runtime/runner.ts';
import type {
  DeliveryInput,
  Job,
  JobStore,
  LipsyncStore,
  LipsyncTask,
  OutboxStore,
  Store,
  Target,
} from '../../store/store.ts';
import type { ThreadDrawer } from '../../thread/drawer.ts';
import { lipsyncedReply, lipsyncFailedReply, noFaceReply } from './blocks.ts';

export interface LipsyncRunnerOptions {
  store: JobStore & LipsyncStore & OutboxStore & Pick<Store, 'renewLeases'>;
  dubbing: DubbingService;
  logger: Logger;
  owner: string;
  /** How soon to look again while a face check or lip-sync runs. */
  pollMs: number;
  onDeliveries: () => void;
  /** Draws the language's status message with the lip-sync's stage. */
  drawer: ThreadDrawer;
  now?: () => number;
}

export class LipsyncRunner extends Runner<'lipsyncs'> {
  readonly #o: LipsyncRunnerOptions;
  readonly #now: () => number;

  constructor(options: LipsyncRunnerOptions) {
    super({ ...options, name: 'lipsync', idleMs: Math.min(1000, options.pollMs), tables: ['lipsyncs'] });
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  protected async round(): Promise<boolean> {
    const due = await this.#o.store.claimDueLipsyncs(this.#o.owner, this.#now(), LEASE_MS, 20);
    for (const task of due) this.leases('lipsyncs').hold(task.id);
    try {
      for (const task of due) {
        try {
          await this.#step(task);
        } catch (error) {
          if (error instanceof BusyError) {
            // The dub is being rendered again (or is not dubbed): this lip-sync cannot go on.
            await this.#giveUp(
              task,
              'The dub is being changed right now; press Lip-sync again once it is ready.',
            );
            continue;
          }
          this.#o.logger.warn(
            { err: error, lipsync: task.id },
            'looking at a lip-sync failed; will look again',
          );
          await this.#o.store.updateLipsync(task.id, { nextPollAt: this.#now() + this.#o.pollMs * 4 });
        }
      }
    } finally {
      for (const task of due) this.leases('lipsyncs').drop(task.id);
    }
    return due.length > 0;
  }

  async #step(task: LipsyncTask): Promise<void> {
    const { store, dubbing } = this.#o;
    const target = await store.getTarget(task.targetId);
    const job = target && (await store.getJob(target.jobId));
    if (!target || !job) {
      await store.updateLipsync(task.id, { state: 'failed' });
      return;
    }
    const info = await dubbing.lipsync(task.projectId);
    const later = this.#now() + this.#o.pollMs;
    if (task.state === 'checking') {
      if (info.check_face_task_status === 'started') {
        await this.#status(target, task, 'Checking the video for faces', 0);
        await store.updateLipsync(task.id, { nextPollAt: later });
        return;
      }
      if (info.check_face_task_status !== 'done') {
        if (task.faceCheckAsked) {
          await this.#giveUp(task, 'The face check failed on the service. Press Lip-sync to try again.');
          return;
        }
        // No face check yet (or one that failed before this request): ask for one, once.
        await dubbing.checkFace(task.projectId);
        await this.#status(target, task, 'Checking the video for faces', 0);
        await store.updateLipsync(task.id, { faceCheckAsked: true, nextPollAt: later });
        return;
      }
      if (!info.video_has_face) {
        await this.#finish(job, target, task, 'no_face', {
          key: `noface:${task.id}`,
          payload: noFaceReply({ lang: target.dstLang }),
        });
        return;
      }
      // The kind the person chose; a task recorded before people chose (null) gets the full one, the default.
      const free = task.free === true;
      try {
        await dubbing.startLipsync(task.projectId, { multipleFaces: task.multipleFaces, free });
      } catch (error) {
        if (error instanceof InsufficientCreditsError || error instanceof BusyError) {
          const why =
            error instanceof InsufficientCreditsError
              ? free
                ? 'There are not enough free lip-sync minutes left for the preview.'
                : 'There are not enough minutes left on the account for the full lip-sync.'
              : 'The dub is being changed right now; try again once it is ready.';
          await this.#finish(job, target, task, 'failed', {
            key: `lipsyncfailed:${task.id}`,
            payload: lipsyncFailedReply({ lang: target.dstLang, why }),
          });
          return;
        }
        throw error;
      }
      await this.#status(target, task, lipsyncLabel(task), 0);
      await store.updateLipsync(task.id, { state: 'syncing', free, progress: 0, nextPollAt: later });
      return;
    }
    const status = info.lipsync_task_status;
    if (status === 'done' || status === 'outdated') {
      await this.#finish(job, target, task, 'done', {
        key: `lipsynced:${task.id}`,
        payload: lipsyncedReply({
          lang: target.dstLang,
          url: info.lipsync_result_path ?? null,
          userId: task.userId,
          free: task.free === true,
        }),
      });
      return;
    }
    if (status === 'failed') {
      await this.#finish(job, target, task, 'failed', {
        key: `lipsyncfailed:${task.id}`,
        payload: lipsyncFailedReply({
          lang: target.dstLang,
          why: `The service stopped it (project \`${task.projectId}\`).`,
        }),
      });
      return;
    }
    const progress = progressOf(info);
    const queued = info.tasks_in_lipsync_queue ?? 0;
    await this.#status(
      target,
      task,
      queued > 0 ? `Waiting for lip-sync (${queued} ahead)` : lipsyncLabel(task),
      progress,
    );
    await store.updateLipsync(task.id, { progress, nextPollAt: later });
  }

  async #giveUp(task: LipsyncTask, why: string): Promise<void> {
    const target = await this.#o.store.getTarget(task.targetId);
    const job = target && (await this.#o.store.getJob(target.jobId));
    if (!target || !job) {
      await this.#o.store.updateLipsync(task.id, { state: 'failed' });
      return;
    }
    await this.#finish(job, target, task, 'failed', {
      key: `lipsyncfailed:${task.id}`,
      payload: lipsyncFailedReply({ lang: target.dstLang, why }),
    });
  }

  /** The language's status message shows the lip-sync's stage and progress (a write only when it changed). */
  async #status(target: Target, task: LipsyncTask, label: string, progress: number): Promise<void> {
    await this.#redraw(target, { label, progress, startedAt: task.startedAt });
  }

  /** The language's status message drawn again from the store (its approval kept), with the lip-sync's stage. */
  async #redraw(target: Target, lipsync?: { label: string; progress: number; startedAt: number }) {
    await this.#o.drawer.redrawStatus(target.id, this.#now(), lipsync ? { lipsync } : {});
    this.#o.onDeliveries();
  }

  /** Ends the lip-sync: the status message reads "dubbed" again and the outcome is posted as a reply. */
  async #finish(
    job: Job,
    target: Target,
    task: LipsyncTask,
    state: 'done' | 'failed' | 'no_face',
    reply: { key: string; payload: unknown },
  ): Promise<void> {
    await this.#redraw(target);
    await this.#enqueue({
      key: reply.key,
      jobId: job.id,
      kind: 'reply',
      inThread: true,
      payload: reply.payload,
    });
    await this.#o.store.updateLipsync(task.id, { state, ...(state === 'done' ? { progress: 1 } : {}) });
  }

  async #enqueue(delivery: DeliveryInput): Promise<void> {
    await this.#o.store.enqueue(delivery, this.#now());
    this.#o.onDeliveries();
  }
}

/** The service reports progress as a percentage (or, leniently, as a fraction). */
export function progressOf(info: Pick<LipsyncInfo, 'lipsync_task_progress'>): number {
  const raw = info.lipsync_task_progress ?? 0;
  const fraction = raw > 1 ? raw / 100 : raw;
  return Math.min(1, Math.max(0, fraction));
}

/** The status message's stage while a lip-sync runs, naming the preview so nobody waits for the whole video. */
export function lipsyncLabel(task: Pick<LipsyncTask, 'free'>): string {
  return task.free === true ? 'Lip-syncing (free preview)' : 'Lip-syncing';
}
