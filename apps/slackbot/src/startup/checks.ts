// Start-up checks: before the app takes any work, each credential and the database is tried once with a
// cheap call, so that a wrong value stops the app with one line naming the variable and what to do, instead
// of a stack trace from deep inside a client minutes later. A check that fails because something cannot be
// reached (no network, Slack or the service down, PostgreSQL restarting) is not the admin's mistake: it is
// retried with a growing pause, so that a process manager does not restart the app in a tight loop.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  type DubbingClient,
  DubkitError,
  TimeoutError,
} from '@dubkit/core';
import { WebClient } from '@slack/web-api';
import pino from 'pino';
import type { Config, ServiceAuth, StoreLocation } from '../config.ts';
import { RequestBudget } from '../dubbing/budget.ts';
import { createAppClient } from '../dubbing/client.ts';
import { PostgresConnection } from '../store/postgres/connection.ts';
import { migrate, SCHEMA_VERSION, schemaVersion } from '../store/sql/migrations.ts';
import type { Sql } from '../store/sql/port.ts';
import { SqliteConnection } from '../store/sqlite/connection.ts';

/** `refused`: a value is wrong and only the admin can fix it. `unreachable`: worth trying again later. */
export type FailureKind = 'refused' | 'unreachable';

export class CheckFailure extends Error {
  readonly kind: FailureKind;
  constructor(kind: FailureKind, message: string) {
    super(message);
    this.name = 'CheckFailure';
    this.kind = kind;
  }
}

export interface StartupCheck {
  /** What is checked, for the log ("Slack bot token"). */
  name: string;
  /** Resolves when the check passes; throws a CheckFailure (anything else counts as refused). */
  run(): Promise<void>;
}

/** Some value was refused: every such problem, one line each. The app should exit with code 1. */
export class StartupRefused extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'StartupRefused';
    this.problems = problems;
  }
}

/** Something stayed unreachable through every attempt allowed (only when attempts are bounded). */
export class StartupUnreachable extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'StartupUnreachable';
    this.problems = problems;
  }
}

export interface CheckOptions {
  /** How long one check's call may take before it counts as unreachable (10 s). */
  timeoutMs?: number;
  /**
   * The app's one dubbing client, which then checks its own credentials inside its request budget (the app
   * starts with it). Without it, the check makes one the same way, for itself.
   */
  dubbing?: DubbingClient;
}

/** The checks the configuration calls for: both Slack tokens (the app token in Socket Mode), the service, the database. */
export function startupChecks(config: Config, options: CheckOptions = {}): StartupCheck[] {
  const timeoutMs = options.timeoutMs ?? 10_000;
  // OAuth mode has no bot token of its own (each install brings one), and a dubbing account only by default.
  const checks: StartupCheck[] = [];
  if (config.slackBotToken !== undefined)
    checks.push(slackBotTokenCheck(config, config.slackBotToken, timeoutMs));
  if (config.slackMode.kind === 'socket')
    checks.push(slackAppTokenCheck(config, config.slackMode.appToken, timeoutMs));
  if (config.service.auth !== undefined)
    checks.push(serviceCheck(config, config.service.auth, timeoutMs, options.dubbing));
  checks.push(databaseCheck(config.store));
  return checks;
}

export interface RunOptions {
  logger: { info(message: string): void; warn(message: string): void };
  /** The first pause before trying an unreachable check again (1 s); it doubles each round. */
  initialDelayMs?: number;
  /** The longest pause (60 s). */
  maxDelayMs?: number;
  /** Rounds in all; unbounded by default, as a process manager would restart the app anyway. */
  maxAttempts?: number;
  /** Stops the waiting (SIGTERM while Slack is unreachable); the promise then rejects with the abort reason. */
  signal?: AbortSignal;
}

/**
 * Runs every check at once; then again, after a pause, those that found something unreachable, until all
 * pass. Rejects with StartupRefused as soon as any check is refused (with every refusal of that round), or
 * with StartupUnreachable after `maxAttempts` rounds.
 */
export async function runStartupChecks(checks: StartupCheck[], options: RunOptions): Promise<void> {
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  let pending = checks;
  let delayMs = options.initialDelayMs ?? 1_000;
  for (let attempt = 1; ; attempt += 1) {
    const results = await Promise.all(
      pending.map(async (check) => {
        try {
          await check.run();
          return { check, failure: undefined };
        } catch (error) {
          const failure =
            error instanceof CheckFailure
              ? error
              : new CheckFailure('refused', `${check.name}: ${describeError(error)}`);
          return { check, failure };
        }
      }),
    );
    const refused = results.flatMap((r) => (r.failure?.kind === 'refused' ? [r.failure.message] : []));
    if (refused.length > 0) throw new StartupRefused(refused);
    const unreachable = results.filter((r) => r.failure !== undefined);
    if (unreachable.length === 0) {
      options.logger.info(`start-up checks passed: ${checks.map((c) => c.name).join(', ')}`);
      return;
    }
    const lines = unreachable.map((r) => r.failure!.message);
    if (attempt >= maxAttempts) throw new StartupUnreachable(lines);
    for (const line of lines) options.logger.warn(`${line}; trying again in ${formatDelay(delayMs)}`);
    await sleep(delayMs, undefined, options.signal ? { signal: options.signal } : {});
    pending = unreachable.map((r) => r.check);
    delayMs = Math.min(delayMs * 2, options.maxDelayMs ?? 60_000);
  }
}

function formatDelay(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`;
}

// ---- Slack ----

/** Answers that mean the token itself is wrong, revoked, or of the wrong kind: only the admin can fix them. */
const TOKEN_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'not_allowed_token_type',
  'missing_scope',
  'no_permission',
  'team_access_not_granted',
  'ekm_access_denied',
]);

function slackClient(config: Config, token: string, timeoutMs: number): WebClient {
  return new WebClient(token, {
    ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
    // One try per round: the rounds are the retry policy, and their pauses are logged.
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: timeoutMs,
    logger: silentSlackLogger,
  });
}

function slackBotTokenCheck(config: Config, token: string, timeoutMs: number): StartupCheck {
  return {
    name: 'Slack bot token',
    async run() {
      try {
        const slack = slackClient(config, token, timeoutMs);
        await slack.auth.test();
      } catch (error) {
        throw slackFailure(error, config, {
          variable: 'SLACK_BOT_TOKEN',
          fix: "copy the Bot User OAuth Token (xoxb-…) again from your app's OAuth & Permissions page; reinstall the app if it was removed",
        });
      }
    },
  };
}

function slackAppTokenCheck(config: Config, appToken: string, timeoutMs: number): StartupCheck {
  return {
    name: 'Slack app-level token',
    async run() {
      try {
        // The URL it hands out is never connected to: Bolt asks for its own when it starts.
        const slack = slackClient(config, appToken, timeoutMs);
        await slack.apps.connections.open();
      } catch (error) {
        throw slackFailure(error, config, {
          variable: 'SLACK_APP_TOKEN',
          fix: 'generate an app-level token with the connections:write scope under Basic Information → App-Level Tokens, and turn Socket Mode on',
        });
      }
    },
  };
}

/** What a failed Web API call means for a start-up check (the client's errors carry a `code`, v7 and v8 alike). */
function slackFailure(
  error: unknown,
  config: Config,
  token: { variable: string; fix: string },
): CheckFailure {
  const e = error as { code?: string; data?: { error?: string }; statusCode?: number; original?: unknown };
  const where = config.slackApiUrl ? `Slack (${config.slackApiUrl})` : 'Slack';
  if (e.code === 'slack_webapi_platform_error') {
    const answer = e.data?.error ?? 'unknown_error';
    if (TOKEN_ERRORS.has(answer))
      return new CheckFailure('refused', `${token.variable} was refused by Slack (${answer}): ${token.fix}`);
    // Anything else Slack says (internal_error, service_unavailable, …) is on its side.
    return new CheckFailure('unreachable', `${where} answered ${answer} to the ${token.variable} check`);
  }
  if (e.code === 'slack_webapi_rate_limited_error')
    return new CheckFailure(
      'unreachable',
      `${where} asked to slow down (429) at the ${token.variable} check`,
    );
  if (e.code === 'slack_webapi_http_error') {
    const status = e.statusCode ?? 0;
    if (status >= 500) return new CheckFailure('unreachable', `${where} answered HTTP ${status}`);
    return new CheckFailure(
      'refused',
      `${where} answered HTTP ${status} to the ${token.variable} check${config.slackApiUrl ? ': check SLACK_API_URL' : ''}`,
    );
  }
  return new CheckFailure('unreachable', `${where} is unreachable (${describeError(e.original ?? error)})`);
}

const silentSlackLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => 'error' as never,
  setName() {},
};

// ---- the dubbing service ----

function serviceCheck(
  config: Config,
  auth: ServiceAuth,
  timeoutMs: number,
  dubbing: DubbingClient | undefined,
): StartupCheck {
  const { baseUrl } = config.service;
  const variables = 'token' in auth ? 'DUBKIT_TOKEN' : 'DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET';
  return {
    name: 'dubbing service credentials',
    async run() {
      const own = dubbing
        ? undefined
        : createAppClient(
            config,
            new RequestBudget(config.polling.requestsPerSecond),
            pino({ level: 'silent' }),
          );
      const client = dubbing ?? own!.client;
      try {
        // The cheapest call that needs valid credentials (the client-credentials flow gets its token first);
        // once, without the client's retries: the checks try an unreachable service again themselves.
        await client.credits.get({ timeoutMs, maxRetries: 0 });
      } catch (error) {
        throw serviceFailure(error, baseUrl, variables);
      } finally {
        await own?.close();
      }
    },
  };
}

function serviceFailure(error: unknown, baseUrl: string, variables: string): CheckFailure {
  if (error instanceof AuthenticationError || (error instanceof ApiError && error.status === 403)) {
    return new CheckFailure(
      'refused',
      `${variables} ${variables.includes(' and ') ? 'were' : 'was'} refused by the dubbing service at ${baseUrl} (${error.status}): check the credentials in your account's API settings`,
    );
  }
  if (error instanceof ApiError && (error.status === 429 || error.status >= 500)) {
    return new CheckFailure('unreachable', `the dubbing service at ${baseUrl} answered ${error.status}`);
  }
  if (error instanceof ApiError) {
    return new CheckFailure(
      'refused',
      `DUBKIT_BASE_URL: ${baseUrl} answered ${error.status} to GET /v2/credits: is it the dubbing service's address?`,
    );
  }
  if (
    error instanceof DubkitError &&
    !(error instanceof ConnectionError) &&
    !(error instanceof TimeoutError)
  ) {
    // An answer that is not the service's (a body the client cannot read): the address is likely wrong.
    return new CheckFailure(
      'refused',
      `DUBKIT_BASE_URL: ${baseUrl} did not answer as the dubbing service (${error.message})`,
    );
  }
  return new CheckFailure(
    'unreachable',
    `the dubbing service at ${baseUrl} is unreachable (${describeError(error)})`,
  );
}

// ---- the database ----

/** Network trouble on the way to PostgreSQL: it may come back. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL is starting up or shutting down (cannot_connect_now, admin_shutdown).
  '57P03',
  '57P01',
]);

function databaseCheck(location: StoreLocation): StartupCheck {
  return {
    name: 'database',
    async run() {
      let sql: Sql | undefined;
      try {
        sql =
          location.kind === 'postgres'
            ? new PostgresConnection({ url: location.url, poolSize: 1 })
            : new SqliteConnection(location.path);
        // The same migrations the store runs when it opens: after this check the schema is current.
        await migrate(sql);
        const version = await schemaVersion(sql);
        if (version > SCHEMA_VERSION) {
          throw new CheckFailure(
            'refused',
            `DATABASE_URL: the database's schema is version ${version}, newer than this version of the app knows (${SCHEMA_VERSION}): run the newer app, or restore the backup made before the upgrade`,
          );
        }
      } catch (error) {
        if (error instanceof CheckFailure) throw error;
        throw databaseFailure(error, location);
      } finally {
        await sql?.close();
      }
    },
  };
}

function databaseFailure(error: unknown, location: StoreLocation): CheckFailure {
  if (location.kind === 'sqlite') {
    return new CheckFailure(
      'refused',
      `DATABASE_URL: the SQLite database ${location.path} cannot be opened (${describeError(error)}): check the path and that the app's user may write to its folder`,
    );
  }
  const where = safeUrl(location.url);
  const code = errorCode(error);
  if ((code && NETWORK_CODES.has(code)) || /timeout|terminated/i.test(describeError(error))) {
    return new CheckFailure('unreachable', `PostgreSQL at ${where} is unreachable (${describeError(error)})`);
  }
  return new CheckFailure(
    'refused',
    `DATABASE_URL: PostgreSQL at ${where} refused the connection (${describeError(error)}): check the user, password and database name`,
  );
}

/** The URL without its password, for a message. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

// ---- errors ----

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('slack_webapi')) return code;
  }
  return undefined;
}

/**
 * The most telling part of an error for one line: the innermost cause's code and message ("fetch failed"
 * says nothing; its cause "getaddrinfo ENOTFOUND slack.com" does), at most five causes deep.
 */
export function describeError(error: unknown): string {
  let innermost: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (innermost as { cause?: unknown } | undefined)?.cause;
    if (!cause) break;
    innermost = cause;
  }
  if (innermost instanceof AggregateError && innermost.errors.length > 0) innermost = innermost.errors[0];
  if (innermost instanceof Error) {
    const code = (innermost as { code?: unknown }).code;
    const message = innermost.message.split('\n')[0] ?? '';
    return typeof code === 'string' && !message.includes(code) ? `${code} ${message}`.trim() : message;
  }
  return String(innermost);
}
