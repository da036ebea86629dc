// The Store contract on SQLite, and the migrations on SQLite from every earlier schema with data in it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../sql/migrations.ts';
import { createSqlStore } from '../sql/store.ts';
import { describeStoreContract } from '../store.contract.ts';
import { SqliteConnection } from './connection.ts';

describeStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-store-'));
  const path = join(dir, 'db', 'test.db');
  return {
    open: () => createSqlStore(new SqliteConnection(path)),
    reopen: () => createSqlStore(new SqliteConnection(path)),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite migrations', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dubkit-migrate-'));
    path = join(dir, 'test.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adopts an install from before schema versions, keeping its jobs, languages in order and outbox', async () => {
    const legacy = new DatabaseSync(path);
    legacy.exec(readFileSync(new URL('./fixtures/unversioned.sql', import.meta.url), 'utf8'));
    legacy.exec(`
      INSERT INTO jobs (id, trigger_key, state, channel, thread_ts, user_id, source, title, created_at)
        VALUES ('j1', 'cmd:T1', 'running', 'C1', '1.0', 'U1', '{"kind":"link","link":"https://youtu.be/x"}', 'x', 5);
      INSERT INTO targets (id, job_id, dst_lang, project_id, started_at, terminal, next_poll_at, interval_ms)
        VALUES ('zz', 'j1', 'es', 'p1', 5, 0, 10, 0), ('aa', 'j1', 'de', 'p2', 5, 1, 10, 0);
      INSERT INTO deliveries (key, job_id, kind, in_thread, payload, state, uncertain, updated_at)
        VALUES ('status:zz', 'j1', 'status', 1, '{"text":"hi"}', 'sending', 0, 5);
      INSERT INTO job_subtitles (job_id, name, side, lang, text) VALUES ('j1', 'b.srt', 'src', 'en', 'x'),
        ('j1', 'a.es.srt', 'dst', 'es', 'y');`);
    legacy.close();

    const connection = new SqliteConnection(path);
    const stores = await createSqlStore(connection);
    expect(await schemaVersion(connection)).toBe(SCHEMA_VERSION);
    // The rows from before tenants are no one's until the single workspace adopts them at start.
    const store = stores.tenant('T1');
    expect(await store.getJob('j1')).toBeUndefined();
    expect(await stores.adoptUnowned('T1')).toBeGreaterThan(0);
    expect(await stores.adoptUnowned('T1')).toBe(0);
    expect((await store.targetsOf('j1')).map((t) => [t.dstLang, t.terminal])).toEqual([
      ['es', false],
      ['de', true],
    ]);
    expect((await store.subtitlesOf('j1')).map((s) => s.name)).toEqual(['b.srt', 'a.es.srt']);
    // The figures for /metrics start from the rows already there (migration 22 counts them once).
    expect(await stores.stats(100)).toMatchObject({
      jobsByState: { running: 1 },
      languagesPolled: 1,
      writesOpen: 1,
    });
    await stores.releaseLeases();
    expect(await store.claimWrites('me', 100, 1_000, 10)).toMatchObject([
      {
        channel: 'C1',
        write: { key: 'status:zz', channel: 'C1', inThread: true, uncertain: true, payload: { text: 'hi' } },
      },
    ]);
    await stores.close();
  });

  it('applies each migration once, however often the store is opened', async () => {
    const first = new SqliteConnection(path);
    await createSqlStore(first);
    await first.close();
    const again = new SqliteConnection(path);
    await createSqlStore(again);
    const rows = await again.all('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version));
    await again.close();
  });

  it('rolls a failed migration back whole and applies nothing after it', async () => {
    const connection = new SqliteConnection(path);
    const { migrate } = await import('../sql/migrations.ts');
    const broken = [
      ...MIGRATIONS,
      { version: 99, name: 'broken', statements: () => ['CREATE TABLE half (x TEXT)', 'NOT SQL AT ALL'] },
    ];
    await expect(migrate(connection, broken)).rejects.toThrow();
    expect(await schemaVersion(connection)).toBe(SCHEMA_VERSION);
    expect(await connection.get(`SELECT name FROM sqlite_master WHERE name = 'half'`)).toBeUndefined();
    await connection.close();
  });
});
