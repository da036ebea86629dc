// List sweeps of the tracker (jobs/sweep.ts): one read of the service's project list shows the status of up to
// a hundred projects at once. The sweep is leased to one replica at a time and paced across all of them; what
// it saw is recorded on the languages it follows.
import type { Target } from './jobs.ts';

/** The one sweep there is (its row's key): every project this deployment follows. */
export const SWEEP_NAME = 'projects';

export interface SweepStore {
  /**
   * Leases the sweep to `owner` when no replica holds it and the last one began at least `everyMs` ago; true
   * when this owner may sweep now. The lease is renewed like any other (renewLeases on 'sweeps', key 'projects').
   */
  claimSweep(owner: string, now: number, leaseMs: number, everyMs: number): Promise<boolean>;
  /** Gives the sweep's lease back (the pace set by the claim stays). */
  releaseSweep(owner: string): Promise<void>;
  /** The languages followed now (not ended, bound to a project), oldest poll due first, at most `limit`. */
  trackedTargets(limit: number): Promise<Target[]>;
  /** Leases the targets among `ids` that no one holds (for the changes a sweep saw): those leased. */
  claimTargets(ids: readonly string[], owner: string, now: number, leaseMs: number): Promise<Target[]>;
  /**
   * A sweep saw these targets, not held by anyone, in the status recorded: each is looked at again from
   * `nextPollAt`.
   */
  markSeen(ids: readonly string[], nextPollAt: number, now: number): Promise<void>;
}
