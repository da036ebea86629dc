// Runs the Slack app from the environment (`pnpm start`): validated config, then the app; stops cleanly on
// SIGINT/SIGTERM, leaving every unfinished job in the store for the next start.
import { ConfigError, loadConfig } from './config.ts';
import { createLogger, startServer } from './server.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const running = await startServer(config, { logger });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  });
}
