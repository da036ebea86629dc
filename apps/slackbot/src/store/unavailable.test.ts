// Which failures count as "the database is away" (answered busy, try again) and which do not (a bug, a
// refused statement), with errors from a real PostgreSQL server and a real refused connection.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../test-support/postgres.ts';
import { freePort } from '../test-support/replicas.ts';
import { PostgresConnection } from './postgres/connection.ts';
import { isStoreUnavailable } from './unavailable.ts';

describe('isStoreUnavailable', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('is true for a server nobody answers on', async () => {
    const port = await freePort();
    const sql = new PostgresConnection({ url: `postgres://x:y@127.0.0.1:${port}/none`, poolSize: 1 });
    const error = await sql.get('SELECT 1').catch((e: unknown) => e);
    expect(isStoreUnavailable(error)).toBe(true);
    const inTransaction = await sql.transaction((tx) => tx.get('SELECT 1')).catch((e: unknown) => e);
    expect(isStoreUnavailable(inTransaction)).toBe(true);
    await sql.close();
  });

  it('is true for a session the server ends (an administrator or a restart), false for a bad statement', async () => {
    database = await testDatabase();
    const sql = new PostgresConnection({ url: database.url, poolSize: 2 });
    const bad = await sql.get('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect((bad as { code?: string }).code).toBe('42P01');
    expect(isStoreUnavailable(bad)).toBe(false);
    expect(isStoreUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);

    // A transaction whose session is terminated mid-way, as a server shutting down does to every session.
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    const ended = await sql
      .transaction(async (tx) => {
        const me = await tx.get('SELECT pg_backend_pid() AS pid');
        await killer.query('SELECT pg_terminate_backend($1)', [me?.pid]);
        await tx.get('SELECT 1');
      })
      .catch((e: unknown) => e);
    await killer.end();
    expect(isStoreUnavailable(ended)).toBe(true);
    // The process is still here (the client's error event was handled) and the pool recovers.
    expect(await sql.get('SELECT 1 AS one')).toEqual({ one: 1 });
    await sql.close();
  });
});
