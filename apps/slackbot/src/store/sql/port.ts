// The one body of SQL behind the Store runs on any engine through this small port: `?` placeholders,
// rows as plain objects, and transactions that see their own writes. An engine adds an adapter (sqlite/),
// never a second copy of the queries. Where engines spell a thing differently, the Dialect says how.

export type SqlValue = string | number | boolean | null;
export type Row = Record<string, unknown>;

export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** The column type of an auto-incrementing integer key (the outbox's order of arrival). */
  readonly serialKey: string;
  /** Appended to a claim's inner SELECT: PostgreSQL skips rows another replica is claiming. */
  readonly claimLock: string;
  /** Run first in every migration's transaction, so that processes starting together take turns. */
  readonly migrationLock?: string;
}

export interface Sql {
  readonly dialect: Dialect;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(text: string, params?: SqlValue[]): Promise<number>;
  all(text: string, params?: SqlValue[]): Promise<Row[]>;
  get(text: string, params?: SqlValue[]): Promise<Row | undefined>;
  /** Runs `work` in one transaction: all of its statements take effect, or none do. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What a claim of due work asks: the rows of `table` matching `due`, oldest `order` first. */
export interface Claim {
  table: 'jobs' | 'targets' | 'channels' | 'lipsyncs' | 'glossary_imports' | 'workflow_steps' | 'sweeps';
  /** Whose rows: the claim sees no other tenant's. */
  tenant: string;
  /** The table's key column (unique within a tenant). */
  key: 'id' | 'channel' | 'key';
  /** The condition that makes a row due, lease included (its parameters in `params`). */
  due: string;
  params: SqlValue[];
  order: string;
  /** More assignments made by the claim itself (the outbox counts its tries there). */
  set?: string;
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
}

/**
 * Leases due rows to `owner` until `now + leaseMs` in one statement, so that two loops (or two replicas)
 * never get the same row; a lease that expires makes the row due again for anyone.
 */
export function claimDue(sql: Sql, claim: Claim): Promise<Row[]> {
  const set = claim.set ? `, ${claim.set}` : '';
  return sql.all(
    `UPDATE ${claim.table} SET lease_owner = ?, lease_until = ?${set} WHERE tenant = ? AND ${claim.key} IN (
       SELECT ${claim.key} FROM ${claim.table} WHERE tenant = ? AND ${claim.due} ORDER BY ${claim.order}
       LIMIT ?${sql.dialect.claimLock})
     RETURNING *`,
    [claim.owner, claim.now + claim.leaseMs, claim.tenant, claim.tenant, ...claim.params, claim.limit],
  );
}

/** The placeholders of an `IN (…)` list or a row of values: `?, ?, ?` for three. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Column readers shared by every aggregate: engines return numbers as strings and booleans as 0/1. */
export const read = {
  str: (value: unknown): string => String(value),
  strOrNull: (value: unknown): string | null =>
    value === null || value === undefined ? null : String(value),
  num: (value: unknown): number => Number(value),
  numOrNull: (value: unknown): number | null =>
    value === null || value === undefined ? null : Number(value),
  bool: (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't',
  boolOrNull: (value: unknown): boolean | null =>
    value === null || value === undefined
      ? null
      : value === true || value === 1 || value === '1' || value === 't',
  json: <T>(value: unknown): T => JSON.parse(String(value)) as T,
};
