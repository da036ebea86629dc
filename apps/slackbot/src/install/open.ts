// The installation store on a connection of its own to the app's database (DATABASE_URL), migrated like the
// rest of the store: the installs, and the purge of a tenant's rows, go through it.
import type { StoreLocation } from '../config.ts';
import { PostgresConnection } from '../store/postgres/connection.ts';
import { migrate } from '../store/sql/migrations.ts';
import type { Sql } from '../store/sql/port.ts';
import { SqliteConnection } from '../store/sqlite/connection.ts';
import { InstallationStore } from './installations.ts';
import type { Sealer } from './sealing.ts';

export interface OpenedInstallations {
  installations: InstallationStore;
  sql: Sql;
}

export async function openInstallations(
  location: StoreLocation,
  sealer: Sealer,
): Promise<OpenedInstallations> {
  const sql: Sql =
    location.kind === 'postgres'
      ? new PostgresConnection({ url: location.url, poolSize: 2 })
      : new SqliteConnection(location.path);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  return { installations: new InstallationStore(sql, sealer), sql };
}
