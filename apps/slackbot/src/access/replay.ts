// Requests the gate kept because Slack could not say, within the ack budget, whether their sender is in the
// channel they act on (access/middleware.ts): each is run again through the whole app — the gate checks it
// again, then its handler runs — once Slack can say, so that a person's submission is never dropped because
// Slack was busy. A run that still cannot check it is tried again later, for about ten minutes.
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';

/** The Bolt context property of a replayed request: the gate marks it when Slack still could not say. */
export const REPLAY = 'keptRequestReplay';

export interface Replay {
  /** Set by the gate: membership still unknown, nothing was done. */
  unknown: boolean;
}

const BATCH = 10;
/** How long a run holds its request from the other replicas. */
const HOLD_MS = 30_000;
/** Tries of a request Slack keeps not answering about: RETRY_MS apart, about ten minutes in all. */
const MAX_TRIES = 40;
const RETRY_MS = 15_000;

export interface ReplayOptions {
  store: Pick<Store, 'dueRequests' | 'claimRequest' | 'retryRequest' | 'finishRequest'>;
  /** Runs Slack's payload through the app as if it had just arrived (its ack goes nowhere). */
  run(body: unknown, replay: Replay): Promise<void>;
  logger: Logger;
  now?: () => number;
  retryMs?: number;
}

/** One round of replays (for a Loop): true when there were kept requests due. */
export function replayKeptRequests(options: ReplayOptions): () => Promise<boolean> {
  const now = options.now ?? Date.now;
  return async () => {
    const { store, logger } = options;
    const due = await store.dueRequests(now(), BATCH);
    for (const request of due) {
      if (!(await store.claimRequest(request.id, now(), HOLD_MS))) continue;
      const replay: Replay = { unknown: false };
      let failed = false;
      try {
        await options.run(request.body, replay);
      } catch (error) {
        failed = true;
        logger.warn({ err: error, request: request.id }, 'running a kept request failed; will try again');
      }
      if (!(replay.unknown || failed)) await store.finishRequest(request.id);
      else if (request.tries + 1 < MAX_TRIES)
        await store.retryRequest(request.id, now() + (options.retryMs ?? RETRY_MS));
      else {
        logger.error(
          { request: request.id, tries: request.tries + 1 },
          'gave up on a kept request: Slack never said whether its sender is in the channel',
        );
        await store.finishRequest(request.id);
      }
    }
    return due.length > 0;
  };
}
