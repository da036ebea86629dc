// The Sql port on PostgreSQL (the `pg` driver's pool), for several replicas sharing one database. The same
// SQL as on SQLite: `?` placeholders become `$n`, claims skip the rows another replica holds
// (FOR UPDATE SKIP LOCKED), and each transaction runs on one pooled connection.
import pg from 'pg';
import type { Dialect, Row, Sql, SqlValue } from '../sql/port.ts';

const POSTGRES: Dialect = {
  name: 'postgres',
  serialKey: 'BIGSERIAL PRIMARY KEY',
  claimLock: ' FOR UPDATE SKIP LOCKED',
  // Replicas starting together take turns at the schema (a lock that ends with the transaction).
  migrationLock: 'SELECT pg_advisory_xact_lock(7305142)',
};

export interface PostgresOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize: number;
  /** How long a query may wait for a connection before it fails (the database is unreachable). */
  connectTimeoutMs?: number;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export class PostgresConnection implements Sql {
  readonly dialect = POSTGRES;
  readonly #pool: pg.Pool;

  constructor(options: PostgresOptions) {
    this.#pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    });
    // A connection the server drops while idle (a restart) is replaced on next use; without a listener the
    // pool's error event would end the process.
    this.#pool.on('error', () => {});
  }

  run(text: string, params?: SqlValue[]): Promise<number> {
    return run(this.#pool, text, params);
  }

  all(text: string, params?: SqlValue[]): Promise<Row[]> {
    return all(this.#pool, text, params);
  }

  async get(text: string, params?: SqlValue[]): Promise<Row | undefined> {
    return (await all(this.#pool, text, params))[0];
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    const tx: Sql = {
      dialect: this.dialect,
      run: (text, params) => run(client, text, params),
      all: (text, params) => all(client, text, params),
      get: async (text, params) => (await all(client, text, params))[0],
      transaction: (inner) => inner(tx),
      close: () => this.close(),
    };
    let broken = false;
    // While checked out, a client's connection error (the server restarting mid-transaction) is emitted on
    // the client, not on the pool: without a listener it would end the process. The query in flight fails
    // with it, and the client is discarded rather than returned to the pool.
    const onError = () => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

async function run(db: Queryable, text: string, params: SqlValue[] = []): Promise<number> {
  return (await db.query(numbered(text), params)).rowCount ?? 0;
}

async function all(db: Queryable, text: string, params: SqlValue[] = []): Promise<Row[]> {
  return (await db.query(numbered(text), params)).rows as Row[];
}

const cache = new Map<string, string>();

/** `?` → `$1`, `$2`, …: the store's SQL has no `?` inside string literals, so every one is a parameter. */
export function numbered(text: string): string {
  let done = cache.get(text);
  if (done === undefined) {
    let n = 0;
    done = text.replace(/\?/g, () => `$${++n}`);
    cache.set(text, done);
  }
  return done;
}
