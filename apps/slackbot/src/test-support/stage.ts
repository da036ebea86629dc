// The app's side of the sandbox stage (@dubkit/slack-sandbox): how to start this app from the stage's
// environment, the polling and pace the end-to-end tests run at, and `drained`, which tells from the app's
// own store when a job has nothing left to say, so that a test can assert that something did not happen.
import type { Faults } from '@dubkit/emulator';
import { type SlackMode, type Stage, setStage, waitFor } from '@dubkit/slack-sandbox';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger, type RunningApp, startServer } from '../server.ts';
import type { Store } from '../store/store.ts';

export interface AppStageOptions {
  /** Emulator speed factor (stage durations divided by it). */
  speed: number;
  /** HTTP mode (the default) or Socket Mode. */
  mode?: SlackMode;
  /** Polling interval right after a change (40 ms), and the cap (250 ms). */
  pollMinMs?: number;
  pollMaxMs?: number;
  requestsPerSecond?: number;
  channelPaceMs?: number;
  logLevel?: string;
  faults?: Faults;
  /** More settings for the app (ADMIN_USER_IDS, …). */
  env?: Record<string, string>;
  /** Starts the app from the stage's environment (default `startInProcess`), e.g. behind a proxy. */
  startApp?: (env: Record<string, string>) => Promise<RunningApp>;
}

export interface AppStage extends Stage<RunningApp> {
  /**
   * Resolves once the job's every Slack write is delivered and none of its languages is still tracked:
   * after that, a message the app did not send is not on its way (at most `timeoutMs`, 20 s). `jobId` may
   * also be the id the outbox files other writes under, e.g. a glossary drop's `glossary:<channel>:<ts>`.
   */
  drained(jobId: string, timeoutMs?: number): Promise<void>;
}

/** Starts the app in this process, as main.ts does, on 127.0.0.1. */
export async function startInProcess(env: Record<string, string>): Promise<RunningApp> {
  const config = loadConfig(env);
  return startServer(config, { logger: createLogger(config.logLevel), host: '127.0.0.1' });
}

/** The app's polling, request budget, channel pace and log level as a test runs it (fast, unpaced). */
export function testEnv(
  options: Omit<AppStageOptions, 'speed' | 'mode' | 'faults' | 'env' | 'startApp'> = {},
): Record<string, string> {
  return {
    POLL_MIN_MS: String(options.pollMinMs ?? 40),
    POLL_MAX_MS: String(options.pollMaxMs ?? 250),
    SERVICE_REQUESTS_PER_SECOND: String(options.requestsPerSecond ?? 200),
    SLACK_CHANNEL_PACE_MS: String(options.channelPaceMs ?? 0),
    LOG_LEVEL: options.logLevel ?? process.env.DUBKIT_TEST_LOG_LEVEL ?? 'warn',
  };
}

/** The emulator, the fake Slack and the app in this process, polling fast enough for a test. */
export async function setAppStage(options: AppStageOptions): Promise<AppStage> {
  const stage = await setStage({
    startApp: options.startApp ?? startInProcess,
    ...(options.mode ? { mode: options.mode } : {}),
    env: { ...testEnv(options), ...options.env },
    emulator: { speed: options.speed, ...(options.faults ? { faults: options.faults } : {}) },
  });
  return Object.assign(stage, {
    // The app of the moment: after a restart, the new one's store.
    drained: (jobId: string, timeoutMs = 20_000) => drained(() => stage.app.store, jobId, timeoutMs),
  });
}

/** Waits until the store shows nothing pending for the job: every delivery done, every language at its end. */
export async function drained(storeOf: () => Store, jobId: string, timeoutMs: number): Promise<void> {
  await waitFor(
    async () => {
      const store = storeOf();
      const deliveries = await store.deliveriesOf(jobId);
      const targets = await store.targetsOf(jobId);
      return deliveries.every((d) => d.state === 'done') && targets.every((t) => t.terminal);
    },
    timeoutMs,
    `job ${jobId} to have nothing left to deliver or track`,
  );
}

/**
 * One stage for a describe block: set in beforeAll, closed in afterAll. The object returned reads through to
 * the stage of the moment (its driver and app change on a restart), so a test can hold it from the start.
 */
export function useStage(options: AppStageOptions): AppStage {
  let current: AppStage | undefined;
  beforeAll(async () => {
    current = await setAppStage(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const now = (): AppStage => {
    if (!current) throw new Error('the stage is set in beforeAll: use it inside a test');
    return current;
  };
  return {
    get mode() {
      return now().mode;
    },
    get slack() {
      return now().slack;
    },
    get driver() {
      return now().driver;
    },
    get app() {
      return now().app;
    },
    get emulator() {
      return now().emulator;
    },
    get serviceUrl() {
      return now().serviceUrl;
    },
    get serviceToken() {
      return now().serviceToken;
    },
    get env() {
      return now().env;
    },
    restartApp: () => now().restartApp(),
    close: () => now().close(),
    drained: (jobId, timeoutMs) => now().drained(jobId, timeoutMs),
  };
}
