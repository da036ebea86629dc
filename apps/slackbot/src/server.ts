// Puts the app together: store → dubbing client → Bolt app (HTTP or Socket Mode) with its listeners →
// deliverer and tracker; and takes it apart again in order. main.ts runs it from the environment; the
// end-to-end tests, the demo and the bench run it with their own fakes.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import { WebClient, type WebClientOptions } from '@slack/web-api';
import pino, { type Logger } from 'pino';
import { registerListeners } from './app.ts';
import type { Config } from './config.ts';
import { createExtras } from './extras.ts';
import { RequestBudget, withBudget } from './dubbing/budget.ts';
import { Deliverer } from './outbox/deliverer.ts';
import { createDubbingService, type DubbingServiceOptions } from './dubbing/client-service.ts';
import { JobService } from './jobs/service.ts';
import type { DubbingService } from './dubbing/service.ts';
import { JobStarter } from './jobs/start.ts';
import { Tracker } from './jobs/track.ts';
import { SqliteStore } from './store/sqlite-store.ts';
import type { Store } from './store/store.ts';

export interface RunningApp {
  store: Store;
  service: DubbingService;
  tracker: Tracker;
  deliverer: Deliverer;
  /** HTTP mode: the URL Slack posts events to. */
  eventsUrl?: string;
  stop(): Promise<void>;
}

export interface ServerOverrides {
  logger?: Logger;
  /** Host to listen on in HTTP mode (default all interfaces). */
  host?: string;
  /** Extra options for the dubbing client (the bench passes a counting dispatcher). */
  serviceOptions?: Partial<DubbingServiceOptions>;
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'token',
        '*.token',
        'headers.authorization',
        '*.headers.authorization',
        'config.headers.Authorization',
      ],
      censor: '[redacted]',
    },
  });
}

export async function startServer(config: Config, overrides: ServerOverrides = {}): Promise<RunningApp> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const owner = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const store: Store = new SqliteStore(config.store.path);
  // The embedded store serves one process: what a crashed predecessor held is free again.
  await store.releaseLeases();
  const budget = new RequestBudget(config.polling.requestsPerSecond);
  const service = withBudget(
    createDubbingService({
      baseUrl: config.service.baseUrl,
      auth: config.service.auth,
      mediaPollMs: config.polling.minMs,
      logger: serviceLogger(logger.child({ part: 'service' })),
      ...overrides.serviceOptions,
    }),
    budget,
    ['describeStatus'],
  );
  const clientOptions: WebClientOptions = {
    ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
    logger: boltLogger(logger),
    // A failed write is tried again by the deliverer, from the store; the client itself tries little.
    retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
  };
  const slack = new WebClient(config.slackBotToken, clientOptions);

  const deliverer = new Deliverer({
    store,
    slack,
    service,
    logger: logger.child({ part: 'deliverer' }),
    channelPaceMs: config.channelPaceMs,
    owner,
  });
  const extraSlackHosts = config.slackApiUrl ? [new URL(config.slackApiUrl).host] : [];
  const extras = createExtras({
    config,
    owner,
    store,
    service,
    logger,
    ...(overrides.serviceOptions ? { serviceOptions: overrides.serviceOptions } : {}),
    wakeDeliverer: () => deliverer.wake(),
    wakeTracker: () => tracker.wake(),
  });
  const starter = new JobStarter({
    store,
    service,
    logger: logger.child({ part: 'starter' }),
    botToken: config.slackBotToken,
    maxFileBytes: config.maxFileBytes,
    extraSlackHosts,
    onDeliveries: () => deliverer.wake(),
    beforeProjects: (job, mediaId, targets) => extras.beforeProjects(job, mediaId, targets),
  });
  const tracker = new Tracker({
    store,
    service,
    starter,
    budget,
    polling: config.polling,
    logger: logger.child({ part: 'tracker' }),
    owner,
    onDeliveries: () => deliverer.wake(),
  });
  const jobs = new JobService({
    store,
    wakeDeliverer: () => deliverer.wake(),
    wakeTracker: () => tracker.wake(),
    picker: (job) => extras.picker(job),
  });

  const mode = config.slackMode;
  const app = new App({
    token: config.slackBotToken,
    clientOptions,
    logger: boltLogger(logger.child({ part: 'bolt' })),
    ...(mode.kind === 'socket'
      ? { socketMode: true, appToken: mode.appToken }
      : { signingSecret: mode.signingSecret, signatureVerification: true }),
  });
  registerListeners(app, {
    store,
    jobs,
    logger: logger.child({ part: 'listeners' }),
    maxFileBytes: config.maxFileBytes,
    now: Date.now,
    extras,
  });

  let eventsUrl: string | undefined;
  if (mode.kind === 'http') {
    const server = (await app.start({
      port: mode.port,
      ...(overrides.host ? { host: overrides.host } : {}),
    })) as Server;
    const address = server.address() as AddressInfo;
    eventsUrl = `http://${overrides.host ?? '127.0.0.1'}:${address.port}/slack/events`;
    logger.info({ port: address.port }, 'listening for Slack on /slack/events');
  } else {
    await app.start();
    logger.info('connected to Slack in Socket Mode');
  }
  deliverer.start();
  tracker.start();
  extras.start();

  let stopped = false;
  return {
    store,
    service,
    tracker,
    deliverer,
    ...(eventsUrl ? { eventsUrl } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.stop();
      await tracker.stop();
      await extras.stop();
      await deliverer.stop();
      store.close();
      logger.info('stopped');
    },
  };
}

/** The dubbing client logs through pino (it redacts credentials itself). */
function serviceLogger(logger: Logger): NonNullable<DubbingServiceOptions['logger']> {
  return {
    error: (message, details) => logger.error(details ?? {}, message),
    warn: (message, details) => logger.warn(details ?? {}, message),
    info: (message, details) => logger.info(details ?? {}, message),
    debug: (message, details) => logger.debug(details ?? {}, message),
  };
}

/** Bolt and the Web API client log through pino too (their messages never carry the token). */
function boltLogger(logger: Logger): BoltLogger {
  let level = LogLevel.INFO;
  return {
    debug: (...msg) => logger.debug(msg.map(String).join(' ')),
    info: (...msg) => logger.info(msg.map(String).join(' ')),
    warn: (...msg) => logger.warn(msg.map(String).join(' ')),
    error: (...msg) => logger.error(msg.map(String).join(' ')),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
