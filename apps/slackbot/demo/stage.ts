// The demo's stage: the service emulator, the fake Slack and the real app (as main.ts starts it, from the
// environment the stage gives it, on 127.0.0.1, SQLite store in a temp folder), at a pace that shows a dub
// in seconds. With `web`, the fake Slack also serves its web client for the workspace below.
import { type SlackMode, setStage } from '@dubkit/slack-sandbox';
import { loadConfig } from '../src/config.ts';
import { createLogger, startServer } from '../src/server.ts';
import { WORKSPACE } from './workspace.ts';

export function demoStage(options: { mode: SlackMode; web: boolean; speed?: number }) {
  return setStage({
    startApp: (env) => {
      const config = loadConfig(env);
      return startServer(config, { logger: createLogger(config.logLevel), host: '127.0.0.1' });
    },
    env: {
      POLL_MIN_MS: '150',
      POLL_MAX_MS: '1000',
      SERVICE_REQUESTS_PER_SECOND: '50',
      SLACK_CHANNEL_PACE_MS: '0',
      LOG_LEVEL: 'warn',
    },
    emulator: { speed: options.speed ?? 12 },
    mode: options.mode,
    ...(options.web ? { web: WORKSPACE } : {}),
  });
}
