// The Store contract on PostgreSQL (a real server, a database per test), with a pool of several
// connections so that concurrent claims really race; and the migrations run by replicas starting together.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newJob } from '../../test-support/jobs.ts';
import { type TestDatabase, testDatabase } from '../../test-support/postgres.ts';
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../sql/migrations.ts';
import { enqueueDelivery } from '../sql/outbox.ts';
import { createSqlStore } from '../sql/store.ts';
import { describeStoreContract, TENANT } from '../store.contract.ts';
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

describe('PostgreSQL outbox', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it('keeps a channel due for a write committed while its writer was giving it back', async () => {
    database = await testDatabase();
    const connection = new PostgresConnection({ url: database.url, poolSize: 4 });
    const stores = await createSqlStore(connection);
    const store = stores.tenant(TENANT);
    const { job } = await store.createJob(newJob(), 1);
    const write = (key: string) => ({
      key,
      jobId: job.id,
      kind: 'reply' as const,
      inThread: true,
      payload: { key },
    });
    await store.enqueue(write('a'), 1);
    await store.claimWrites('w', 2, 100, 5);
    await store.markSending(['a'], 2);
    await store.completeDelivery('a', 1, '1.1', 3);
    // Another replica records a write into the channel and commits only once the release is under way: the
    // release cannot see that write, and must not mark the channel as having nothing due.
    let commit = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const poll = connection.transaction(async (tx) => {
      await enqueueDelivery(tx, TENANT, write('b'), 4);
      entered();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await inside;
    const release = store.releaseChannels('w', [{ channel: 'C1', nextWriteAt: 4 }]);
    await untilLockWait(database.url);
    commit();
    await Promise.all([poll, release]);
    expect(await store.claimWrites('w', 5, 100, 5)).toMatchObject([{ channel: 'C1', write: { key: 'b' } }]);
    await stores.close();
  });
});

/** Resolves once a statement in the database waits for a row lock (bounded: fails after 10 s). */
async function untilLockWait(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 1_000; i++) {
      const { rows } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no statement came to wait for a lock');
  } finally {
    await client.end();
  }
}
