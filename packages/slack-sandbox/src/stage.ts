// Sets the stage for the demo, the end-to-end tests and the bench: the emulator of the dubbing service,
// the fake Slack, and the real app in HTTP mode (signature checks on) with a SQLite store in a folder,
// all on 127.0.0.1. The app can be stopped and started again on the same store (a restart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, type Faults, startEmulator } from '@dubkit/emulator';
import type { Logger } from 'pino';
import { type Config, loadConfig } from '../config.ts';
import { createLogger, type RunningApp, startServer } from '../server.ts';
import { FakeSlack } from './fake-slack.ts';
import { SlackDriver } from './slack-driver.ts';

export interface StageOptions {
  /** Emulator speed factor (stage durations divided by it). */
  speed: number;
  /** Polling interval right after a change, and the cap. */
  pollMinMs: number;
  pollMaxMs: number;
  requestsPerSecond?: number;
  channelPaceMs?: number;
  logLevel?: string;
  /** Emulator faults, passed through. */
  faults?: Faults;
}

export interface Stage {
  slack: FakeSlack;
  driver: SlackDriver;
  app: RunningApp;
  serviceUrl: string;
  /** The emulator, to set faults mid-scene. */
  emulator: Emulator;
  config: Config;
  logger: Logger;
  /** Stops the app (as a crash would, between two writes) and starts a new one on the same store. */
  restartApp(): Promise<RunningApp>;
  close(): Promise<void>;
}

const SIGNING_SECRET = 'demo-signing-secret';
const BOT_TOKEN = 'xoxb-demo-bot-token';
const SERVICE_TOKEN = 'demo-service-token';

export async function setStage(options: StageOptions): Promise<Stage> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-slackbot-'));
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    tokens: [SERVICE_TOKEN],
    speed: options.speed,
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const slack = await new FakeSlack({ botToken: BOT_TOKEN }).start();
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    PORT: '0',
    SLACK_API_URL: slack.apiUrl,
    DUBKIT_BASE_URL: emulator.url,
    DUBKIT_TOKEN: SERVICE_TOKEN,
    DATABASE_URL: `sqlite:${join(dir, 'dubkit.db')}`,
    POLL_MIN_MS: String(options.pollMinMs),
    POLL_MAX_MS: String(options.pollMaxMs),
    SERVICE_REQUESTS_PER_SECOND: String(options.requestsPerSecond ?? 50),
    SLACK_CHANNEL_PACE_MS: String(options.channelPaceMs ?? 0),
    LOG_LEVEL: options.logLevel ?? 'warn',
  });
  const logger = createLogger(config.logLevel);
  const start = () => startServer(config, { logger, host: '127.0.0.1' });
  let app = await start();
  const driver = new SlackDriver({ eventsUrl: app.eventsUrl!, signingSecret: SIGNING_SECRET, slack });
  const stage: Stage = {
    slack,
    driver,
    app,
    serviceUrl: emulator.url,
    emulator,
    config,
    logger,
    async restartApp() {
      await app.stop();
      app = await start();
      stage.app = app;
      stage.driver = new SlackDriver({ eventsUrl: app.eventsUrl!, signingSecret: SIGNING_SECRET, slack });
      return app;
    },
    async close() {
      await app.stop();
      await slack.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return stage;
}

/** Waits until `check` returns a value (not undefined/false), polling every 25 ms, for at most `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
