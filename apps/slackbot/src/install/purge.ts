// Deleting a tenant's rows once the retention after an uninstall has passed (DUBKIT_RETENTION_DAYS; 0 = at
// once). Every table holding a tenant's rows carries the column `tenant`; the tables are found in the
// database's own catalog rather than listed here, so a table added later is purged without anyone
// remembering to add it. They are emptied in one transaction, tables that reference others first, so that a
// foreign key never stops the purge half-way.
import type { Logger } from 'pino';
import type { Sql } from '../store/sql/port.ts';
import { read } from '../store/sql/port.ts';
import type { InstallationStore } from './installations.ts';

/** The tables with a `tenant` column, and which of them each references. */
async function tenantTables(sql: Sql): Promise<{ table: string; references: string[] }[]> {
  if (sql.dialect.name === 'sqlite') {
    const tables = await sql.all(
      `SELECT m.name AS name FROM sqlite_master m, pragma_table_info(m.name) c
       WHERE m.type = 'table' AND c.name = 'tenant'`,
    );
    return Promise.all(
      tables.map(async (row) => {
        const table = read.str(row.name);
        const keys = await sql.all('SELECT "table" AS target FROM pragma_foreign_key_list(?)', [table]);
        return { table, references: keys.map((key) => read.str(key.target)) };
      }),
    );
  }
  const tables = await sql.all(
    `SELECT table_name AS name FROM information_schema.columns
     WHERE column_name = 'tenant' AND table_schema = current_schema()`,
  );
  const keys = await sql.all(
    `SELECT c.conrelid::regclass::text AS source, c.confrelid::regclass::text AS target
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  return tables.map((row) => {
    const table = read.str(row.name);
    return {
      table,
      references: keys.filter((k) => read.str(k.source) === table).map((k) => read.str(k.target)),
    };
  });
}

/** Tables in an order where each comes before every table it references. */
function referencingFirst(tables: { table: string; references: string[] }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    // Whoever references this table is deleted from first.
    for (const other of tables) if (other.references.includes(table)) visit(other.table, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const { table } of tables) visit(table, new Set());
  return ordered;
}

/** Deletes every row of `tenant` from every table with a `tenant` column; resolves to the rows deleted. */
export async function deleteTenant(sql: Sql, tenant: string): Promise<number> {
  const order = referencingFirst(await tenantTables(sql));
  return sql.transaction(async (tx) => {
    let deleted = 0;
    for (const table of order) deleted += await tx.run(`DELETE FROM ${table} WHERE tenant = ?`, [tenant]);
    return deleted;
  });
}

/** One round of the retention: purges the tenants removed long enough ago; true when there may be more. */
export function retentionRound(options: {
  sql: Sql;
  installations: InstallationStore;
  retentionMs: number;
  logger: Logger;
  now?: () => number;
}): () => Promise<boolean> {
  const batch = 10;
  return async () => {
    const now = (options.now ?? Date.now)();
    const due = await options.installations.removedBefore(now - options.retentionMs, batch);
    for (const tenant of due) {
      const rows = await deleteTenant(options.sql, tenant);
      options.logger.info({ tenant, rows }, 'deleted an uninstalled workspace’s data after its retention');
    }
    return due.length === batch;
  };
}
