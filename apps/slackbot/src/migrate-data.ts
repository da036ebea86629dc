// `pnpm --filter @dubkit/slackbot migrate-data sqlite:./data/dubkit.db postgres://…`: moves an install from
// SQLite to PostgreSQL, once. Both databases are migrated to this code's schema first, so their tables and
// columns are the same; then every table the migrations made (read from the source, so a table added by a
// later migration is copied without a change here) is copied, parents before children, in one transaction
// on the target: it ends with everything copied or nothing. A target that already holds any row is refused,
// naming what is there, so that running it twice (or into a database replicas already use) cannot mix two
// histories. Stop the app on SQLite first: a job it recorded during the copy would be left behind.
import { COUNTS_TABLE } from './store/sql/counts.ts';
import { migrate } from './store/sql/migrations.ts';
import { placeholders, type Row, type Sql, type SqlValue } from './store/sql/port.ts';

export interface CopyReport {
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
}

/** The target already holds data: nothing was copied. */
export class TargetNotEmptyError extends Error {
  readonly occupied: { table: string; rows: number }[];

  constructor(occupied: { table: string; rows: number }[]) {
    super(
      `the target database already holds data (${occupied
        .map((t) => `${t.table}: ${t.rows} row${t.rows === 1 ? '' : 's'}`)
        .join(', ')}); migrate-data copies into an empty database only, and nothing was copied`,
    );
    this.name = 'TargetNotEmptyError';
    this.occupied = occupied;
  }
}

// The migrations' own bookkeeping: both sides have it already, written by migrate(); and the counts for
// /metrics, which the target's triggers keep as the rows are copied.
const NOT_DATA = new Set(['schema_migrations', 'sqlite_sequence', COUNTS_TABLE]);
// Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table, few round trips.
const BATCH_ROWS = 500;

export async function migrateData(source: Sql, target: Sql): Promise<CopyReport> {
  if (source.dialect.name !== 'sqlite' || target.dialect.name !== 'postgres') {
    throw new Error('migrate-data copies from a SQLite store into a PostgreSQL one');
  }
  await migrate(source);
  await migrate(target);
  const sourceTables = (await source.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
    .map((row) => String(row.name))
    .filter((name) => !NOT_DATA.has(name));

  return target.transaction(async (tx) => {
    // The lock replicas take to migrate: none starts against a half-copied database's schema meanwhile.
    if (tx.dialect.migrationLock) await tx.run(tx.dialect.migrationLock);
    const columns = await targetColumns(tx);
    const missing = sourceTables.filter((table) => !columns.has(table));
    if (missing.length > 0) throw new Error(`the target has no table ${missing.join(', ')}`);

    const occupied: { table: string; rows: number }[] = [];
    for (const table of columns.keys()) {
      const row = await tx.get(`SELECT count(*) AS n FROM ${table}`);
      const rows = Number(row?.n ?? 0);
      if (rows > 0) occupied.push({ table, rows });
    }
    if (occupied.length > 0) throw new TargetNotEmptyError(occupied);

    const report: CopyReport = { tables: [] };
    for (const table of await parentsFirst(tx, sourceTables)) {
      const tableColumns = columns.get(table)!;
      const rows = await source.all(`SELECT * FROM ${table}`);
      for (let i = 0; i < rows.length; i += BATCH_ROWS) {
        await insertRows(tx, table, tableColumns, rows.slice(i, i + BATCH_ROWS));
      }
      // An identity column's sequence still starts at 1: move it past the copied keys.
      for (const column of tableColumns.filter((c) => c.serial)) {
        await tx.get(
          `SELECT setval(pg_get_serial_sequence('${table}', '${column.name}'), (SELECT coalesce(max(${column.name}), 0) + 1 FROM ${table}), false)`,
        );
      }
      report.tables.push({ table, rows: rows.length });
    }
    return report;
  });
}

interface Column {
  name: string;
  boolean: boolean;
  serial: boolean;
}

async function targetColumns(tx: Sql): Promise<Map<string, Column[]>> {
  const rows = await tx.all(
    `SELECT table_name, column_name, data_type, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    const table = String(row.table_name);
    if (NOT_DATA.has(table)) continue;
    const list = tables.get(table) ?? [];
    list.push({
      name: String(row.column_name),
      boolean: row.data_type === 'boolean',
      serial: String(row.column_default ?? '').startsWith('nextval('),
    });
    tables.set(table, list);
  }
  return tables;
}

/** The tables in an order where a referenced table comes before the tables whose foreign keys point at it. */
async function parentsFirst(tx: Sql, tables: string[]): Promise<string[]> {
  const links = await tx.all(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
     FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
  );
  const parents = new Map<string, string[]>();
  for (const link of links) {
    const child = String(link.child);
    parents.set(child, [...(parents.get(child) ?? []), String(link.parent)]);
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const parent of parents.get(table) ?? [])
      if (tables.includes(parent)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function insertRows(tx: Sql, table: string, columns: Column[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const params: SqlValue[] = [];
  const tuples = rows.map((row) => {
    for (const column of columns) params.push(value(row[column.name], column));
    return `(${placeholders(columns)})`;
  });
  await tx.run(
    `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) VALUES ${tuples.join(', ')}`,
    params,
  );
}

/** SQLite keeps booleans as 0/1 and big integers as numbers or bigints; PostgreSQL wants them typed. */
function value(raw: unknown, column: Column): SqlValue {
  if (raw === undefined || raw === null) return null;
  if (column.boolean) return raw === 1 || raw === 1n || raw === true || raw === '1';
  if (typeof raw === 'bigint') return raw.toString();
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  throw new Error(`${column.name}: a value of type ${typeof raw} cannot be copied`);
}

/** `sqlite:<path>` (or a bare path) and a postgres:// URL, as DATABASE_URL spells them. */
export function parseArguments(args: string[]): { sqlitePath: string; postgresUrl: string } {
  const [from, to, ...rest] = args.filter((arg) => arg !== '--');
  if (!from || !to || rest.length > 0) {
    throw new Error(
      'usage: migrate-data sqlite:./data/dubkit.db postgres://user:password@host:5432/database',
    );
  }
  const sqlitePath = from.startsWith('sqlite:')
    ? from.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    : '';
  if (!sqlitePath) throw new Error(`the source must be sqlite:<path> (got "${from}")`);
  if (!/^postgres(ql)?:\/\//.test(to)) throw new Error('the target must be a postgres:// URL');
  return { sqlitePath, postgresUrl: to };
}

async function main(): Promise<void> {
  const { existsSync } = await import('node:fs');
  const { SqliteConnection } = await import('./store/sqlite/connection.ts');
  const { PostgresConnection } = await import('./store/postgres/connection.ts');
  let args: { sqlitePath: string; postgresUrl: string };
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  // Opening a missing path would make an empty database and copy nothing, silently.
  if (!existsSync(args.sqlitePath)) {
    console.error(`no SQLite database at ${args.sqlitePath}`);
    process.exit(2);
  }
  const source = new SqliteConnection(args.sqlitePath);
  const target = new PostgresConnection({ url: args.postgresUrl, poolSize: 1 });
  try {
    const report = await migrateData(source, target);
    for (const { table, rows } of report.tables) console.log(`${table.padEnd(20)} ${rows}`);
    console.log('copied; the replicas can start on the PostgreSQL database');
  } catch (error) {
    console.error(`migrate-data: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await source.close();
    await target.close();
  }
}

if (import.meta.main) await main();
