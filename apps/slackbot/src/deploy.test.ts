// The systemd unit in deploy/ is one systemd accepts: `systemd-analyze verify` reads it as systemd would
// (unknown keys, bad values, an ExecStart that is not executable) where the command exists; elsewhere the
// test is skipped. verify exits 0 on mere warnings, so the test also requires it to say nothing of the unit.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './store/open.ts';
import { SCHEMA_VERSION } from './store/sql/migrations.ts';

const UNIT = join(import.meta.dirname, '..', 'deploy', 'dubkit-slackbot.service');

function hasCommand(command: string, versionFlag = '--version'): boolean {
  try {
    execFileSync(command, [versionFlag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'dubkit-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** verify's complaints about one unit text (written under `name`), with node where this machine has it. */
function complaints(text: string, name: string): { status: number | null; lines: string[] } {
  // verify checks that ExecStart's program exists: use this machine's node where /usr/bin/node is missing.
  const runnable = existsSync('/usr/bin/node') ? text : text.replace('/usr/bin/node', process.execPath);
  const path = join(dir, name);
  writeFileSync(path, runnable);
  const result = spawnSync('systemd-analyze', ['verify', path], { encoding: 'utf8' });
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.includes(name));
  return { status: result.status, lines };
}

describe.skipIf(!hasCommand('systemd-analyze'))('deploy/dubkit-slackbot.service', () => {
  const text = readFileSync(UNIT, 'utf8');

  it('passes systemd-analyze verify without a word about it', () => {
    expect(complaints(text, 'dubkit-slackbot.service')).toEqual({ status: 0, lines: [] });
  });

  it('is checked for real: a misspelt key and a bad value are reported', () => {
    const broken = text
      .replace('Restart=on-failure', 'Restart=sometimes')
      .replace('KillSignal=', 'KilSignal=');
    expect(complaints(broken, 'broken-copy.service').lines).toEqual([
      expect.stringContaining("Unknown key 'KilSignal'"),
      expect.stringContaining('sometimes'),
    ]);
  });

  it('runs the built app, stops it with SIGTERM and keeps its database in its state folder', () => {
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node \S+\/apps\/slackbot\/dist\/main\.js$/m);
    expect(text).toMatch(/^KillSignal=SIGTERM$/m);
    expect(text).toMatch(/^StateDirectory=dubkit-slackbot$/m);
    expect(text).toMatch(/^Environment=DATABASE_URL=sqlite:\/var\/lib\/dubkit-slackbot\/dubkit\.db$/m);
  });
});

describe.skipIf(!hasCommand('sqlite3', '-version'))("the README's SQLite backup", () => {
  it('copies a database the app has open, recent writes in its -wal file included', async () => {
    const path = join(dir, 'live.db');
    const store = await openStore({ kind: 'sqlite', path });
    try {
      // The migrations were just written and sit in the write-ahead log, not yet in dubkit.db itself.
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
      const copiedAlone = join(dir, 'file-alone.db');
      copyFileSync(path, copiedAlone);
      const backup = join(dir, 'backup.db');
      execFileSync('sqlite3', [path, `.backup '${backup}'`]);

      const versionOf = (file: string) => {
        const db = new DatabaseSync(file, { readOnly: true });
        try {
          const hasTable = db
            .prepare("SELECT 1 AS hit FROM sqlite_master WHERE name = 'schema_migrations'")
            .get();
          return hasTable
            ? (db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v
            : 0;
        } finally {
          db.close();
        }
      };
      expect(versionOf(backup)).toBe(SCHEMA_VERSION);
      // Why the README says never to copy dubkit.db alone while the app runs.
      expect(versionOf(copiedAlone)).toBeLessThan(SCHEMA_VERSION);
    } finally {
      await store.close();
    }
  });
});
