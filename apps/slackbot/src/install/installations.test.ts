// The installation store on both engines (a SQLite file, a real PostgreSQL): installs of a workspace, an org
// and a workspace of that org resolve to the right tenant; a person's token is theirs alone; an uninstall
// deletes the tokens, twice or not; a dump of the database holds no Slack token and no service token; an
// OAuth state is used once; and a tenant's rows are purged from every table with a `tenant` column, tables
// that reference others first.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresConnection } from '../store/postgres/connection.ts';
import { migrate } from '../store/sql/migrations.ts';
import type { Sql } from '../store/sql/port.ts';
import { tenantStore } from '../store/sql/store.ts';
import { SqliteConnection } from '../store/sqlite/connection.ts';
import { testDatabase } from '../test-support/postgres.ts';
import { InstallationStore, type NewInstallation } from './installations.ts';
import { deleteTenant, retentionRound } from './purge.ts';
import { Sealer, secretsAtRest, UnsealError } from './sealing.ts';
import { watchRound } from './watch.ts';

const sealer = new Sealer([randomBytes(32)]);
const SERVICE_TOKEN = 'svc-token-that-must-not-leak';
const STEP_TOKEN = 'xwfp-1-step-token-that-must-not-leak';

function install(over: Partial<NewInstallation> & Pick<NewInstallation, 'key'>): NewInstallation {
  return {
    teamId: over.key,
    enterpriseId: null,
    orgInstall: false,
    teamName: 'Team',
    appId: 'A1',
    botUserId: `UB${over.key}`,
    botId: `BB${over.key}`,
    installerId: 'U0ADMIN',
    scopes: 'chat:write',
    bot: {
      token: `xoxe.xoxb-1-${over.key}`,
      refreshToken: `xoxe-1-${over.key}`,
      expiresAt: 1_000_000,
    },
    user: { token: `xoxp-${over.key}-admin`, refreshToken: null, expiresAt: null },
    ...over,
  };
}

interface Engine {
  sql: Sql;
  /** Every byte the database holds, as text: the SQLite files, or every row of every table. */
  dump(): Promise<string>;
  close(): Promise<void>;
}

const engines: Record<string, () => Promise<Engine>> = {
  SQLite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dubkit-installs-'));
    const sql = new SqliteConnection(join(dir, 'test.db'));
    return {
      sql,
      async dump() {
        // The database file and its write-ahead log, where fresh writes are until a checkpoint.
        return readdirSync(dir)
          .map((file) => readFileSync(join(dir, file)).toString('latin1'))
          .join('\n');
      },
      async close() {
        await sql.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  PostgreSQL: async () => {
    const database = await testDatabase();
    const sql = new PostgresConnection({ url: database.url, poolSize: 2 });
    return {
      sql,
      async dump() {
        const tables = await sql.all(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
        );
        const rows = await Promise.all(tables.map((t) => sql.all(`SELECT * FROM ${String(t.name)}`)));
        return JSON.stringify(rows);
      },
      async close() {
        await sql.close();
        await database.drop();
      },
    };
  },
};

for (const [name, open] of Object.entries(engines)) {
  describe(`the installation store on ${name}`, () => {
    let engine: Engine | undefined;
    afterEach(async () => {
      await engine?.close();
      engine = undefined;
    });

    async function store(): Promise<{ installations: InstallationStore; sql: Sql }> {
      engine = await open();
      await migrate(engine.sql);
      return { installations: new InstallationStore(engine.sql, sealer), sql: engine.sql };
    }

    it('resolves a workspace, an org and the org’s workspaces to their installation', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      await installations.save(
        install({ key: 'E1', teamId: null, enterpriseId: 'E1', orgInstall: true, botUserId: 'UBE1' }),
        1,
      );
      const own = { teamId: 'T1', enterpriseId: null, orgInstall: false };
      expect(await installations.resolve(own)).toEqual({ key: 'T1', ...own });
      const org = { key: 'E1', teamId: null, enterpriseId: 'E1', orgInstall: true };
      expect(await installations.resolve({ teamId: 'T5', enterpriseId: 'E1', orgInstall: true })).toEqual(
        org,
      );
      // A workspace of the org with no install of its own is served by the org's.
      expect(await installations.resolve({ teamId: 'T5', enterpriseId: 'E1', orgInstall: false })).toEqual(
        org,
      );
      // Not installed: a workspace elsewhere, and an org's install never serves another org's workspace.
      expect(await installations.resolve({ teamId: 'T9', enterpriseId: null, orgInstall: false })).toBeNull();
      expect(await installations.resolve({ teamId: 'T9', enterpriseId: 'E9', orgInstall: true })).toBeNull();
      expect((await installations.get('T1'))?.bot?.token).toBe('xoxe.xoxb-1-T1');
    });

    it('tells a replica what changed in the installations since its last look: installed, account, removed', async () => {
      const { installations } = await store();
      const told: string[] = [];
      const hooks = {
        installed: async (tenant: string) => void told.push(`installed ${tenant}`),
        removed: async (tenant: string) => void told.push(`removed ${tenant}`),
        accountChanged: async (tenant: string) => void told.push(`account ${tenant}`),
      };
      const round = watchRound({ installations, hooks: () => hooks });
      const look = async () => {
        told.length = 0;
        expect(await round()).toBe(false);
        return [...told];
      };
      await installations.save(install({ key: 'T1' }), 1);
      await installations.save(install({ key: 'T2' }), 1);
      await installations.markRemoved('T2', 2);
      // The first look compares with nothing: what is there is told once.
      expect(await look()).toEqual(['installed T1', 'account T1', 'removed T2']);
      expect(await look()).toEqual([]);
      await installations.connectDubbing('T1', 'account-token', 'U0ADMIN', 3);
      expect(await look()).toEqual(['account T1']);
      await installations.markRemoved('T1', 4);
      await installations.save(install({ key: 'T2' }), 5);
      expect(await look()).toEqual(['removed T1', 'installed T2', 'account T2']);
      // Removed and installed again between two looks: a new install time, so installed again.
      await installations.markRemoved('T2', 6);
      await installations.save(install({ key: 'T2' }), 7);
      expect(await look()).toEqual(['installed T2', 'account T2']);
      expect(await look()).toEqual([]);
    });

    it('gives a person’s token to that person only, never the team’s or another’s', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      expect(await installations.userToken('T1', 'U0ADMIN')).toBe('xoxp-T1-admin');
      expect(await installations.userToken('T1', 'U0OTHER')).toBeUndefined();
      expect(await installations.userToken('T2', 'U0ADMIN')).toBeUndefined();
    });

    it('deletes the tokens at uninstall, keeps the first removal’s time, lists only active ones, and takes a reinstall', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      await installations.save(install({ key: 'T2' }), 1);
      expect(await installations.active()).toEqual(['T1', 'T2']);
      expect(await installations.markRemoved('T1', 100)).toBe(true);
      expect(await installations.active()).toEqual(['T2']);
      expect(await installations.markRemoved('T1', 200)).toBe(true);
      const removed = await installations.get('T1');
      expect(removed).toMatchObject({ state: 'removed', bot: null, removedAt: 100 });
      expect(await installations.userToken('T1', 'U0ADMIN')).toBeUndefined();
      expect(await installations.resolve({ teamId: 'T1', enterpriseId: null, orgInstall: false })).toBeNull();
      expect(await installations.removedBefore(150, 10)).toEqual(['T1']);
      await installations.save(
        install({ key: 'T1', bot: { token: 'xoxb-again', refreshToken: null, expiresAt: null } }),
        300,
      );
      expect(await installations.get('T1')).toMatchObject({
        state: 'active',
        removedAt: null,
        bot: { token: 'xoxb-again' },
      });
      expect(await installations.removedBefore(1_000, 10)).toEqual([]);
      expect(await installations.active()).toEqual(['T1', 'T2']);
    });

    it('holds no Slack token and no service token in clear', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      await installations.save(install({ key: 'E1', teamId: null, enterpriseId: 'E1', orgInstall: true }), 1);
      await installations.connectDubbing('T1', SERVICE_TOKEN, 'U0ADMIN', 2);
      expect(await installations.dubbingToken('T1')).toBe(SERVICE_TOKEN);
      // A workflow run's token, kept by the tenant's store until the run ends, is sealed with the same key.
      const steps = tenantStore(engine!.sql, 'T1', secretsAtRest(sealer));
      const step = {
        executionId: 'Fx1',
        callbackId: 'dub_video',
        token: STEP_TOKEN,
        jobId: null,
        inputs: { languages: ['es'], approvers: [], waitForApproval: false },
        problem: null,
      };
      expect(await steps.recordStep(step, 3)).toBe(true);
      expect((await steps.getStep('Fx1'))?.token).toBe(STEP_TOKEN);
      const dump = await engine!.dump();
      expect(dump).toContain('UBT1'); // the dump is real: the bot user id is there in clear
      expect(dump).toContain('Fx1');
      expect(dump).not.toMatch(/xox[a-z]/);
      expect(dump).not.toContain('xwfp-');
      expect(dump).not.toContain(SERVICE_TOKEN);
    });

    it('binds a workflow run’s sealed token to its workspace, and reads a run recorded in clear before', async () => {
      await store();
      const sealing = (tenant: string) => tenantStore(engine!.sql, tenant, secretsAtRest(sealer));
      const run = (executionId: string, token: string) => ({
        executionId,
        callbackId: 'dub_video',
        token,
        jobId: null,
        inputs: { languages: ['es'], approvers: [], waitForApproval: false },
        problem: null,
      });
      expect(await sealing('T1').recordStep(run('Fx1', STEP_TOKEN), 1)).toBe(true);
      // Moved to another workspace's rows, it does not open there.
      await engine!.sql.run(`UPDATE workflow_steps SET tenant = 'T2' WHERE id = 'Fx1'`, []);
      await expect(sealing('T2').getStep('Fx1')).rejects.toBeInstanceOf(UnsealError);
      // Recorded in clear by a version that did not seal, still under way: read as it is.
      expect(await tenantStore(engine!.sql, 'T1').recordStep(run('Fx2', 'xwfp-1-clear'), 2)).toBe(true);
      expect((await sealing('T1').getStep('Fx2'))?.token).toBe('xwfp-1-clear');
    });

    it('lets one of two refreshes at once take the lease, and only at the version it read', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      const { tokenVersion } = (await installations.get('T1'))!;
      const claims = await Promise.all([
        installations.claimRefresh('T1', tokenVersion, 'a', 1_000, 10),
        installations.claimRefresh('T1', tokenVersion, 'b', 1_000, 10),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims[0] ? 'a' : 'b';
      // The other one cannot take it while it holds.
      expect(
        await installations.claimRefresh('T1', tokenVersion, winner === 'a' ? 'b' : 'a', 1_000, 20),
      ).toBe(false);
      const fresh = { token: 'xoxe.xoxb-1-new', refreshToken: 'xoxe-1-new', expiresAt: 2_000_000 };
      expect(await installations.saveRefreshed('T1', tokenVersion, fresh)).toBe(true);
      expect(await installations.get('T1')).toMatchObject({ tokenVersion: tokenVersion + 1, bot: fresh });
      // The old version cannot be claimed again, even after the lease would have lapsed.
      expect(await installations.claimRefresh('T1', tokenVersion, 'a', 9_000, 5_000)).toBe(false);
    });

    it('saves a refresh at the version it was claimed at, though its lease lapsed and passed on, once', async () => {
      const { installations } = await store();
      await installations.save(install({ key: 'T1' }), 1);
      await installations.save(install({ key: 'T2' }), 1);
      const { tokenVersion } = (await installations.get('T1'))!;
      expect(await installations.claimRefresh('T1', tokenVersion, 'a', 1_000, 10)).toBe(true);
      // a's lease lapses while Slack answers it; b takes it, its refresh is refused (a used the refresh
      // token up) and it gives the lease back.
      expect(await installations.claimRefresh('T1', tokenVersion, 'b', 3_000, 2_000)).toBe(true);
      await installations.releaseRefresh('T1', 'b');
      const fresh = { token: 'xoxe.xoxb-1-late', refreshToken: 'xoxe-1-late', expiresAt: 2_000_000 };
      expect(await installations.saveRefreshed('T1', tokenVersion, fresh)).toBe(true);
      expect(await installations.get('T1')).toMatchObject({ tokenVersion: tokenVersion + 1, bot: fresh });
      // A second answer for the same version never replaces the first.
      const second = { token: 'xoxe.xoxb-1-second', refreshToken: 'xoxe-1-second', expiresAt: 3_000_000 };
      expect(await installations.saveRefreshed('T1', tokenVersion, second)).toBe(false);
      expect((await installations.get('T1'))!.bot).toEqual(fresh);
      // Tied to its installation: T2, at the same version number, kept its own tokens.
      const t2 = (await installations.get('T2'))!;
      expect(t2.tokenVersion).toBe(tokenVersion);
      expect(t2.bot?.token).toBe('xoxe.xoxb-1-T2');
      // A reinstall saved meanwhile is newer than a refresh claimed before it; a removed one takes none.
      expect(await installations.claimRefresh('T2', t2.tokenVersion, 'a', 9_000, 5_000)).toBe(true);
      await installations.save(install({ key: 'T2', bot: { ...fresh, token: 'xoxe.xoxb-1-again' } }), 6_000);
      expect(await installations.saveRefreshed('T2', t2.tokenVersion, second)).toBe(false);
      expect((await installations.get('T2'))!.bot?.token).toBe('xoxe.xoxb-1-again');
      const { tokenVersion: current } = (await installations.get('T1'))!;
      await installations.markRemoved('T1', 7_000);
      expect(await installations.saveRefreshed('T1', current, second)).toBe(false);
      expect((await installations.get('T1'))!.bot).toBeNull();
    });

    it('uses an OAuth state once', async () => {
      const { installations } = await store();
      expect(await installations.useState('n1', 100, 1)).toBe(true);
      expect(await installations.useState('n1', 100, 2)).toBe(false);
      expect(await installations.useState('n2', 100, 2)).toBe(true);
    });

    it('purges an uninstalled tenant once its retention has passed, not before', async () => {
      const { installations, sql } = await store();
      const day = 24 * 60 * 60_000;
      await installations.save(install({ key: 'T1' }), 0);
      await installations.save(install({ key: 'T2' }), 0);
      await installations.markRemoved('T1', day);
      let now = day + 30 * day - 1;
      const round = retentionRound({
        sql,
        installations,
        retentionMs: 30 * day,
        logger: pino({ level: 'silent' }),
        now: () => now,
      });
      expect(await round()).toBe(false);
      expect(await installations.get('T1')).toMatchObject({ state: 'removed' });
      now += 1;
      await round();
      expect(await installations.get('T1')).toBeUndefined();
      expect(await installations.get('T2')).toMatchObject({ state: 'active' });
    });

    it('purges a tenant from every table with a tenant column, referencing tables first', async () => {
      const { installations, sql } = await store();
      await sql.run('CREATE TABLE t_parent (id TEXT PRIMARY KEY, tenant TEXT NOT NULL)');
      await sql.run(
        'CREATE TABLE t_child (id TEXT PRIMARY KEY, parent TEXT NOT NULL REFERENCES t_parent(id), tenant TEXT NOT NULL)',
      );
      for (const tenant of ['T1', 'T2']) {
        await installations.save(install({ key: tenant }), 1);
        await sql.run('INSERT INTO t_parent (id, tenant) VALUES (?, ?)', [`p-${tenant}`, tenant]);
        await sql.run('INSERT INTO t_child (id, parent, tenant) VALUES (?, ?, ?)', [
          `c-${tenant}`,
          `p-${tenant}`,
          tenant,
        ]);
      }
      // The installation, its person's token, the parent and the child.
      expect(await deleteTenant(sql, 'T1')).toBe(4);
      expect(await installations.get('T1')).toBeUndefined();
      expect(await sql.all('SELECT id FROM t_child')).toEqual([{ id: 'c-T2' }]);
      expect(await sql.all('SELECT id FROM t_parent')).toEqual([{ id: 'p-T2' }]);
      expect((await installations.get('T2'))?.bot?.token).toBe('xoxe.xoxb-1-T2');
    });
  });
}
