// The app from the environment, as main.ts runs it once the Node.js version and .env are settled: the config
// (every problem named at once), the start-up checks (a wrong credential ends the process with code 1 and one
// line; something unreachable is waited for), then the app; SIGINT/SIGTERM stop it cleanly at any point,
// leaving every unfinished job in the store for the next start.
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { RequestBudget } from '../dubbing/budget.ts';
import { createAppClient } from '../dubbing/client.ts';
import { createLogger, type RunningApp, startServer } from '../server.ts';
import { runStartupChecks, StartupRefused, startupChecks } from './checks.ts';
import { keepAliveOnUnhandledRejection } from './last-resort.ts';
import { startRetrying } from './start-retrying.ts';

let config: Config;
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
// The app's one dubbing client (the deployment's account; in OAuth mode only when one is set as the default):
// the start-up check asks with it, inside its request budget, then the app uses it.
const dubbing = config.service.auth
  ? createAppClient(
      config,
      new RequestBudget(config.polling.requestsPerSecond),
      logger.child({ part: 'service' }),
    )
  : undefined;
keepAliveOnUnhandledRejection(logger);

let running: RunningApp | undefined;
let stopping = false;
const waiting = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    // Still in the start-up checks: nothing was started, so there is nothing to stop but the waiting.
    if (!running) {
      waiting.abort();
      process.exit(0);
    }
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  });
}

try {
  await runStartupChecks(startupChecks(config, dubbing ? { dubbing: dubbing.client } : {}), {
    logger: { info: (line) => logger.info(line), warn: (line) => logger.warn(line) },
    signal: waiting.signal,
  });
} catch (error) {
  if (error instanceof StartupRefused) {
    // Plain lines on stderr, whatever the log format: this is what an admin reads first.
    for (const problem of error.problems) console.error(problem);
    process.exit(1);
  }
  if (waiting.signal.aborted) process.exit(0);
  throw error;
}
// The database answered the check but may go away before the migrations (a restart): waited for as at the
// check. Opening the store is all startServer does with the database before it listens, and a failed open
// leaves nothing open.
if (!stopping) {
  try {
    running = await startRetrying(() => startServer(config, { logger, ...(dubbing ? { dubbing } : {}) }), {
      logger,
      stopping: () => stopping,
    });
  } catch (error) {
    const problem = listenProblem(error, config);
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  }
}

/** The port cannot be had: one line naming the variable, like the checks' (anything else stays a crash). */
function listenProblem(error: unknown, c: Config): string | undefined {
  const code = (error as { code?: unknown }).code;
  const variable = c.slackMode.kind === 'http' ? 'PORT' : 'HEALTH_PORT';
  const port = c.slackMode.kind === 'http' ? c.slackMode.port : c.healthPort;
  const where = `${c.host ?? 'all interfaces'}`;
  if (code === 'EADDRINUSE')
    return `${variable} ${port} on ${where} is in use by another process: stop it, or set another ${variable}`;
  if (code === 'EACCES')
    return `${variable} ${port} on ${where} may not be opened by this user: use a port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${c.host} is not an address of this machine`;
  return undefined;
}
