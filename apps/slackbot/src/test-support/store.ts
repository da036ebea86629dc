// A real store for a unit test: SQLite in a temporary folder, migrated; removed again by `cleanup`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/store.ts';

export interface TempStore {
  store: Store;
  /** The same database opened again, as after a restart (close the first one before). */
  reopen(): Promise<Store>;
  cleanup(): Promise<void>;
}

export async function tempStore(): Promise<TempStore> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-test-store-'));
  const location = { kind: 'sqlite' as const, path: join(dir, 'test.db') };
  const opened: Store[] = [await openStore(location)];
  return {
    store: opened[0]!,
    async reopen() {
      const store = await openStore(location);
      opened.push(store);
      return store;
    },
    async cleanup() {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
