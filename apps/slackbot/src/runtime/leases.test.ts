// Short leases kept by their live holder: renewed while held, left to expire once dropped, and never taken
// back from another owner.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { startedJob } from '../test-support/jobs.ts';
import { type TempStore, tempStore } from '../test-support/store.ts';
import { HeldLeases, LEASE_MS } from './leases.ts';

let temp: TempStore;
let store: Store;
beforeEach(async () => {
  temp = await tempStore();
  store = temp.store;
});
afterEach(() => temp.cleanup());

/** Owner a's leases on jobs, on the test's clock. */
const jobLeases = (now: () => number) =>
  new HeldLeases({ store, table: 'jobs', owner: 'a', logger: pino({ level: 'silent' }), now });

describe('HeldLeases', () => {
  it('keeps a held row from others past its first lease, and lets it go within one lease once dropped', async () => {
    const { job } = await startedJob(store);
    let now = 10_000;
    const leases = jobLeases(() => now);
    expect((await store.claimJobsToStart('a', now, LEASE_MS, 8)).map((j) => j.id)).toEqual([job.id]);
    leases.hold(job.id);
    // Renewed every few seconds for a minute: nobody else gets it.
    for (let i = 0; i < 12; i += 1) {
      now += 5_000;
      await leases.renew();
      expect(await store.claimJobsToStart('b', now, LEASE_MS, 8)).toEqual([]);
    }
    // Its holder died (nothing renews it): another replica has it once the lease ends.
    leases.drop(job.id);
    now += LEASE_MS - 1;
    expect(await store.claimJobsToStart('b', now, LEASE_MS, 8)).toEqual([]);
    now += 2;
    expect((await store.claimJobsToStart('b', now, LEASE_MS, 8)).map((j) => j.id)).toEqual([job.id]);
    // A's renewal no longer touches what b holds.
    leases.hold(job.id);
    await leases.renew();
    leases.stop();
    const row = await store.getJob(job.id);
    expect(row).toBeDefined();
    expect(await store.claimJobsToStart('c', now + LEASE_MS + 1, LEASE_MS, 8)).toHaveLength(1);
  });

  it('does not renew a lease given back (a released row stays free)', async () => {
    const { job } = await startedJob(store);
    const now = 10_000;
    const leases = jobLeases(() => now);
    await store.claimJobsToStart('a', now, LEASE_MS, 8);
    leases.hold(job.id);
    await store.releaseJob(job.id, 'a', 0);
    await leases.renew();
    leases.stop();
    expect((await store.claimJobsToStart('b', now, LEASE_MS, 8)).map((j) => j.id)).toEqual([job.id]);
  });

  it('survives a store that fails: the renewal is tried again later', async () => {
    const failing = {
      renewLeases: async () => Promise.reject(new Error('database away')),
    } as unknown as Store;
    const leases = new HeldLeases({
      store: failing,
      table: 'jobs',
      owner: 'a',
      logger: pino({ level: 'silent' }),
    });
    leases.hold('j');
    await expect(leases.renew()).resolves.toBeUndefined();
    leases.stop();
  });
});
