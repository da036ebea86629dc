// The systemd unit in deploy/ is one systemd accepts: `systemd-analyze verify` reads it as systemd would
// (unknown keys, bad values, an ExecStart that is not executable) where the command exists; elsewhere the
// test is skipped. verify exits 0 on mere warnings, so the test also requires it to say nothing of the unit.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const UNIT = join(import.meta.dirname, '..', 'deploy', 'dubkit-slackbot.service');

function hasSystemdAnalyze(): boolean {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
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

describe.skipIf(!hasSystemdAnalyze())('deploy/dubkit-slackbot.service', () => {
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
