// The loop that runs recorded glossary imports (dropped files and the upload dialog's): each is leased to
// one runner at a time, tried again with backoff while Slack or the service cannot answer, and resumed after
// a restart, since nothing but the store knows it is owed.
import type { Logger } from 'pino';
import { HeldLeases, LEASE_MS } from '../../leases.ts';
import { Loop } from '../../loop.ts';
import type { Store } from '../../store/store.ts';
import type { GlossaryService } from './service.ts';

/** A failed try waits 5 s, doubling, at most 5 minutes. */
const retryMs = (failures: number) => Math.min(5 * 60_000, 5_000 * 2 ** failures);

export class ImportRunner {
  readonly #loop: Loop;
  /** An import in progress (a 20 MB download and one request to the service) keeps its short lease. */
  readonly #leases: HeldLeases;

  constructor(options: {
    store: Store;
    glossaries: GlossaryService;
    owner: string;
    logger: Logger;
    now?: () => number;
  }) {
    const now = options.now ?? Date.now;
    const leases = new HeldLeases({ ...options, table: 'glossary_imports' });
    this.#leases = leases;
    this.#loop = new Loop(
      async () => {
        const due = await options.store.claimImports(options.owner, now(), LEASE_MS, 4);
        for (const request of due) leases.hold(request.key);
        try {
          for (const request of due) {
            if (!(await options.glossaries.runImport(request))) {
              await options.store.deferImport(request.key, now() + retryMs(request.failures));
            }
          }
        } finally {
          for (const request of due) leases.drop(request.key);
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

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#leases.stop();
  }
}
