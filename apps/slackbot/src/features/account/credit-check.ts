// The credits warning: once a job's media is ready and before its projects are created, the minutes the job
// needs (the video's length, in whole minutes, per language) are compared with what is left on the account;
// when they do not fit, the thread says so. A failed check is logged and never holds the job up.
import type { Logger } from 'pino';
import { minutesLeft, minutesNeeded } from '../../domain/credits.ts';
import type { DubbingService } from '../../dubbing/service.ts';
import type { Job, Store, Target } from '../../store/store.ts';
import { creditsWarning } from './credits.ts';

export function creditCheck(options: {
  store: Store;
  service: DubbingService;
  logger: Logger;
  now?: () => number;
}): (job: Job, mediaId: string, targets: Target[]) => Promise<void> {
  const now = options.now ?? Date.now;
  return async (job, mediaId, targets) => {
    try {
      const [duration, credits] = await Promise.all([
        options.service.mediaDuration(mediaId),
        options.service.credits(),
      ]);
      const left = minutesLeft(credits);
      if (duration === undefined || minutesNeeded(duration, targets.length) <= left) return;
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
    } catch (error) {
      options.logger.warn({ err: error, job: job.id }, 'the credits check failed; going on');
    }
  };
}
