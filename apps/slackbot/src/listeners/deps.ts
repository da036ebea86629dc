// What every listener gets: the store (event dedupe), the job service it hands work to, a logger, limits.
import type { Logger } from 'pino';
import type { JobService } from '../jobs/service.ts';
import type { Store } from '../store/store.ts';
import type { ExtraDeps } from './extra-deps.ts';

export interface ListenerDeps {
  store: Store;
  jobs: JobService;
  logger: Logger;
  maxFileBytes: number;
  now: () => number;
  /** Review, render again, speakers and the other follow-up actions of a thread. */
  extras: ExtraDeps;
}
