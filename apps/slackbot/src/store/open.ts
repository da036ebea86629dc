// Opens the store the configuration names (DATABASE_URL): SQLite, the embedded default for one process, or
// PostgreSQL, shared by several replicas. Both run the same SQL and the same migrations.
import type { StoreLocation } from '../config.ts';
import { PostgresConnection } from './postgres/connection.ts';
import { createSqlStore } from './sql/store.ts';
import { SqliteConnection } from './sqlite/connection.ts';
import type { Store } from './store.ts';

export function openStore(location: StoreLocation): Promise<Store> {
  return createSqlStore(
    location.kind === 'postgres'
      ? new PostgresConnection({ url: location.url, poolSize: location.poolSize })
      : new SqliteConnection(location.path),
  );
}
