// Opens the store the configuration names (DATABASE_URL): SQLite, the embedded default for one process, or
// PostgreSQL, shared by several replicas. Both run the same SQL and the same migrations.
import type { StoreLocation } from '../config.ts';
import { PostgresConnection } from './postgres/connection.ts';
import { createSqlStore } from './sql/store.ts';
import { SqliteConnection } from './sqlite/connection.ts';
import type { Stores } from './store.ts';

export async function openStore(location: StoreLocation): Promise<Stores> {
  const connection =
    location.kind === 'postgres'
      ? new PostgresConnection({ url: location.url, poolSize: location.poolSize })
      : new SqliteConnection(location.path);
  try {
    return await createSqlStore(connection);
  } catch (error) {
    // The migrations failed (the database went away after the start-up checks): nothing is left open for a
    // caller that waits and opens it again.
    await connection.close().catch(() => {});
    throw error;
  }
}
