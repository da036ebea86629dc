// The Sql port on SQLite (node:sqlite): one file in WAL mode, for one process. Statements run
// synchronously, so the only way two callers interleave is across a transaction's awaits: a transaction
// holds the connection until it ends, and every other statement waits for it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Dialect, Row, Sql, SqlValue } from '../sql/port.ts';

const SQLITE: Dialect = {
  name: 'sqlite',
  serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  claimLock: '',
};

export class SqliteConnection implements Sql {
  readonly dialect = SQLITE;
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  /** Settles when the transaction holding the connection ends. */
  #held: Promise<void> = Promise.resolve();
  #holders = 0;

  /** Opens (creating when needed) the database at `path`, or an in-memory one for ':memory:'. */
  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = new DatabaseSync(path);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  }

  async run(text: string, params: SqlValue[] = []): Promise<number> {
    await this.#free();
    return this.#run(text, params);
  }

  async all(text: string, params: SqlValue[] = []): Promise<Row[]> {
    await this.#free();
    return this.#all(text, params);
  }

  async get(text: string, params: SqlValue[] = []): Promise<Row | undefined> {
    await this.#free();
    return this.#all(text, params)[0];
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const previous = this.#held;
    let release = () => {};
    this.#held = new Promise((resolve) => {
      release = resolve;
    });
    this.#holders += 1;
    await previous;
    const tx: Sql = {
      dialect: this.dialect,
      run: async (text, params = []) => this.#run(text, params),
      all: async (text, params = []) => this.#all(text, params),
      get: async (text, params = []) => this.#all(text, params)[0],
      transaction: (inner) => inner(tx),
      close: () => this.close(),
    };
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(tx);
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.#holders -= 1;
      release();
    }
  }

  async close(): Promise<void> {
    await this.#free();
    if (this.#db.isOpen) this.#db.close();
  }

  /** Waits while a transaction holds the connection (at once when none does). */
  async #free(): Promise<void> {
    while (this.#holders > 0) await this.#held;
  }

  #run(text: string, params: SqlValue[]): number {
    return Number(this.#prepare(text).run(...params.map(bind)).changes);
  }

  #all(text: string, params: SqlValue[]): Row[] {
    return this.#prepare(text).all(...params.map(bind)) as Row[];
  }

  #prepare(text: string): StatementSync {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }
}

/** SQLite has no boolean type: true and false are stored as 1 and 0. */
function bind(value: SqlValue): SQLInputValue {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}
