// The minutes check: once a job's media is ready and before any of its projects is created, the minutes the
// job needs (the video's length, in whole minutes, per language) are compared with what is left on the
// account; when they do not fit, the thread says so and no project is created (the starter reports the
// languages not started). A check that could not be made is logged and lets the job go on: the service
// still refuses a project it has no minutes for.
import type { Logger } from 'pino';
import { minutesLeft, minutesNeeded } from '../../domain/credits.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Job, OutboxStore, Target } from '../../store/store.ts';
import { creditsWarning } from './credits.ts';

export function creditCheck(options: {
  store: OutboxStore;
  dubbing: DubbingService;
  logger: Logger;
  now?: () => number;
}): (job: Job, mediaId: string, targets: Target[]) => Promise<boolean> {
  const now = options.now ?? Date.now;
  return async (job, mediaId, targets) => {
    try {
      const [duration, credits] = await Promise.all([
        options.dubbing.mediaDuration(mediaId),
        options.dubbing.credits(),
      ]);
      const left = minutesLeft(credits);
      if (duration === undefined || minutesNeeded(duration, targets.length) <= left) return true;
      await options.store.enqueue(
        {
          key: `credits:${job.id}`,
          jobId: job.id,
          kind: 'reply',
          inThread: true,
          payload: creditsWarning({ durationSeconds: duration, languages: targets.length, left }),
        },
        now(),
      );
      return false;
    } catch (error) {
      options.logger.warn({ err: error, job: job.id }, 'the credits check failed; going on');
      return true;
    }
  };
}
