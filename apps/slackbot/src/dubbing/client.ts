// The app's one DubbingClient: built once from the configuration (never from process.env itself), sending
// every request through the request budget, logging through the app's logger; closed when the app stops.
import { type Logger as ClientLogger, DubbingClient } from '@dubkit/core';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from '../config.ts';
import { budgetDispatcher, type RequestBudget } from './budget.ts';

export interface AppClient {
  client: DubbingClient;
  /** The request budget every request of the client goes through (its 429 pauses are counted in /metrics). */
  budget: RequestBudget;
  /** Closes the client and the connections of its dispatcher. */
  close(): Promise<void>;
}

export function createAppClient(
  config: Config,
  budget: RequestBudget,
  logger: Logger,
  base?: Dispatcher,
): AppClient {
  const auth = config.service.auth;
  if (!auth)
    throw new Error(
      'no dubbing account is configured (DUBKIT_TOKEN, or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET)',
    );
  const dispatcher = budgetDispatcher(budget, base);
  const client = new DubbingClient({
    baseUrl: config.service.baseUrl,
    ...auth,
    env: {},
    dispatcher,
    logger: clientLogger(logger),
  });
  return {
    client,
    budget,
    async close() {
      await client.close();
      await dispatcher.close();
    },
  };
}

/** The client's log lines go through pino (the client redacts credentials itself). */
function clientLogger(logger: Logger): ClientLogger {
  return {
    error: (message, details) => logger.error(details ?? {}, message),
    warn: (message, details) => logger.warn(details ?? {}, message),
    info: (message, details) => logger.info(details ?? {}, message),
    debug: (message, details) => logger.debug(details ?? {}, message),
  };
}
