// The Store contract on PostgreSQL (a real server, a database per test), with a pool of several
// connections so that concurrent claims really race; and the migrations run by replicas starting together.
import { afterEach, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../test-support/postgres.ts';
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../sql/migrations.ts';
import { createSqlStore } from '../sql/store.ts';
import { describeStoreContract } from '../store.contract.ts';
import { PostgresConnection } from './connection.ts';

describeStoreContract('PostgreSQL', async () => {
  const database = await testDatabase();
  return {
    open: () => createSqlStore(new PostgresConnection({ url: database.url, poolSize: 4 })),
    reopen: () => createSqlStore(new PostgresConnection({ url: database.url, poolSize: 4 })),
    cleanup: () => database.drop(),
  };
});

describe('PostgreSQL migrations', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it('are applied once when three replicas start together', async () => {
    database = await testDatabase();
    const url = database.url;
    const connections = [1, 2, 3].map(() => new PostgresConnection({ url, poolSize: 2 }));
    const stores = await Promise.all(connections.map((c) => createSqlStore(c)));
    const rows = await connections[0]!.all('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await schemaVersion(connections[0]!)).toBe(SCHEMA_VERSION);
    await Promise.all(stores.map((s) => s.close()));
  });
});
