// Opens the store the configuration names (DATABASE_URL): SQLite, the embedded default for one process.
import type { StoreLocation } from '../config.ts';
import { createSqlStore } from './sql/store.ts';
import { SqliteConnection } from './sqlite/connection.ts';
import type { Store } from './store.ts';

export function openStore(location: StoreLocation): Promise<Store> {
  return createSqlStore(new SqliteConnection(location.path));
}
