// The store's figures for /metrics (jobs by state, languages polled, Slack writes not yet made) kept as counts
// that move with every row written, by triggers in the same transaction, so that a scrape reads a few rows
// instead of counting whole tables (jobs and deliveries only grow).
//
// On PostgreSQL each connection adds to rows of its own (shard = its backend's pid): two replicas' writes never
// wait on one another's count, nor can they deadlock over two counts taken in different orders. A figure is the
// sum of its rows: one per connection that ever changed it, a few hundred at most. SQLite has one writer at a
// time and one row per figure.
import type { Dialect, Sql } from './port.ts';

export const COUNTS_TABLE = 'store_counts';

/** In a trigger, the row before or after the change; in a query, the table's row. */
type RowRef = 'OLD.' | 'NEW.' | '';

/** What a table's row counts towards: a SQL expression of the row, NULL when nothing. */
interface Counted {
  table: string;
  /** The columns the expression reads: an update of others leaves the counts as they are. */
  columns: string[];
  name(row: RowRef): string;
}

const COUNTED: Counted[] = [
  { table: 'jobs', columns: ['state'], name: (row) => `'jobs:' || ${row}state` },
  {
    table: 'targets',
    columns: ['terminal', 'project_id'],
    name: (row) =>
      `CASE WHEN ${row}terminal = FALSE AND ${row}project_id IS NOT NULL THEN 'targets:polled' END`,
  },
  {
    table: 'deliveries',
    columns: ['state'],
    name: (row) => `CASE WHEN ${row}state <> 'done' THEN 'deliveries:open' END`,
  },
];

/** Adds `delta` to the count `name` (an expression; NULL adds nothing) in this connection's row. */
function add(dialect: Dialect, name: string, delta: number): string {
  const shard = dialect.name === 'postgres' ? 'pg_backend_pid()' : '0';
  return `INSERT INTO ${COUNTS_TABLE} (name, shard, n)
      SELECT c.name, ${shard}, ${delta} FROM (SELECT ${name} AS name) AS c WHERE c.name IS NOT NULL
      ON CONFLICT (name, shard) DO UPDATE SET n = ${COUNTS_TABLE}.n + excluded.n`;
}

/** The triggers that keep `table`'s counts (made again when SQLite makes the table again). */
export function countTriggers(dialect: Dialect, table: string): string[] {
  const counted = COUNTED.find((c) => c.table === table);
  if (!counted) throw new Error(`${table} is not counted`);
  const { columns, name } = counted;
  const changed = `(${name('OLD.')}) IS DISTINCT FROM (${name('NEW.')})`;
  if (dialect.name === 'postgres')
    return [
      `CREATE OR REPLACE FUNCTION ${table}_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND NOT ${changed} THEN RETURN NULL; END IF;
          IF TG_OP <> 'INSERT' THEN ${add(dialect, name('OLD.'), -1)}; END IF;
          IF TG_OP <> 'DELETE' THEN ${add(dialect, name('NEW.'), 1)}; END IF;
          RETURN NULL;
        END $$`,
      `CREATE TRIGGER ${table}_counted AFTER INSERT OR DELETE OR UPDATE OF ${columns.join(', ')} ON ${table}
          FOR EACH ROW EXECUTE FUNCTION ${table}_count()`,
    ];
  return [
    `CREATE TRIGGER IF NOT EXISTS ${table}_counted_insert AFTER INSERT ON ${table}
          BEGIN ${add(dialect, name('NEW.'), 1)}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${table}_counted_delete AFTER DELETE ON ${table}
          BEGIN ${add(dialect, name('OLD.'), -1)}; END`,
    `CREATE TRIGGER IF NOT EXISTS ${table}_counted_update AFTER UPDATE OF ${columns.join(', ')} ON ${table}
          WHEN ${changed}
          BEGIN ${add(dialect, name('OLD.'), -1)}; ${add(dialect, name('NEW.'), 1)}; END`,
  ];
}

/** The counts table, the triggers that keep it, and its first figures from the rows already there. */
export function countsMigration(dialect: Dialect): string[] {
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${COUNTS_TABLE} (
      name TEXT NOT NULL, shard INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (name, shard))`,
  ];
  for (const { table, name } of COUNTED) {
    statements.push(...countTriggers(dialect, table));
    // Counted once, under the triggers' lock (PostgreSQL): a row written meanwhile waits and is counted by them.
    statements.push(
      `INSERT INTO ${COUNTS_TABLE} (name, shard, n)
        SELECT c.name, 0, count(*) FROM (SELECT ${name('')} AS name FROM ${table}) AS c
        WHERE c.name IS NOT NULL GROUP BY c.name`,
    );
  }
  return statements;
}

/** Every count by name. */
export async function readCounts(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql.all(`SELECT name, sum(n) AS n FROM ${COUNTS_TABLE} GROUP BY name`);
  return new Map(rows.map((row) => [String(row.name), Number(row.n)]));
}
