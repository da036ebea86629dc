// `node src/main.ts` as an admin runs it, as its own process on 127.0.0.1: what it prints and how it exits
// when something is wrong, how it waits when something is unreachable, and a working start from a .env file
// with HOST, answering /healthz and /readyz.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import { FakeSlack } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS } from '../test-support/people.ts';
import { MIN_NODE_VERSION, nodeVersionProblem } from './node-version.ts';

const MAIN = join(import.meta.dirname, '..', 'main.ts');
const BOT = 'xoxb-main-test-bot';
const SERVICE = 'main-test-service-token';
/** How long a started process may take to print what a test waits for. */

let slack: FakeSlack;
let emulator: Emulator;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  slack = await new FakeSlack({ botToken: BOT }).start();
  emulator = await startEmulator({ port: 0, host: '127.0.0.1', tokens: [SERVICE] });
  dir = mkdtempSync(join(tmpdir(), 'dubkit-main-'));
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await slack?.close();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

function appEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: BOT,
    SLACK_SIGNING_SECRET: 'main-test-secret',
    SLACK_API_URL: slack.apiUrl,
    DUBKIT_BASE_URL: emulator.url,
    DUBKIT_TOKEN: SERVICE,
    DATABASE_URL: `sqlite:${join(dir, `${Math.random().toString(36).slice(2)}.db`)}`,
    PORT: '0',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts main.ts with exactly `env` (and PATH), in `cwd`. */
function run(env: Record<string, string>, options: { cwd?: string; nodeArgs?: string[] } = {}): Run {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
    cwd: options.cwd ?? dir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function exitOf(r: Run): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no exit within ${WAIT_MS} ms; stderr: ${r.stderr()}`)),
      WAIT_MS,
    );
  });
  try {
    return await Promise.race([r.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `probe` every 50 ms until it returns a value, at most WAIT_MS. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A module for `--import`: node:sqlite missing, as on Node 20 (and the version too, when `version` is set). */
function olderNode(version?: string): string {
  const path = join(dir, `older-node-${version ?? 'same'}.mjs`);
  writeFileSync(
    path,
    `import { registerHooks } from 'node:module';
${version ? `Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });` : ''}
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'node:sqlite' || specifier === 'sqlite') {
      const error = new Error('No such built-in module: node:sqlite');
      error.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
      throw error;
    }
    return next(specifier, context);
  },
});
`,
  );
  return path;
}

describe('nodeVersionProblem', () => {
  it('accepts the minimum and anything newer, and refuses older versions in one line', () => {
    expect(MIN_NODE_VERSION).toBe('22.19.0');
    for (const ok of ['v22.19.0', 'v22.20.1', 'v23.0.0', 'v24.11.0', '25.0.0'])
      expect(nodeVersionProblem(ok)).toBeUndefined();
    expect(nodeVersionProblem('v22.18.9')).toBe(
      'Node.js 22.19.0 or newer is needed (this is 22.18.9): install a current Node.js LTS release',
    );
    expect(nodeVersionProblem('v20.11.1')).toMatch(/this is 20\.11\.1/);
    expect(nodeVersionProblem('v9.99.99')).toMatch(/this is 9\.99\.99/);
    expect(nodeVersionProblem('nonsense')).toMatch(/cannot be read/);
  });
});

describe('node src/main.ts', () => {
  it('on an older Node, says which version it needs before anything imports node:sqlite', async () => {
    // The stand-in works: without the version check in front, the app dies of the missing module.
    const unchecked = run(appEnv(), { nodeArgs: ['--import', olderNode()] });
    expect(await exitOf(unchecked)).not.toBe(0);
    expect(unchecked.stderr()).toContain('ERR_UNKNOWN_BUILTIN_MODULE');

    const old = run(appEnv(), { nodeArgs: ['--import', olderNode('v20.11.1')] });
    expect(await exitOf(old)).toBe(1);
    expect(old.stderr()).toBe(
      'Node.js 22.19.0 or newer is needed (this is 20.11.1): install a current Node.js LTS release\n',
    );
  });

  it('exits with code 1 and one line naming SLACK_BOT_TOKEN when Slack refuses it', async () => {
    const wrong = run(appEnv({ SLACK_BOT_TOKEN: 'xoxb-well-formed-but-wrong' }));
    expect(await exitOf(wrong)).toBe(1);
    const lines = wrong.stderr().trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^SLACK_BOT_TOKEN was refused by Slack \(invalid_auth\): copy /),
    ]);
    expect(wrong.stdout()).not.toMatch(/\n\s+at /);
  });

  it('exits with code 1 and one line naming DUBKIT_TOKEN when the service refuses it', async () => {
    const wrong = run(appEnv({ DUBKIT_TOKEN: 'wrong-service-token' }));
    expect(await exitOf(wrong)).toBe(1);
    expect(wrong.stderr()).toBe(
      `DUBKIT_TOKEN was refused by the dubbing service at ${emulator.url} (401): check the credentials in your account's API settings\n`,
    );
  });

  it('exits with code 1 and one line when PORT is taken or HOST is not this machine', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const taken = run(appEnv({ HOST: '127.0.0.1', PORT: String(port) }));
      expect(await exitOf(taken)).toBe(1);
      expect(taken.stderr()).toBe(
        `PORT ${port} on 127.0.0.1 is in use by another process: stop it, or set another PORT\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    // 192.0.2.1 is reserved for documentation: no machine has it, and binding to it sends nothing.
    const elsewhere = run(appEnv({ HOST: '192.0.2.1' }));
    expect(await exitOf(elsewhere)).toBe(1);
    expect(elsewhere.stderr()).toBe('HOST 192.0.2.1 is not an address of this machine\n');
  });

  it('waits while Slack is unreachable, saying so, and stops cleanly on SIGTERM meanwhile', async () => {
    const port = await freePort();
    const waiting = run(appEnv({ SLACK_API_URL: `http://127.0.0.1:${port}/api/` }));
    const warning = await until('the unreachable warning', () =>
      waiting
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((entry) => entry.level === 40),
    );
    expect(warning.msg).toMatch(
      new RegExp(
        `^Slack \\(http://127\\.0\\.0\\.1:${port}/api/\\) is unreachable \\(connect ECONNREFUSED .*\\); trying again in 1 s$`,
      ),
    );
    expect(waiting.child.exitCode).toBeNull();
    waiting.child.kill('SIGTERM');
    expect(await exitOf(waiting)).toBe(0);
    expect(waiting.stderr()).toBe('');
  });

  it('reads .env from its working directory, listens on HOST only, and answers /healthz and /readyz', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    // 127.0.0.2 is loopback too on Linux: listening there, the app must not answer on 127.0.0.1.
    const host = '127.0.0.2';
    const port = await freePort(host);
    const env = appEnv({ PORT: String(port), HOST: host });
    writeFileSync(
      join(cwd, '.env'),
      `# written by the test\n${Object.entries(env)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n')}\n`,
    );
    // Only PATH and one variable that the file also sets: the environment wins over the file.
    const started = run({ LOG_LEVEL: 'warn' }, { cwd });
    const healthz = await until('/healthz', () =>
      fetch(`http://${host}:${port}/healthz`).then(
        (response) => response,
        () => (started.child.exitCode === null ? undefined : Promise.reject(new Error(started.stderr()))),
      ),
    );
    expect(healthz.status).toBe(200);
    expect(await healthz.json()).toEqual({ status: 'ok' });

    const readyz = await fetch(`http://${host}:${port}/readyz`);
    expect(readyz.status).toBe(200);
    expect(await readyz.json()).toEqual({
      status: 'ready',
      ready: true,
      checks: { database: 'ok', slack: 'ok' },
    });

    const elsewhere = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(elsewhere).toBe('ECONNREFUSED');

    // LOG_LEVEL=warn from the environment, not info from the file: the start-up line is not logged.
    expect(started.stdout()).not.toContain('start-up checks passed');
    started.child.kill('SIGTERM');
    expect(await exitOf(started)).toBe(0);
  });
});
