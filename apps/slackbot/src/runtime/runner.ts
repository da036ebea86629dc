// The one shape of the app's background workers (the tracker, the deliverer, the lip-sync runner, the glossary
// imports): a loop of rounds (loop.ts) over work claimed in the store under short leases that this process
// renews while it holds them (leases.ts). A worker writes its round and, where it has some, what stopping
// waits for; starting, waking and the order of stopping are the same for all of them.
import type { Logger } from 'pino';
import type { LeasedTable, Store } from '../store/store.ts';
import { HeldLeases } from './leases.ts';
import { Loop } from './loop.ts';

export interface RunnerOptions<T extends LeasedTable> {
  /** The loop's name in the logs and the metrics. */
  name: string;
  /** How long an idle loop waits before it looks for due work again (a wake-up comes sooner). */
  idleMs: number;
  logger: Logger;
  store: Pick<Store, 'renewLeases'>;
  /** This process, as the leases name it. */
  owner: string;
  /** The tables whose rows this worker claims. */
  tables: readonly T[];
  /** The leases' clock (tests set it). */
  now?: () => number;
}

export abstract class Runner<T extends LeasedTable = LeasedTable> {
  readonly #loop: Loop;
  readonly #leases: Map<T, HeldLeases>;

  protected constructor(options: RunnerOptions<T>) {
    const { store, owner, logger } = options;
    this.#leases = new Map(
      options.tables.map((table) => [
        table,
        new HeldLeases({ store, owner, logger, table, ...(options.now ? { now: options.now } : {}) }),
      ]),
    );
    this.#loop = new Loop(() => this.round(), { idleMs: options.idleMs, logger, name: options.name });
  }

  /** One round of work; true when there may be more at once. */
  protected abstract round(): Promise<boolean>;

  /** The leases this worker holds on `table`'s rows while it works on them. */
  protected leases(table: T): HeldLeases {
    const held = this.#leases.get(table);
    if (!held) throw new Error(`no leases on ${table} for this runner`);
    return held;
  }

  start(): void {
    this.#loop.start();
  }

  /** Runs a round now (after work was recorded). */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Stops after the round in progress: `interrupt` first (what should not finish), then what the rounds left
   * running is waited for (`drain`), the leases stop being renewed, and `release` gives back what it can.
   */
  async stop(): Promise<void> {
    this.interrupt();
    await this.#loop.stop();
    await this.drain();
    for (const held of this.#leases.values()) held.stop();
    await this.release();
  }

  /** Aborts work that should not finish once stopping (an upload in progress). */
  protected interrupt(): void {}

  /** Waits for work a round started and did not wait for. */
  protected async drain(): Promise<void> {}

  /** Gives back, or records, what this process held, once nothing runs any more. */
  protected async release(): Promise<void> {}
}
