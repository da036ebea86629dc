// The loop that runs recorded glossary imports (dropped files and the upload dialog's): each is leased to
// one runner at a time, tried again with backoff while Slack or the service cannot answer, and resumed after
// a restart, since nothing but the store knows it is owed.
import type { Logger } from 'pino';
import { LEASE_MS } from '../../runtime/leases.ts';
import { Runner } from '../../runtime/runner.ts';
import type { GlossaryStore, Store } from '../../store/store.ts';
import type { GlossaryService } from './service.ts';

/** A failed try waits 5 s, doubling, at most 5 minutes. */
const retryMs = (failures: number) => Math.min(5 * 60_000, 5_000 * 2 ** failures);

export interface ImportRunnerOptions {
  store: GlossaryStore & Pick<Store, 'renewLeases'>;
  glossaries: GlossaryService;
  owner: string;
  logger: Logger;
  now?: () => number;
}

/** An import in progress (a 20 MB download and one request to the service) keeps its short lease. */
export class ImportRunner extends Runner<'glossary_imports'> {
  readonly #o: ImportRunnerOptions;
  readonly #now: () => number;

  constructor(options: ImportRunnerOptions) {
    super({ ...options, name: 'glossary imports', idleMs: 1_000, tables: ['glossary_imports'] });
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  protected async round(): Promise<boolean> {
    const { store, glossaries, owner } = this.#o;
    const leases = this.leases('glossary_imports');
    const due = await store.claimImports(owner, this.#now(), LEASE_MS, 4);
    for (const request of due) leases.hold(request.key);
    try {
      for (const request of due) {
        if (!(await glossaries.runImport(request))) {
          await store.deferImport(request.key, this.#now() + retryMs(request.failures));
        }
      }
    } finally {
      for (const request of due) leases.drop(request.key);
    }
    return due.length > 0;
  }
}
