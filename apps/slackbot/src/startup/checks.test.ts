// The start-up checks against the real things they call, on 127.0.0.1: the fake Slack (which answers
// invalid_auth to a token it does not know, as Slack does), the dubbing service's emulator, SQLite files and
// the run's PostgreSQL server; and ports nobody listens on, for a network that is down.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Emulator, startEmulator } from '@dubkit/emulator';
import { FakeSlack } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { SCHEMA_VERSION } from '../store/sql/migrations.ts';
import { testDatabase } from '../test-support/postgres.ts';
import {
  describeError,
  runStartupChecks,
  type StartupCheck,
  StartupRefused,
  StartupUnreachable,
  startupChecks,
} from './checks.ts';

const BOT = 'xoxb-right-bot-token';
const APP = 'xapp-1-right-app-token';
const SERVICE = 'right-service-token';

let slack: FakeSlack;
let emulator: Emulator;
let dir: string;

beforeAll(async () => {
  slack = await new FakeSlack({ botToken: BOT, appToken: APP }).start();
  emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    tokens: [SERVICE],
    clients: [{ clientId: 'right-id', clientSecret: 'right-secret', account: 'default' }],
  });
  dir = mkdtempSync(join(tmpdir(), 'dubkit-checks-'));
});

afterAll(async () => {
  await slack?.close();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A configuration whose every value is right, with `env` on top. */
function configWith(env: Record<string, string> = {}) {
  return loadConfig({
    SLACK_BOT_TOKEN: BOT,
    SLACK_SIGNING_SECRET: 'secret',
    SLACK_API_URL: slack.apiUrl,
    DUBKIT_BASE_URL: emulator.url,
    DUBKIT_TOKEN: SERVICE,
    DATABASE_URL: `sqlite:${join(dir, `${Math.random().toString(36).slice(2)}.db`)}`,
    ...env,
  });
}

function recordingLogger() {
  const lines = { info: [] as string[], warn: [] as string[] };
  return {
    lines,
    logger: { info: (line: string) => lines.info.push(line), warn: (line: string) => lines.warn.push(line) },
  };
}

/** Runs the checks once; resolves to the refusal's lines, or [] when everything passed. */
async function refusals(env: Record<string, string>): Promise<string[]> {
  const { logger } = recordingLogger();
  try {
    await runStartupChecks(startupChecks(configWith(env)), { logger, maxAttempts: 1 });
    return [];
  } catch (error) {
    if (error instanceof StartupRefused) return error.problems;
    throw error;
  }
}

/** A port on 127.0.0.1 that nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('start-up checks', () => {
  it('pass with right values, Socket Mode included, and say so', async () => {
    const { lines, logger } = recordingLogger();
    const checks = startupChecks(configWith({ SLACK_APP_TOKEN: APP }));
    expect(checks.map((c) => c.name)).toEqual([
      'Slack bot token',
      'Slack app-level token',
      'dubbing service credentials',
      'database',
    ]);
    await runStartupChecks(checks, { logger, maxAttempts: 1 });
    expect(lines.info).toEqual([
      'start-up checks passed: Slack bot token, Slack app-level token, dubbing service credentials, database',
    ]);
    expect(lines.warn).toEqual([]);
  });

  it('name a wrong bot token in one line with what to do', async () => {
    const problems = await refusals({ SLACK_BOT_TOKEN: 'xoxb-well-formed-but-wrong' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^SLACK_BOT_TOKEN was refused by Slack \(invalid_auth\): copy the Bot User OAuth Token/,
    );
    expect(problems[0]).not.toContain('\n');
    expect(problems[0]).not.toContain('well-formed-but-wrong');
  });

  it('name a wrong app-level token in Socket Mode, and only then', async () => {
    const problems = await refusals({ SLACK_APP_TOKEN: 'xapp-1-well-formed-but-wrong' });
    expect(problems).toEqual([
      expect.stringMatching(/^SLACK_APP_TOKEN was refused by Slack \(invalid_auth\): /),
    ]);
    // HTTP mode never asks for a Socket Mode connection.
    const before = slack.calls.filter((c) => c.method === 'apps.connections.open').length;
    expect(await refusals({})).toEqual([]);
    expect(slack.calls.filter((c) => c.method === 'apps.connections.open')).toHaveLength(before);
  });

  it('name a wrong service token, or wrong client credentials, as the emulator refuses them', async () => {
    expect(await refusals({ DUBKIT_TOKEN: 'wrong-service-token' })).toEqual([
      `DUBKIT_TOKEN was refused by the dubbing service at ${emulator.url} (401): check the credentials in your account's API settings`,
    ]);
    const credentials = { DUBKIT_TOKEN: '', DUBKIT_TOKEN_URL: `${emulator.url}/oauth2/token` };
    expect(
      await refusals({ ...credentials, DUBKIT_CLIENT_ID: 'right-id', DUBKIT_CLIENT_SECRET: 'right-secret' }),
    ).toEqual([]);
    expect(
      await refusals({ ...credentials, DUBKIT_CLIENT_ID: 'right-id', DUBKIT_CLIENT_SECRET: 'wrong' }),
    ).toEqual([
      expect.stringMatching(
        /^DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET were refused by the dubbing service at /,
      ),
    ]);
  });

  it('name every wrong value of a round at once', async () => {
    const problems = await refusals({ SLACK_BOT_TOKEN: 'xoxb-wrong', DUBKIT_TOKEN: 'wrong' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['SLACK_BOT_TOKEN', 'DUBKIT_TOKEN']);
  });

  it('refuse a SQLite path that cannot be a database, naming DATABASE_URL', async () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const problems = await refusals({ DATABASE_URL: `sqlite:${join(file, 'dubkit.db')}` });
    expect(problems).toEqual([
      expect.stringMatching(
        /^DATABASE_URL: the SQLite database .*not-a-folder\/dubkit\.db cannot be opened \(EEXIST: file already exists, mkdir /,
      ),
    ]);
  });

  it('migrate the database, and refuse one whose schema is newer than the app', async () => {
    const path = join(dir, 'newer.db');
    expect(await refusals({ DATABASE_URL: `sqlite:${path}` })).toEqual([]);
    const db = new DatabaseSync(path);
    expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({
      v: SCHEMA_VERSION,
    });
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      SCHEMA_VERSION + 1,
      'from a newer app',
      Date.now(),
    );
    db.close();
    expect(await refusals({ DATABASE_URL: `sqlite:${path}` })).toEqual([
      `DATABASE_URL: the database's schema is version ${SCHEMA_VERSION + 1}, newer than this version of the app knows (${SCHEMA_VERSION}): run the newer app, or restore the backup made before the upgrade`,
    ]);
  });

  it('refuse a wrong PostgreSQL password without showing it, and migrate with the right one', async () => {
    const database = await testDatabase();
    try {
      expect(await refusals({ DATABASE_URL: database.url })).toEqual([]);
      const wrong = new URL(database.url);
      wrong.password = 'not-the-password';
      const problems = await refusals({ DATABASE_URL: wrong.toString() });
      expect(problems).toEqual([
        expect.stringMatching(
          /^DATABASE_URL: PostgreSQL at postgres:\/\/dubkit:\*\*\*@127\.0\.0\.1:\d+\/dubkit_\w+ refused the connection \(28P01 /,
        ),
      ]);
      expect(problems[0]).not.toContain('not-the-password');
    } finally {
      await database.drop();
    }
  });
});

describe('start-up checks while something is unreachable', () => {
  it('retry with a growing pause instead of failing, and give up only when told to', async () => {
    const port = await closedPort();
    const { lines, logger } = recordingLogger();
    const started = Date.now();
    const error = await runStartupChecks(
      startupChecks(configWith({ SLACK_API_URL: `http://127.0.0.1:${port}/api/` })),
      {
        logger,
        initialDelayMs: 20,
        maxAttempts: 3,
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupUnreachable);
    expect((error as StartupUnreachable).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^Slack \\(http://127\\.0\\.0\\.1:${port}/api/\\) is unreachable \\(connect ECONNREFUSED`),
      ),
    ]);
    // Two pauses, the second twice the first; nothing said about the checks that passed.
    expect(lines.warn).toEqual([
      expect.stringMatching(/is unreachable \(connect ECONNREFUSED.*\); trying again in 20 ms$/),
      expect.stringMatching(/is unreachable \(connect ECONNREFUSED.*\); trying again in 40 ms$/),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('go on once the service can be reached again, asking again only what failed', async () => {
    const port = await closedPort();
    let late: Emulator | undefined;
    const runs = new Map<string, number>();
    const counted = (checks: StartupCheck[]) =>
      checks.map((check) => ({
        name: check.name,
        run: () => {
          runs.set(check.name, (runs.get(check.name) ?? 0) + 1);
          return check.run();
        },
      }));
    const { lines, logger } = recordingLogger();
    const config = configWith({ DUBKIT_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      const checking = runStartupChecks(counted(startupChecks(config)), {
        logger,
        initialDelayMs: 300,
        maxAttempts: 10,
      });
      // The service comes up during the first pause, on the address the app was given.
      await new Promise((resolve) => setTimeout(resolve, 100));
      late = await startEmulator({ port, host: '127.0.0.1', tokens: [SERVICE] });
      await checking;
      expect(lines.warn).toEqual([
        expect.stringMatching(
          new RegExp(
            `^the dubbing service at http://127\\.0\\.0\\.1:${port} is unreachable \\(connect ECONNREFUSED`,
          ),
        ),
      ]);
      expect(Object.fromEntries(runs)).toEqual({
        'Slack bot token': 1,
        'dubbing service credentials': 2,
        database: 1,
      });
    } finally {
      await late?.close();
    }
  });

  it('count PostgreSQL that does not answer as unreachable, not as a wrong value', async () => {
    const port = await closedPort();
    const error = await runStartupChecks(
      startupChecks(configWith({ DATABASE_URL: `postgres://dubkit:secret@127.0.0.1:${port}/dubkit` })),
      { logger: recordingLogger().logger, maxAttempts: 1 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupUnreachable);
    expect((error as StartupUnreachable).problems).toEqual([
      expect.stringMatching(
        /^PostgreSQL at postgres:\/\/dubkit:\*\*\*@127\.0\.0\.1:\d+\/dubkit is unreachable \(connect ECONNREFUSED/,
      ),
    ]);
  });

  it('stop waiting when asked (SIGTERM while Slack is down)', async () => {
    const port = await closedPort();
    const stop = new AbortController();
    const checking = runStartupChecks(
      startupChecks(configWith({ SLACK_API_URL: `http://127.0.0.1:${port}/api/` })),
      {
        logger: { info() {}, warn: () => stop.abort() },
        initialDelayMs: 60_000,
        signal: stop.signal,
      },
    );
    await expect(checking).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('describeError', () => {
  it("tells the innermost cause, where fetch's own message says nothing", () => {
    const cause = Object.assign(new Error('getaddrinfo ENOTFOUND slack.com'), { code: 'ENOTFOUND' });
    expect(describeError(new TypeError('fetch failed', { cause }))).toBe('getaddrinfo ENOTFOUND slack.com');
    const refused = Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' });
    expect(describeError(new Error('outer', { cause: refused }))).toBe('ECONNREFUSED connect refused');
  });
});
