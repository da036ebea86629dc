// The demo's stage: the service emulator, the fake Slack and the real app (as main.ts starts it, from the
// environment the stage gives it, on 127.0.0.1, SQLite store in a temp folder), at a pace that shows a dub
// in seconds. With `web`, the fake Slack also serves its web client for the workspaces below.
//
// In HTTP mode the app runs in OAuth mode, as one deployment serving many workspaces: the local Slack knows
// the demo's app (its client id and secret, fixed below: both sides are the demo's own) and two workspaces,
// and the app gets the rest of OAuth mode's settings made for the run (a state secret, an encryption key for
// a database that lives as long as the run), so nobody sets anything up. Acme Localization is installed
// through the app's install page as the stage starts; Globex Studios is left for the scene, or the person at
// the web client, to install. The stage's DUBKIT_TOKEN is the deployment's default dubbing account, which
// Acme uses; Globex's own account is in the emulator for Gina to connect. Socket Mode cannot serve install
// pages (the app refuses SLACK_APP_TOKEN beside OAuth mode's settings), so there the demo stays in
// single-workspace mode, Acme alone.
import { randomBytes } from 'node:crypto';
import { botUserIdOf, type SlackDriver, type SlackMode, type Stage, setStage } from '@dubkit/slack-sandbox';
import { loadConfig } from '../src/config.ts';
import { createLogger, type RunningApp, startServer } from '../src/server.ts';
import type { Store } from '../src/store/store.ts';
import { installThroughPage } from './install.ts';
import { ACME, acmeWorkspace, GINA, GLOBEX, GLOBEX_ACCOUNT, globexWorkspace } from './workspace.ts';

/** The demo app's OAuth client at the local Slack. */
const CLIENT = { id: '1000000001.2000000002', secret: 'demo-client-secret' };
/** The bot user of the local Slack's default workspace (single-workspace mode's). */
const DEFAULT_BOT = 'UDUBKIT';

export interface DemoStage extends Stage<RunningApp> {
  /** OAuth mode with two workspaces (HTTP), or single-workspace mode with Acme alone (Socket Mode). */
  oauth: boolean;
  /** Slack's side for Acme's people. */
  acme(): SlackDriver;
  /** Acme's view of the app's store: its jobs and the Slack writes queued for them. */
  acmeStore(): Promise<Store>;
  /** The app's install page. */
  installUrl(): string;
}

export async function demoStage(options: {
  mode: SlackMode;
  web: boolean;
  speed?: number;
}): Promise<DemoStage> {
  const oauth = options.mode === 'http';
  const installUrl = (): string =>
    `${(stage.app.eventsUrl ?? '').replace('/slack/events', '')}/slack/install`;
  const stage = await setStage({
    startApp: ({ SLACK_BOT_TOKEN, ...others }) => {
      // In OAuth mode each install brings its own bot token: the stage's single-workspace one is left out.
      const env = oauth ? others : { SLACK_BOT_TOKEN, ...others };
      const config = loadConfig(env);
      return startServer(config, { logger: createLogger(config.logLevel), host: '127.0.0.1' });
    },
    env: {
      POLL_MIN_MS: '150',
      POLL_MAX_MS: '1000',
      SERVICE_REQUESTS_PER_SECOND: '50',
      SLACK_CHANNEL_PACE_MS: '0',
      LOG_LEVEL: 'warn',
      ...(oauth
        ? {
            SLACK_CLIENT_ID: CLIENT.id,
            SLACK_CLIENT_SECRET: CLIENT.secret,
            SLACK_STATE_SECRET: randomBytes(24).toString('hex'),
            DUBKIT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          }
        : {}),
    },
    emulator: { speed: options.speed ?? 12 },
    mode: options.mode,
    ...(options.web
      ? {
          web: oauth
            ? {
                ...acmeWorkspace(botUserIdOf(ACME.id)),
                teamId: ACME.id,
                workspaces: [globexWorkspace(botUserIdOf(GLOBEX.id), installUrl)],
              }
            : acmeWorkspace(DEFAULT_BOT),
        }
      : {}),
  });
  const demo: DemoStage = Object.assign(stage, {
    oauth,
    acme: () => (oauth ? stage.driver.in(ACME.id) : stage.driver),
    acmeStore: async () => (await stage.app.graphs.of(oauth ? ACME.id : stage.app.tenant)).store,
    installUrl,
  });
  if (!oauth) return demo;
  try {
    const { installs } = stage.slack;
    installs.configureApp({ clientId: CLIENT.id, clientSecret: CLIENT.secret });
    installs.addWorkspace(ACME);
    installs.addWorkspace(GLOBEX);
    stage.slack.setUser({ id: GINA, name: 'gina', is_admin: true });
    stage.emulator.addToken(GLOBEX_ACCOUNT.token, GLOBEX_ACCOUNT.account);
    stage.emulator.setCredits(GLOBEX_ACCOUNT.account, { minutes: GLOBEX_ACCOUNT.minutes });
    await installThroughPage(installUrl(), ACME.id);
  } catch (error) {
    await stage.close();
    throw error;
  }
  return demo;
}
