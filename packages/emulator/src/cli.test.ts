import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliError, parseCli, startMessage } from './cli-args.ts';

describe('startMessage', () => {
  it('lists only what the emulator accepts: no dev-token when started with --client alone', () => {
    const url = 'http://127.0.0.1:4010';
    expect(startMessage(url, parseCli(['--client', 'app:secret']).options)).toBe(
      `dubkit emulator listening on ${url} (speed 1, clients: app at ${url}/oauth2/token)`,
    );
    expect(startMessage(url, parseCli([]).options)).toBe(
      `dubkit emulator listening on ${url} (speed 1, tokens: dev-token)`,
    );
    expect(startMessage(url, parseCli(['--token', 't1', '--client', 'app:s']).options)).toBe(
      `dubkit emulator listening on ${url} (speed 1, tokens: t1; clients: app at ${url}/oauth2/token)`,
    );
  });
});

describe('parseCli', () => {
  it('accepts a leading -- (pnpm passes it on), repeatable tokens and links hosts, and faults', () => {
    const { options } = parseCli([
      '--',
      '--port',
      '4010',
      '--token',
      'dev-token',
      '--token',
      'team-b=b',
      '--speed',
      '100',
      '--allow-link-host',
      'media.local:8080',
      '--fault',
      'errorRate=0.1',
      '--fault',
      'latencyMs=100-300',
      '--fault',
      'failStage=translation',
      '--client',
      'app:secret=acme',
    ]);
    expect(options).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      tokens: { 'dev-token': 'default', 'team-b': 'b' },
      speed: 100,
      allowLinkHosts: ['media.local:8080'],
      faults: { errorRate: 0.1, latencyMs: [100, 300], failStage: 'translation' },
      clients: [{ clientId: 'app', clientSecret: 'secret', account: 'acme' }],
    });
    expect(parseCli(['--port', '0']).options.port).toBe(0);
  });

  it('names what is wrong', () => {
    expect(() => parseCli(['--speed', 'fast'])).toThrow(CliError);
    expect(() => parseCli(['--speed', 'fast'])).toThrow(/--speed expects a number/);
    expect(() => parseCli(['--colour'])).toThrow(/colour/);
    expect(() => parseCli(['--fault', 'oops'])).toThrow(/NAME=VALUE/);
  });
});

describe('dubkit-emulator', () => {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const exec = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 20_000 });

  it('prints its version and help (exit 0); a wrong flag is one line and exit 2', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(exec(['--version'])).toMatchObject({ status: 0, stdout: `${manifest.version}\n` });
    expect(exec(['--help'])).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^Usage: dubkit-emulator/),
    });
    expect(exec(['--colour'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(
        /^dubkit-emulator: .*colour.*\nRun dubkit-emulator --help for the options\.\n$/,
      ),
    });
  });

  it('exits 2 when the port is taken', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dubkit-emulator-cli-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      // A folder of the test's own: an emulator that cannot listen does not remove the folder it made.
      const result = exec(['--port', String(port), '--data-dir', dataDir]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('dubkit-emulator: cannot start: listen EADDRINUSE');
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints its URL, serves, and exits cleanly on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, [cli, '--', '--port', '0', '--token', 'cli-token'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[0]);
          }
        });
      });
      const response = await fetch(`${url}/v2/credits`, { headers: { authorization: 'Bearer cli-token' } });
      expect(response.status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
