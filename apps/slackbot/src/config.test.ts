import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvFiles } from './config.ts';

const base = {
  SLACK_BOT_TOKEN: 'xoxb-1',
  SLACK_SIGNING_SECRET: 'secret',
  DUBKIT_TOKEN: 'tok',
};

describe('loadConfig', () => {
  it('reads HTTP mode with defaults', () => {
    const config = loadConfig(base);
    expect(config.slackMode).toEqual({ kind: 'http', signingSecret: 'secret', port: 3000 });
    expect(config.store).toEqual({ kind: 'sqlite', path: './data/dubkit.db' });
    expect(config.service).toEqual({ baseUrl: 'https://api.rask.ai', auth: { token: 'tok' } });
    expect(config.polling.minMs).toBeLessThan(config.polling.maxMs);
    // List sweeps every 2 s on a budget sized for them.
    expect(config.polling).toMatchObject({ sweepEveryMs: 2_000, requestsPerSecond: 100 });
  });

  it('reads TRACKER_SWEEP_MS: 0 turns list sweeps off, and a sweep is never further apart than POLL_MAX_MS', () => {
    expect(loadConfig({ ...base, TRACKER_SWEEP_MS: '0' }).polling.sweepEveryMs).toBeUndefined();
    expect(
      loadConfig({ ...base, TRACKER_SWEEP_MS: '5000', POLL_MIN_MS: '1000', POLL_MAX_MS: '3000' }).polling
        .sweepEveryMs,
    ).toBe(3_000);
    expect(() => loadConfig({ ...base, TRACKER_SWEEP_MS: 'often' })).toThrow(/TRACKER_SWEEP_MS/);
  });

  it('prefers Socket Mode when an app token is given, and takes client credentials', () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_APP_TOKEN: 'xapp-1',
      DUBKIT_CLIENT_ID: 'id',
      DUBKIT_CLIENT_SECRET: 'shh',
      DATABASE_URL: 'sqlite:/tmp/x.db',
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
    });
    expect(config.slackMode).toEqual({ kind: 'socket', appToken: 'xapp-1' });
    expect(config.service.auth).toEqual({ clientId: 'id', clientSecret: 'shh' });
    expect(config.store).toEqual({ kind: 'sqlite', path: '/tmp/x.db' });
    expect(config.slackApiUrl).toBe('http://127.0.0.1:9/api/');
  });

  it('names every missing or malformed variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        SLACK_BOT_TOKEN: 'xoxp-user',
        PORT: 'eighty',
        DUBKIT_CLIENT_ID: 'id',
        DATABASE_URL: 'mysql://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.join('\n')).toMatch(/SLACK_BOT_TOKEN must be a bot token/);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/SLACK_APP_TOKEN \(Socket Mode\) or SLACK_SIGNING_SECRET/);
    expect(problems.join('\n')).toMatch(/DUBKIT_CLIENT_SECRET is missing/);
    expect(message).toMatch(/DATABASE_URL must look like sqlite:/);
    expect(message).not.toMatch(/xoxp-user/);
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL, with its pool size', () => {
    const base = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1', DUBKIT_TOKEN: 't' };
    const url = 'postgres://dubkit:secret@db.internal:5432/dubkit';
    expect(loadConfig({ ...base, DATABASE_URL: url }).store).toEqual({ kind: 'postgres', url, poolSize: 10 });
    expect(loadConfig({ ...base, DATABASE_URL: url, DATABASE_POOL_SIZE: '4' }).store).toMatchObject({
      poolSize: 4,
    });
    expect(() => loadConfig({ ...base, DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
  });

  it('reads OAuth mode: client id and secret, state secret, signing secret and encryption key', () => {
    const key = Buffer.alloc(32, 7);
    const oauth = {
      SLACK_CLIENT_ID: '1111.2222',
      SLACK_CLIENT_SECRET: 'client-secret',
      SLACK_STATE_SECRET: 'a-state-secret-of-some-length',
      SLACK_SIGNING_SECRET: 'secret',
      DUBKIT_ENCRYPTION_KEY: key.toString('hex'),
    };
    const config = loadConfig(oauth);
    expect(config.slackBotToken).toBeUndefined();
    expect(config.install).toMatchObject({
      clientId: '1111.2222',
      retentionMs: 30 * 24 * 60 * 60_000,
      refreshWithinMs: 300_000,
    });
    expect(loadConfig({ ...oauth, SLACK_TOKEN_REFRESH_SECONDS: '4' }).install?.refreshWithinMs).toBe(4_000);
    expect(config.install?.encryptionKeys).toEqual([key]);
    // Several keys, the current one first (rotation): each read, in order.
    const old = Buffer.alloc(32, 9);
    expect(
      loadConfig({ ...oauth, DUBKIT_ENCRYPTION_KEY: `${key.toString('base64')}, ${old.toString('hex')}` })
        .install?.encryptionKeys,
    ).toEqual([key, old]);
    // No default dubbing account unless one is given; then it is DUBKIT_TOKEN's.
    expect(config.service.auth).toBeUndefined();
    expect(loadConfig({ ...oauth, DUBKIT_TOKEN: 't', DUBKIT_RETENTION_DAYS: '0' })).toMatchObject({
      service: { auth: { token: 't' } },
      install: { retentionMs: 0 },
    });
    expect(
      loadConfig({ ...oauth, SLACK_REDIRECT_URI: 'https://dub.example/slack/oauth_redirect' }).install,
    ).toMatchObject({ redirectUri: 'https://dub.example/slack/oauth_redirect' });
    // Rotating bot tokens are bot tokens too (single-workspace mode).
    expect(loadConfig({ ...base, SLACK_BOT_TOKEN: 'xoxe.xoxb-1-abc' }).slackBotToken).toBe('xoxe.xoxb-1-abc');
  });

  it('names each OAuth setting that is missing or wrong, and the single-workspace token beside them', () => {
    let error: unknown;
    try {
      loadConfig({
        SLACK_CLIENT_ID: '1111.2222',
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_SIGNING_SECRET: 'secret',
        DUBKIT_ENCRYPTION_KEY: 'not-a-key',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/SLACK_CLIENT_SECRET is missing/);
    expect(problems).toMatch(/SLACK_STATE_SECRET is missing/);
    expect(problems).toMatch(/SLACK_BOT_TOKEN is for single-workspace mode/);
    expect(problems).toMatch(/DUBKIT_ENCRYPTION_KEY must be 32 random bytes/);
    expect(problems).not.toMatch(/not-a-key/);
    expect(problems).not.toMatch(/DUBKIT_TOKEN/);
  });

  it('says which variable is missing when the environment is empty', () => {
    expect(() => loadConfig({})).toThrow(/SLACK_BOT_TOKEN is missing/);
  });

  it('reads ADMIN_USER_IDS as a list of Slack user ids, none by default, and names a malformed one', () => {
    expect(loadConfig(base).adminUserIds).toEqual([]);
    expect(loadConfig({ ...base, ADMIN_USER_IDS: 'U01ANA, U02BEN W03CAT' }).adminUserIds).toEqual([
      'U01ANA',
      'U02BEN',
      'W03CAT',
    ]);
    expect(() => loadConfig({ ...base, ADMIN_USER_IDS: 'U01ANA,@ben' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ADMIN_USER_IDS: 'U01ANA,@ben' })).toThrow(/ADMIN_USER_IDS/);
  });

  it('reads METRICS_TOKEN, none by default, and refuses one too short to be a secret', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a-long-random-metrics-secret' }).metricsToken).toBe(
      'a-long-random-metrics-secret',
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN.*at least 16/);
  });

  it('reads METRICS_PORT (a server of its own, on loopback unless METRICS_HOST says otherwise)', () => {
    expect(loadConfig(base).metricsServer).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metricsServer).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsServer).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ ...base, METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST needs METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be a port number/);
  });
});

describe('readEnvFiles', () => {
  it('reads the .env of the folder and of the repository root, the nearer one winning', () => {
    const root = mkdtempSync(join(tmpdir(), 'dubkit-env-'));
    try {
      const app = join(root, 'apps', 'slackbot');
      mkdirSync(app, { recursive: true });
      writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
      writeFileSync(join(root, '.env'), 'SLACK_BOT_TOKEN=xoxb-root\nDUBKIT_TOKEN=from-root\n');
      // `pnpm start` from the root runs the app in apps/slackbot: the root's .env is read all the same.
      expect(readEnvFiles(app)).toEqual({
        files: [join(root, '.env')],
        variables: { SLACK_BOT_TOKEN: 'xoxb-root', DUBKIT_TOKEN: 'from-root' },
      });
      writeFileSync(join(app, '.env'), 'DUBKIT_TOKEN=from-app\n');
      expect(readEnvFiles(app).variables).toEqual({ SLACK_BOT_TOKEN: 'xoxb-root', DUBKIT_TOKEN: 'from-app' });
      expect(readEnvFiles(root).files).toEqual([join(root, '.env')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
