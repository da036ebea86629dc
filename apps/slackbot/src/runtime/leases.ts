// Leases that a dead replica's work escapes quickly: every claim is short (LEASE_MS), and the process that
// holds a row renews it every RENEW_EVERY_MS for as long as it works on it. A replica killed mid-work stops
// renewing, so its rows are due again for the others within LEASE_MS, however long the work itself takes (an
// upload, a round of polls waiting for the request budget).
import type { Logger } from 'pino';
import type { LeasedTable, Store } from '../store/store.ts';

export const LEASE_MS = 15_000;

/** Told of every renewal of every process's held leases (the metrics count the failed ones). */
export type LeaseObserver = (table: LeasedTable, ok: boolean) => void;
const observers = new Set<LeaseObserver>();

export function observeLeases(observer: LeaseObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}
/** Three renewals per lease: one lost to a slow database still leaves the lease held. */
const RENEW_EVERY_MS = 5_000;

export interface HeldLeasesOptions {
  store: Pick<Store, 'renewLeases'>;
  table: LeasedTable;
  owner: string;
  logger: Logger;
  now?: () => number;
  renewEveryMs?: number;
}

/** The rows of one table this process works on now, renewed until dropped. */
export class HeldLeases {
  readonly #o: HeldLeasesOptions;
  readonly #now: () => number;
  readonly #held = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #renewing = false;

  constructor(options: HeldLeasesOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Keeps `key` leased until `drop`. */
  hold(key: string): void {
    this.#held.add(key);
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.renew(), this.#o.renewEveryMs ?? RENEW_EVERY_MS);
      this.#timer.unref();
    }
  }

  drop(key: string): void {
    this.#held.delete(key);
    if (this.#held.size === 0) this.stop();
  }

  /** The keys held now. */
  get keys(): string[] {
    return [...this.#held.keys()];
  }

  /** Renews every held lease now. Never throws: a failed renewal is tried again at the next interval. */
  async renew(): Promise<void> {
    if (this.#renewing || this.#held.size === 0) return;
    this.#renewing = true;
    const now = this.#now();
    try {
      await this.#o.store.renewLeases(this.#o.table, this.keys, this.#o.owner, now + LEASE_MS, now);
      for (const observer of observers) observer(this.#o.table, true);
    } catch (error) {
      for (const observer of observers) observer(this.#o.table, false);
      this.#o.logger.warn({ err: error, table: this.#o.table }, 'renewing leases failed; will try again');
    } finally {
      this.#renewing = false;
    }
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
