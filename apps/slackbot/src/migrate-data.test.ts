// migrate-data on real databases: a SQLite store with data in every aggregate is copied into an empty
// PostgreSQL database, which then reads the same through the Store interface and goes on working (its
// outbox's sequence continues past the copied rows); a second run is refused, naming what is there, and
// leaves the target as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateData, parseArguments, TargetNotEmptyError } from './migrate-data.ts';
import { PostgresConnection } from './store/postgres/connection.ts';
import { COUNTS_TABLE } from './store/sql/counts.ts';
import { createSqlStore } from './store/sql/store.ts';
import { SqliteConnection } from './store/sqlite/connection.ts';
import type { Store } from './store/store.ts';
import { newJob } from './test-support/jobs.ts';
import { type TestDatabase, testDatabase } from './test-support/postgres.ts';
import { TEST_TENANT } from './test-support/store.ts';

/** Writes something into every aggregate; returns the ids to read them back by. */
async function fill(store: Store) {
  await store.recordEvent('Ev1', 1);
  const { job } = await store.createJob(newJob({ triggerKey: 'msg:C1:1.0' }), 1);
  await store.startJob(job.id, { dstLangs: ['es', 'de'], srcLang: 'en', numSpeakers: 2 }, 2);
  const [es, de] = await store.targetsOf(job.id);
  await store.setTargetProject(es!.id, 'p-es', 3);
  await store.setTargetProject(de!.id, 'p-de', 3);
  await store.recordPoll(
    es!.id,
    { status: 'translating', changed: true, terminal: false, nextPollAt: 50, intervalMs: 5000 },
    4,
    [
      {
        key: `status:${es!.id}`,
        jobId: job.id,
        kind: 'status',
        inThread: true,
        payload: { text: 'Translating' },
      },
    ],
  );
  await store.recordPoll(
    de!.id,
    { status: 'merged', changed: true, terminal: true, nextPollAt: 0, intervalMs: 0 },
    5,
    [],
  );
  await store.setTargetOptions(job.id, 'es', { glossaryId: 'g1', transcriptId: 't-es' });
  await store.addSubtitle(job.id, {
    name: 'talk.es.srt',
    side: 'dst',
    lang: 'es',
    text: '1\n00:00:00,000 --> 00:00:01,000\nHola\n',
  });
  await store.enqueue(
    { key: `card:${job.id}`, jobId: job.id, kind: 'card', inThread: true, payload: { text: 'card' } },
    6,
  );
  const session = await store.createReviewSession({
    targetId: es!.id,
    projectId: 'p-es',
    userId: 'U1',
    baseline: [
      { id: 's1', start: '00:00:00,000', end: '00:00:01,000', speaker: null, src: 'Hi', dst: 'Hola' },
    ],
    createdAt: 7,
  });
  await store.updateReviewSession(session.id, { viewId: 'V1', page: 1, edits: { s1: { dst: '¡Hola!' } } });
  await store.recordRenderIntent(es!.id, 'U1', 8);
  await store.recordRedubChanges(es!.id, [{ kind: 'edited', ref: 's1' }], 8);
  await store.saveGlossary({
    id: 'g1',
    name: 'Brand',
    srcLang: 'en',
    dstLang: 'es',
    version: 2,
    channel: 'C1',
    createdBy: 'U1',
    updatedAt: 9,
  });
  await store.saveChannelSettings({
    channel: 'C1',
    dstLangs: ['es', 'de'],
    glossaryIds: ['g1'],
    updatedBy: 'U1',
    updatedAt: 9,
  });
  const lipsync = (await store.createLipsync(
    { targetId: de!.id, jobId: job.id, projectId: 'p-de', userId: 'U1', multipleFaces: true, free: false },
    10,
  ))!;
  await store.saveModalGrant({
    viewId: 'V1',
    opener: 'U1',
    channel: 'C1',
    threadTs: '1.0',
    callbackId: 'review',
    subject: es!.id,
    createdAt: 11,
  });
  return { jobId: job.id, esId: es!.id, deId: de!.id, sessionId: session.id, lipsyncId: lipsync.id };
}

/** Everything `fill` wrote, as the Store reads it. */
// Lip-syncs are read by claiming them (the store has no other way): `now` past the previous reader's lease.
async function readAll(store: Store, ids: Awaited<ReturnType<typeof fill>>, now: number) {
  return {
    event: await store.hasEvent('Ev1'),
    job: await store.getJob(ids.jobId),
    byTrigger: (await store.jobByTrigger('msg:C1:1.0'))?.id,
    targets: await store.targetsOf(ids.jobId),
    options: await store.targetOptions(ids.jobId, 'es'),
    subtitles: await store.subtitlesOf(ids.jobId),
    deliveries: await store.deliveriesOf(ids.jobId),
    session: await store.getReviewSession(ids.sessionId),
    intents: await store.renderIntents(),
    redubs: await store.redubChanges(ids.esId),
    glossaries: await store.glossaries(),
    settings: await store.channelSettings('C1'),
    grant: await store.modalGrant('V1'),
    lipsyncs: await store.claimDueLipsyncs('reader', now, 1, 10),
  };
}

describe('migrate-data', () => {
  let dir: string;
  let database: TestDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dubkit-migrate-data-'));
    database = await testDatabase();
  });
  afterEach(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table into an empty PostgreSQL database, which then reads the same', async () => {
    const path = join(dir, 'dubkit.db');
    const sqlite = await createSqlStore(new SqliteConnection(path));
    const ids = await fill(sqlite.tenant(TEST_TENANT));
    const before = await readAll(sqlite.tenant(TEST_TENANT), ids, 1_000);
    const figures = await sqlite.stats(2_000);
    await sqlite.close();

    const source = new SqliteConnection(path);
    const target = new PostgresConnection({ url: database.url, poolSize: 2 });
    const report = await migrateData(source, target);
    // Every table the migrations made, with as many rows as the source holds; the counts for /metrics are the
    // target's own, kept by its triggers as the rows came in.
    const tables = (await source.all("SELECT name FROM sqlite_master WHERE type = 'table'"))
      .map((row) => String(row.name))
      .filter((name) => !['schema_migrations', 'sqlite_sequence', COUNTS_TABLE].includes(name));
    expect(report.tables.map((t) => t.table).sort()).toEqual([...tables].sort());
    for (const { table, rows } of report.tables) {
      const count = await target.get(`SELECT count(*) AS n FROM ${table}`);
      expect({ table, rows: Number(count?.n) }).toEqual({ table, rows });
    }
    const filled = [
      'events',
      'jobs',
      'targets',
      'deliveries',
      'channels',
      'review_sessions',
      'render_intents',
      'redub_changes',
      'glossaries',
      'channel_settings',
      'target_options',
      'job_subtitles',
      'lipsyncs',
      'modal_grants',
    ];
    for (const table of filled)
      expect(report.tables.find((t) => t.table === table)?.rows, table).toBeGreaterThan(0);
    // Parents before children: targets reference jobs.
    const order = report.tables.map((t) => t.table);
    expect(order.indexOf('jobs')).toBeLessThan(order.indexOf('targets'));
    await source.close();
    await target.close();

    const postgres = await createSqlStore(new PostgresConnection({ url: database.url, poolSize: 2 }));
    expect(await readAll(postgres.tenant(TEST_TENANT), ids, 2_000)).toEqual(before);
    expect(await postgres.stats(2_000)).toEqual(figures);
    // The outbox goes on after the copied rows: a new write gets the next sequence number, not a clash.
    const last = Math.max(...before.deliveries.map((d) => d.seq));
    await postgres
      .tenant(TEST_TENANT)
      .enqueue({ key: 'after', jobId: ids.jobId, kind: 'status', inThread: true, payload: {} }, 20);
    expect((await postgres.tenant(TEST_TENANT).getDelivery('after'))?.seq).toBeGreaterThan(last);
    await postgres.close();
  });

  it('refuses a target that holds data, naming it, and copies nothing', async () => {
    const path = join(dir, 'dubkit.db');
    const sqlite = await createSqlStore(new SqliteConnection(path));
    await fill(sqlite.tenant(TEST_TENANT));
    await sqlite.close();
    const postgres = await createSqlStore(new PostgresConnection({ url: database.url, poolSize: 2 }));
    await postgres.tenant(TEST_TENANT).createJob(newJob({ triggerKey: 'msg:C9:9.0', channel: 'C9' }), 1);
    await postgres.close();

    const source = new SqliteConnection(path);
    const target = new PostgresConnection({ url: database.url, poolSize: 2 });
    const error = await migrateData(source, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetNotEmptyError);
    expect((error as Error).message).toContain('jobs: 1 row');
    expect((error as Error).message).toContain('nothing was copied');
    expect(Number((await target.get('SELECT count(*) AS n FROM targets'))?.n)).toBe(0);
    await source.close();
    await target.close();
  });

  it('refuses a second run', async () => {
    const path = join(dir, 'dubkit.db');
    const sqlite = await createSqlStore(new SqliteConnection(path));
    await fill(sqlite.tenant(TEST_TENANT));
    await sqlite.close();
    const source = new SqliteConnection(path);
    const target = new PostgresConnection({ url: database.url, poolSize: 2 });
    await migrateData(source, target);
    await expect(migrateData(source, target)).rejects.toThrow(/already holds data \(.*deliveries: 2 rows/);
    await source.close();
    await target.close();
  });

  it('reads its two arguments as DATABASE_URL spells them', () => {
    expect(parseArguments(['--', 'sqlite:./data/dubkit.db', 'postgres://u:p@h:5432/d'])).toEqual({
      sqlitePath: './data/dubkit.db',
      postgresUrl: 'postgres://u:p@h:5432/d',
    });
    expect(() => parseArguments(['sqlite:./a.db'])).toThrow(/usage/);
    expect(() => parseArguments(['./a.db', 'postgres://h/d'])).toThrow(/sqlite:/);
    expect(() => parseArguments(['sqlite:./a.db', 'mysql://h/d'])).toThrow(/postgres/);
  });
});
