// Sets the stage for a Slack app's demo, end-to-end tests and bench: the emulator of the dubbing service and
// the fake Slack on 127.0.0.1, a temp folder for the app's database, and the app itself, started by the
// caller's `startApp` from the environment the stage gives it (so this package never depends on the app).
// In HTTP mode the app gets a signing secret and Slack posts to its Request URL; in Socket Mode it gets an
// app-level token and connects to the fake Slack itself. The app can be stopped and started again on the
// same folder (a restart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, type EmulatorOptions, startEmulator } from '@dubkit/emulator';
import { FakeSlack } from './fake-slack.ts';
import { HttpTransport } from './http-transport.ts';
import { SlackDriver } from './slack-driver.ts';
import { SocketModeTransport } from './socket-mode-transport.ts';
import { WebClient, type WebClientOptions } from './web/web-client.ts';

/** How Slack reaches the app: signed HTTP requests, or envelopes over the app's Socket Mode connection. */
export type SlackMode = 'http' | 'socket';

/** What the stage needs of a started app: where Slack posts to (HTTP mode) and how to stop it. */
export interface StartedApp {
  /** HTTP mode: the Request URL (`…/slack/events`). */
  eventsUrl?: string;
  stop(): Promise<void>;
}

export interface StageOptions<App extends StartedApp> {
  /** Starts the app from environment variables (the stage's, then `env`'s). */
  startApp(env: Record<string, string>): Promise<App>;
  /** HTTP (the default) or Socket Mode. */
  mode?: SlackMode;
  /** More variables for the app (its polling, log level, …). */
  env?: Record<string, string>;
  /** Emulator settings beside its address and token (speed, faults, credits). */
  emulator?: Omit<EmulatorOptions, 'port' | 'host' | 'tokens'>;
  /** Serve the web client too: the workspace's people, channels and the app's shortcuts and commands. */
  web?: Omit<WebClientOptions, 'slack' | 'driver'>;
}

export interface Stage<App extends StartedApp> {
  mode: SlackMode;
  slack: FakeSlack;
  /** Plays Slack's side against the app now running (a new one after a restart). */
  driver: SlackDriver;
  app: App;
  /** The emulator, to set faults, speed or credits mid-scene. */
  emulator: Emulator;
  serviceUrl: string;
  /** The bearer token the emulator accepts (the app gets it as DUBKIT_TOKEN). */
  serviceToken: string;
  /** The environment the app was started with. */
  env: Record<string, string>;
  /** The web client, when the stage was asked for one. */
  web?: WebClient;
  /** Stops the app (as a crash would, between two writes) and starts a new one on the same database. */
  restartApp(): Promise<App>;
  close(): Promise<void>;
}

export const SIGNING_SECRET = 'demo-signing-secret';
export const BOT_TOKEN = 'xoxb-demo-bot-token';
export const APP_TOKEN = 'xapp-1-ADUBKIT-demo-app-token';
export const SERVICE_TOKEN = 'demo-service-token';

export async function setStage<App extends StartedApp>(options: StageOptions<App>): Promise<Stage<App>> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-stage-'));
  const emulator = await startEmulator({
    ...options.emulator,
    port: 0,
    host: '127.0.0.1',
    tokens: [SERVICE_TOKEN],
  });
  const mode = options.mode ?? 'http';
  const slack = await new FakeSlack({ botToken: BOT_TOKEN, appToken: APP_TOKEN }).start();
  const env: Record<string, string> = {
    SLACK_BOT_TOKEN: BOT_TOKEN,
    ...(mode === 'socket' ? { SLACK_APP_TOKEN: APP_TOKEN } : { SLACK_SIGNING_SECRET: SIGNING_SECRET }),
    PORT: '0',
    SLACK_API_URL: slack.apiUrl,
    DUBKIT_BASE_URL: emulator.url,
    DUBKIT_TOKEN: SERVICE_TOKEN,
    DATABASE_URL: `sqlite:${join(dir, 'dubkit.db')}`,
    ...options.env,
  };
  const driverFor = (app: App) => {
    // One Socket Mode transport serves every app that connects, a restarted one too.
    if (mode === 'socket')
      return new SlackDriver({ transport: new SocketModeTransport(slack.socketMode), slack });
    if (!app.eventsUrl) throw new Error('the app started without an HTTP Request URL (eventsUrl)');
    return new SlackDriver({
      transport: new HttpTransport({ eventsUrl: app.eventsUrl, signingSecret: SIGNING_SECRET }),
      slack,
    });
  };
  const app = await options.startApp(env).catch(async (error: unknown) => {
    await slack.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const web = options.web
    ? await new WebClient({ ...options.web, slack, driver: () => stage.driver }).start()
    : undefined;
  const stage: Stage<App> = {
    mode,
    slack,
    driver: driverFor(app),
    app,
    emulator,
    serviceUrl: emulator.url,
    serviceToken: SERVICE_TOKEN,
    env,
    ...(web ? { web } : {}),
    async restartApp() {
      await stage.app.stop();
      stage.app = await options.startApp(env);
      stage.driver = driverFor(stage.app);
      return stage.app;
    },
    async close() {
      await stage.app.stop();
      await web?.close();
      await slack.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return stage;
}
