// A real store for a unit test: SQLite in a temporary folder, migrated; removed again by `cleanup`. The test's
// store is one tenant's: the fake Slack's workspace (slack-sandbox's default team).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/open.ts';
import type { Store, Stores } from '../store/store.ts';

/** The tenant of a unit test's store: the team id the fake Slack reports by default. */
export const TEST_TENANT = 'T0DUBKIT';

export interface TempStore {
  store: Store;
  /** The same database across tenants (its figures, another tenant's store). */
  stores: Stores;
  /** The same database opened again, as after a restart (close the first one before). */
  reopen(): Promise<Store>;
  cleanup(): Promise<void>;
}

export async function tempStore(): Promise<TempStore> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-test-store-'));
  const location = { kind: 'sqlite' as const, path: join(dir, 'test.db') };
  const opened: Stores[] = [await openStore(location)];
  return {
    store: opened[0]!.tenant(TEST_TENANT),
    stores: opened[0]!,
    async reopen() {
      const stores = await openStore(location);
      opened.push(stores);
      return stores.tenant(TEST_TENANT);
    },
    async cleanup() {
      for (const stores of opened) await stores.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
