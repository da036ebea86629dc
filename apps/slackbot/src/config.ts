// The app's configuration, read from the environment once at start and validated, so that a missing or
// malformed variable stops the app with one message naming every problem instead of failing later.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const positiveInt = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be above 0');
const nonEmpty = z.string().trim().min(1);
const httpUrl = z.url({ protocol: /^https?$/ });

const EnvSchema = z.object({
  // Slack's bot tokens: `xoxb-…`, or `xoxe.xoxb-1-…` with token rotation.
  SLACK_BOT_TOKEN: nonEmpty
    .regex(
      /^(xoxe\.)?xoxb-/,
      'must be a bot token (starting with "xoxb-", or "xoxe.xoxb-" with token rotation)',
    )
    .optional(),
  SLACK_CLIENT_ID: nonEmpty.optional(),
  SLACK_CLIENT_SECRET: nonEmpty.optional(),
  SLACK_STATE_SECRET: z.string().min(16, 'must be at least 16 characters (a random secret)').optional(),
  SLACK_REDIRECT_URI: httpUrl.optional(),
  DUBKIT_ENCRYPTION_KEY: nonEmpty.optional(),
  DUBKIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .min(0, 'must be 0 (delete at once) or more days')
    .default(30),
  SLACK_TOKEN_REFRESH_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be 1 or more seconds before a token expires')
    .default(300),
  SLACK_APP_TOKEN: nonEmpty
    .startsWith('xapp-', 'must be an app-level token starting with "xapp-"')
    .optional(),
  SLACK_SIGNING_SECRET: nonEmpty.optional(),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .default(3000),
  HOST: nonEmpty.optional(),
  HEALTH_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  SLACK_API_URL: httpUrl.optional(),
  DUBKIT_BASE_URL: httpUrl.default('https://api.rask.ai'),
  DUBKIT_TOKEN: nonEmpty.optional(),
  DUBKIT_CLIENT_ID: nonEmpty.optional(),
  DUBKIT_CLIENT_SECRET: nonEmpty.optional(),
  DUBKIT_TOKEN_URL: httpUrl.optional(),
  DATABASE_URL: nonEmpty.default('sqlite:./data/dubkit.db'),
  MAX_FILE_BYTES: positiveInt.default(2 * 1024 ** 3),
  POLL_MIN_MS: positiveInt.default(5_000),
  POLL_MAX_MS: positiveInt.default(60_000),
  // Sized for list sweeps (README): 10,000 followed projects cost about 60 requests a second.
  SERVICE_REQUESTS_PER_SECOND: positiveInt.default(100),
  TRACKER_SWEEP_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int()
    .min(0)
    .default(2_000),
  SLACK_CHANNEL_PACE_MS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLACK_WRITE_TIMEOUT_MS: positiveInt.default(10_000),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100).default(10),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret)').optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  METRICS_HOST: nonEmpty.optional(),
  ADMIN_USER_IDS: z
    .string()
    .default('')
    .transform((list) => list.split(/[,\s]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[UW][A-Z0-9]{2,}$/, 'must be Slack user ids (U…), comma-separated'))),
});

export type SlackMode =
  | { kind: 'socket'; appToken: string }
  | { kind: 'http'; signingSecret: string; port: number };

/** OAuth mode: installed from a link into any number of workspaces and orgs (install/). */
export interface InstallConfig {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  /** The keys that seal every token at rest (DUBKIT_ENCRYPTION_KEY): the current key first, older ones after it. */
  encryptionKeys: Buffer[];
  /** SLACK_REDIRECT_URI; unset, derived from each install request's own address. */
  redirectUri?: string;
  /** How long an uninstalled workspace's data is kept (DUBKIT_RETENTION_DAYS; 0 = deleted at once). */
  retentionMs: number;
  /** How long before it expires a rotating bot token is refreshed (SLACK_TOKEN_REFRESH_SECONDS). */
  refreshWithinMs: number;
}

export type ServiceAuth = { token: string } | { clientId: string; clientSecret: string; tokenUrl?: string };

export type StoreLocation =
  | {
      kind: 'sqlite';
      /** A file path, or ':memory:'. */
      path: string;
    }
  | {
      kind: 'postgres';
      url: string;
      /** Connections this process keeps open (DATABASE_POOL_SIZE). */
      poolSize: number;
    };

export interface PollingConfig {
  /** Interval right after a status change. */
  minMs: number;
  /** Interval a stable project backs off to. */
  maxMs: number;
  /** Global budget of requests per second to the service, shared by every poll. */
  requestsPerSecond: number;
  /** Sweep the project list at most this often, across replicas (TRACKER_SWEEP_MS; absent: 0, no sweeps). */
  sweepEveryMs?: number;
}

export interface Config {
  /** Single-workspace mode's bot token; unset in OAuth mode, where each install brings its own. */
  slackBotToken?: string;
  /** OAuth mode (SLACK_CLIENT_ID and the rest); unset in single-workspace mode. */
  install?: InstallConfig;
  slackMode: SlackMode;
  slackApiUrl?: string;
  /** The interface to listen on (HOST); all of them when unset. */
  host?: string;
  /** Socket Mode: the port of the health server (HEALTH_PORT); none when unset. */
  healthPort?: number;
  /** `auth`: the deployment's dubbing account; in OAuth mode optional (the default for workspaces without their own). */
  service: { baseUrl: string; auth?: ServiceAuth };
  store: StoreLocation;
  maxFileBytes: number;
  polling: PollingConfig;
  /** Minimum time between two writes into the same Slack channel. */
  channelPaceMs: number;
  /** How long a Web API call may take before it is given up (and a write it made may still land). */
  slackWriteTimeoutMs: number;
  logLevel: string;
  /** Slack users (ADMIN_USER_IDS) who may list, track and change glossaries from any channel. */
  adminUserIds: string[];
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset, only a loopback peer is answered. */
  metricsToken?: string;
  /**
   * GET /metrics on a server of its own (METRICS_PORT, on METRICS_HOST, loopback by default); unset, it is
   * on the app's port (PORT, or HEALTH_PORT in Socket Mode).
   */
  metricsServer?: { port: number; host: string };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `The app cannot start; fix these environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the config from an environment (process.env by default); throws one ConfigError naming every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '?');
      problems.push(present[name] === undefined ? `${name} is missing` : `${name} ${issue.message}`);
    }
  }
  const e = parsed.success ? parsed.data : undefined;

  if (present.SLACK_APP_TOKEN === undefined && present.SLACK_SIGNING_SECRET === undefined) {
    problems.push(
      'SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode) is missing: set one of them',
    );
  }
  const oauthNames = [
    'SLACK_CLIENT_ID',
    'SLACK_CLIENT_SECRET',
    'SLACK_STATE_SECRET',
    'DUBKIT_ENCRYPTION_KEY',
  ];
  const oauth = oauthNames.some((name) => present[name] !== undefined);
  let encryptionKeys: Buffer[] | undefined;
  if (oauth) {
    // OAuth mode: every name it needs, one line each; the single-workspace token would be ambiguous beside it.
    for (const name of [...oauthNames, 'SLACK_SIGNING_SECRET'])
      if (present[name] === undefined)
        problems.push(`${name} is missing (OAuth mode, set by SLACK_CLIENT_ID and the others, needs it)`);
    if (present.SLACK_BOT_TOKEN !== undefined)
      problems.push(
        'SLACK_BOT_TOKEN is for single-workspace mode; in OAuth mode each install brings its token: unset it (or unset SLACK_CLIENT_ID and the other OAuth settings)',
      );
    if (present.SLACK_APP_TOKEN !== undefined)
      problems.push(
        'SLACK_APP_TOKEN (Socket Mode) cannot serve installs from a link: OAuth mode runs in HTTP mode, unset it',
      );
    if (present.DUBKIT_ENCRYPTION_KEY !== undefined) {
      encryptionKeys = parseKeys(present.DUBKIT_ENCRYPTION_KEY);
      if (!encryptionKeys)
        problems.push(
          'DUBKIT_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`); several keys, the current one first, separated by commas',
        );
    }
  } else if (present.SLACK_BOT_TOKEN === undefined) {
    problems.push(
      'SLACK_BOT_TOKEN is missing (single-workspace mode), or set SLACK_CLIENT_ID with the other OAuth settings to install from a link',
    );
  }
  if (
    present.DUBKIT_TOKEN === undefined &&
    !(oauth && present.DUBKIT_CLIENT_ID === undefined && present.DUBKIT_CLIENT_SECRET === undefined)
  ) {
    const id = present.DUBKIT_CLIENT_ID;
    const secret = present.DUBKIT_CLIENT_SECRET;
    if (id === undefined && secret === undefined) {
      problems.push('DUBKIT_TOKEN, or DUBKIT_CLIENT_ID with DUBKIT_CLIENT_SECRET, is missing');
    } else if (id === undefined) {
      problems.push('DUBKIT_CLIENT_ID is missing (DUBKIT_CLIENT_SECRET is set)');
    } else if (secret === undefined) {
      problems.push('DUBKIT_CLIENT_SECRET is missing (DUBKIT_CLIENT_ID is set)');
    }
  }
  const store = parseDatabaseUrl(
    present.DATABASE_URL ?? 'sqlite:./data/dubkit.db',
    e?.DATABASE_POOL_SIZE ?? 10,
    problems,
  );
  if (e && e.POLL_MIN_MS > e.POLL_MAX_MS) problems.push('POLL_MIN_MS must not exceed POLL_MAX_MS');
  if (e && e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined)
    problems.push('METRICS_HOST needs METRICS_PORT (the port of the server GET /metrics gets of its own)');
  if (problems.length > 0 || !e || !store) throw new ConfigError(problems);

  const slackMode: SlackMode = e.SLACK_APP_TOKEN
    ? { kind: 'socket', appToken: e.SLACK_APP_TOKEN }
    : { kind: 'http', signingSecret: e.SLACK_SIGNING_SECRET!, port: e.PORT };
  const auth: ServiceAuth | undefined = e.DUBKIT_TOKEN
    ? { token: e.DUBKIT_TOKEN }
    : e.DUBKIT_CLIENT_ID && e.DUBKIT_CLIENT_SECRET
      ? {
          clientId: e.DUBKIT_CLIENT_ID,
          clientSecret: e.DUBKIT_CLIENT_SECRET,
          ...(e.DUBKIT_TOKEN_URL ? { tokenUrl: e.DUBKIT_TOKEN_URL } : {}),
        }
      : undefined;
  const install: InstallConfig | undefined =
    encryptionKeys && e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_STATE_SECRET
      ? {
          clientId: e.SLACK_CLIENT_ID,
          clientSecret: e.SLACK_CLIENT_SECRET,
          stateSecret: e.SLACK_STATE_SECRET,
          encryptionKeys,
          ...(e.SLACK_REDIRECT_URI ? { redirectUri: e.SLACK_REDIRECT_URI } : {}),
          retentionMs: e.DUBKIT_RETENTION_DAYS * 24 * 60 * 60_000,
          refreshWithinMs: e.SLACK_TOKEN_REFRESH_SECONDS * 1000,
        }
      : undefined;
  return {
    ...(e.SLACK_BOT_TOKEN ? { slackBotToken: e.SLACK_BOT_TOKEN } : {}),
    ...(install ? { install } : {}),
    slackMode,
    ...(e.SLACK_API_URL ? { slackApiUrl: e.SLACK_API_URL } : {}),
    ...(e.HOST ? { host: e.HOST } : {}),
    ...(e.HEALTH_PORT !== undefined ? { healthPort: e.HEALTH_PORT } : {}),
    service: { baseUrl: e.DUBKIT_BASE_URL, ...(auth ? { auth } : {}) },
    store,
    maxFileBytes: e.MAX_FILE_BYTES,
    polling: {
      minMs: e.POLL_MIN_MS,
      maxMs: e.POLL_MAX_MS,
      requestsPerSecond: e.SERVICE_REQUESTS_PER_SECOND,
      // No project waits longer than the cap for a look, swept or not.
      ...(e.TRACKER_SWEEP_MS > 0 ? { sweepEveryMs: Math.min(e.TRACKER_SWEEP_MS, e.POLL_MAX_MS) } : {}),
    },
    channelPaceMs: e.SLACK_CHANNEL_PACE_MS,
    slackWriteTimeoutMs: e.SLACK_WRITE_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    adminUserIds: e.ADMIN_USER_IDS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    ...(e.METRICS_PORT !== undefined
      ? { metricsServer: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' } }
      : {}),
  };
}

/** DUBKIT_ENCRYPTION_KEY's keys (comma- or space-separated); undefined when any is not 32 bytes. */
function parseKeys(text: string): Buffer[] | undefined {
  const keys = text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(parseKey);
  return keys.length > 0 && keys.every((key) => key !== undefined) ? (keys as Buffer[]) : undefined;
}

/** One key: 32 bytes as 64 hex digits, or as base64 (or base64url), padded or not. */
export function parseKey(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

function parseDatabaseUrl(url: string, poolSize: number, problems: string[]): StoreLocation | undefined {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') {
      problems.push('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/dubkit.db');
      return undefined;
    }
    return { kind: 'sqlite', path };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    if (!URL.canParse(url)) {
      problems.push(
        'DATABASE_URL is not a valid postgres:// URL (postgres://user:password@host:5432/database)',
      );
      return undefined;
    }
    return { kind: 'postgres', url, poolSize };
  }
  problems.push(
    `DATABASE_URL must look like sqlite:./data/dubkit.db or postgres://user:password@host:5432/database (got "${url.split(':')[0]}:...")`,
  );
  return undefined;
}

/**
 * The variables of the `.env` files the app reads at start: the one in the folder it is started from, then the
 * one at the repository's root (the folder with pnpm-workspace.yaml above it), so that `pnpm start` from the
 * root, which runs the app in apps/slackbot, still finds the root's `.env`. The nearer file wins; main.ts lets
 * the environment win over both, so a service manager's settings override them. Returns the files read too.
 */
export function readEnvFiles(cwd: string): { files: string[]; variables: Record<string, string> } {
  const folders = [cwd];
  for (let folder = cwd; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'pnpm-workspace.yaml'))) {
      if (folder !== cwd) folders.push(folder);
      break;
    }
    if (dirname(folder) === folder) break;
  }
  const files = folders.map((folder) => join(folder, '.env')).filter((file) => existsSync(file));
  const variables: Record<string, string> = {};
  for (const file of files.toReversed()) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
    Object.assign(variables, parseEnv(text));
  }
  return { files, variables };
}
