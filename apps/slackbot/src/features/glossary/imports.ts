// The loop that runs recorded glossary imports (dropped files and the upload dialog's): each is leased to
// one runner at a time, tried again with backoff while Slack or the service cannot answer, and resumed after
// a restart, since nothing but the store knows it is owed.
import type { Logger } from 'pino';
import { Loop } from '../../loop.ts';
import type { Store } from '../../store/store.ts';
import type { GlossaryService } from './service.ts';

/** Longer than an import takes (a 20 MB download and one request to the service), so a live one keeps it. */
const LEASE_MS = 5 * 60_000;
/** A failed try waits 5 s, doubling, at most 5 minutes. */
const retryMs = (failures: number) => Math.min(5 * 60_000, 5_000 * 2 ** failures);

export class ImportRunner {
  readonly #loop: Loop;

  constructor(options: {
    store: Store;
    glossaries: GlossaryService;
    owner: string;
    logger: Logger;
    now?: () => number;
  }) {
    const now = options.now ?? Date.now;
    this.#loop = new Loop(
      async () => {
        const due = await options.store.claimImports(options.owner, now(), LEASE_MS, 4);
        for (const request of due) {
          if (!(await options.glossaries.runImport(request))) {
            await options.store.deferImport(request.key, now() + retryMs(request.failures));
          }
        }
        return due.length > 0;
      },
      { idleMs: 1_000, logger: options.logger, name: 'glossary imports' },
    );
  }

  start(): void {
    this.#loop.start();
  }

  wake(): void {
    this.#loop.wake();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }
}
