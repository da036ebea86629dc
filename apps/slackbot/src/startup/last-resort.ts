// The process-level guard: a promise rejected with no handler would end Node (and the replica with it). Every
// loop handles its own failures, the database going away included, so reaching this is a bug; it is logged
// under LAST_RESORT (the fault tests look for it and fail on it) and the process keeps serving, because ending
// a replica over one lost promise turns a bug into an outage. Thrown exceptions still end the process: after
// one, the state of the code that threw is unknown.
import type { Logger } from 'pino';

export const LAST_RESORT = 'unhandled promise rejection (a bug): logged and kept running';

export function keepAliveOnUnhandledRejection(logger: Pick<Logger, 'fatal'>): void {
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, LAST_RESORT);
  });
}
