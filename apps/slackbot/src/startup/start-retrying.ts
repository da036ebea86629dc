// Starting the app once the start-up checks passed: the database answered the check but may go away before
// the store's migrations run (a PostgreSQL restart). That is waited for as at the check, with a growing
// pause, rather than ending the process; anything else is the caller's to handle.
import { isStoreUnavailable } from '../store/unavailable.ts';

export interface StartRetryingOptions {
  logger: { warn(details: object, message: string): void };
  /** True once the process is stopping: no further try. */
  stopping: () => boolean;
  /** The first pause (1 s), doubling up to `mostWaitMs` (30 s). */
  firstWaitMs?: number;
  mostWaitMs?: number;
}

/** `start()` until it succeeds, waiting while the store is unavailable; undefined when stopping first. */
export async function startRetrying<T>(
  start: () => Promise<T>,
  options: StartRetryingOptions,
): Promise<T | undefined> {
  const most = options.mostWaitMs ?? 30_000;
  for (let waitMs = options.firstWaitMs ?? 1_000; !options.stopping(); waitMs = Math.min(waitMs * 2, most)) {
    try {
      return await start();
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      options.logger.warn(
        { err: error, retryInMs: waitMs },
        'the database went away while starting; waiting for it',
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  return undefined;
}
