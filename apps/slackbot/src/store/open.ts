// Opens the store the configuration names (DATABASE_URL): SQLite, the embedded default for one process, or
// PostgreSQL, shared by several replicas. Both run the same SQL and the same migrations.
import type { StoreLocation } from '../config.ts';
import { PostgresConnection } from './postgres/connection.ts';
import type { SecretsAtRest } from './secrets.ts';
import { createSqlStore } from './sql/store.ts';
import { SqliteConnection } from './sqlite/connection.ts';
import type { Stores } from './store.ts';

/** `secrets`: how secrets kept in the store are sealed (OAuth mode's key); without them they are kept as is. */
export async function openStore(location: StoreLocation, secrets?: SecretsAtRest): Promise<Stores> {
  const connection =
    location.kind === 'postgres'
      ? new PostgresConnection({ url: location.url, poolSize: location.poolSize })
      : new SqliteConnection(location.path);
  try {
    return await createSqlStore(connection, secrets);
  } catch (error) {
    // The migrations failed (the database went away after the start-up checks): nothing is left open for a
    // caller that waits and opens it again.
    await connection.close().catch(() => {});
    throw error;
  }
}
