// The one composition root: configuration → store → the request budget and the default dubbing client → the
// tenancy (single-workspace mode: the bot token's workspace; OAuth mode: the installations) → Bolt app (HTTP
// or Socket Mode) whose gate hands each payload to its tenant's graph (tenant-graph.ts: that tenant's
// services, handlers and loops, made when first needed) → and taken apart again in order. main.ts runs it from the environment; the end-to-end tests, the demo and
// the bench run it with their own fakes at the edges.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type Logger as BoltLogger, LogLevel, SocketModeReceiver } from '@slack/bolt';
import { WebClient, type WebClientOptions } from '@slack/web-api';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Dispatcher } from 'undici';
import { logRefusal } from './access/access.ts';
import { tenantsGate } from './access/middleware.ts';
import { type Registry, runChecked } from './access/registry.ts';
import { REPLAY } from './access/replay.ts';
import type { Config } from './config.ts';
import { RequestBudget } from './dubbing/budget.ts';
import { type AppClient, createAppClient } from './dubbing/client.ts';
import { createDubbingService } from './dubbing/client-service.ts';
import type { DubbingService } from './dubbing/service.ts';
import { type InstallServices, startInstalls } from './features/install/start.ts';
import {
  type HealthServer,
  hostForUrl,
  type ReadinessProbe,
  SlackConnectionState,
  startHealthServer,
  withHealthRoutes,
} from './health.ts';
import { Sealer, secretsAtRest } from './install/sealing.ts';
import { singleWorkspace } from './install/single-workspace.ts';
import type { Tenancy } from './install/tenancy.ts';
import type { Tracker } from './jobs/track.ts';
import { prettyDestination } from './log-format.ts';
import { appMetrics, METRICS_PATH, type ObservedWebClient } from './metrics.ts';
import type { Deliverer } from './outbox/deliverer.ts';
import { holdEventAcks } from './slack/event-ack.ts';
import { guardedReceiver, LISTEN_BACKLOG, type RefusedRequest } from './slack/receiver.ts';
import { openStore } from './store/open.ts';
import type { Store, Stores } from './store/store.ts';
import type { TenantGraph } from './tenant-graph.ts';
import { TenantGraphs } from './tenants.ts';
import type { ThreadDrawer } from './thread/drawer.ts';

/** The tenant key the readiness probe reads with: no tenant's, so its read finds nothing, as it should. */
const PROBE_TENANT = 'readiness-probe';

export interface RunningApp {
  /** Single-workspace mode's graph, below (OAuth mode: graphs.of(tenant)). Its store, every query bound to it. */
  store: Store;
  /** The database across tenants: each tenant's store, the operator's figures. */
  stores: Stores;
  /** The single workspace's tenant key (its team id). */
  tenant: string;
  service: DubbingService;
  tracker: Tracker;
  deliverer: Deliverer;
  /** Draws the thread's shared messages (tests read what a language's status message would say). */
  drawer: ThreadDrawer;
  /** What the features registered, each with its rule's name (the forged-payload tests try every one). */
  registrations: ReturnType<Registry['entries']>;
  /** Every tenant's graph (the one of single-workspace mode, or each installed workspace's or org's). */
  graphs: TenantGraphs;
  /** HTTP mode: the URL Slack posts events to. */
  eventsUrl?: string;
  /** Where /healthz and /readyz answer: PORT in HTTP mode, HEALTH_PORT (when set) in Socket Mode. */
  healthUrl?: string;
  /** Where /metrics answers when it has a server of its own (METRICS_PORT). */
  metricsUrl?: string;
  /** OAuth mode: the installations, each tenant's Slack client and dubbing account. */
  installs?: InstallServices;
  stop(): Promise<void>;
}

export interface ServerOverrides {
  logger?: Logger;
  /** Host to listen on (default HOST, else all interfaces). */
  host?: string;
  /** The app's one dubbing client, when it was made before (the start-up checks used it). */
  dubbing?: AppClient;
  /** What sends the service's requests, under the budget (the bench passes a counting one). */
  serviceDispatcher?: Dispatcher;
  /** HTTP mode: told of every request the guard refused before Bolt read it (the tests count bytes read). */
  onRefusedRequest?: (refused: RefusedRequest) => void;
}

/** JSON lines for a log collector; readable lines when `pretty` (by default: stdout is a terminal). */
export function createLogger(level: string, pretty = process.stdout.isTTY === true): Logger {
  const options: LoggerOptions = {
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
  };
  return pretty ? pino(options, prettyDestination(process.stdout)) : pino(options);
}

export async function startServer(config: Config, overrides: ServerOverrides = {}): Promise<RunningApp> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const owner = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const now = Date.now;
  // OAuth mode's key (DUBKIT_ENCRYPTION_KEY) seals the installs' tokens and the secrets the store keeps (a
  // workflow run's token): one sealer for both.
  const sealer = config.install ? new Sealer(config.install.encryptionKeys) : undefined;
  const stores = await openStore(config.store, sealer && secretsAtRest(sealer));
  // SQLite serves one process: what a crashed predecessor held is free again at once. PostgreSQL is shared:
  // a dead replica's leases pass to the others when they expire, never at someone's start.
  if (config.store.kind === 'sqlite') await stores.releaseLeases();

  // One request budget for every dubbing account of the deployment, made once: the default account's client
  // (DUBKIT_TOKEN, when set) and each workspace's own account's (install/accounts.ts) send through it alike.
  // OAuth mode may have no default account: a workspace without its own then has none until an admin connects one.
  const budget = overrides.dubbing?.budget ?? new RequestBudget(config.polling.requestsPerSecond);
  const dubbing =
    overrides.dubbing ??
    (config.service.auth
      ? createAppClient(config, budget, logger.child({ part: 'service' }), overrides.serviceDispatcher)
      : undefined);
  const service =
    dubbing &&
    createDubbingService(dubbing.client, {
      mediaPollMs: config.polling.minMs,
      logger: logger.child({ part: 'service' }),
    });
  const clientOptions: WebClientOptions = {
    ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
    logger: boltLogger(logger),
    // The client never repeats a call by itself: a write whose answer was lost may have been made, and only
    // the deliverer can check that before trying again; a 429 comes back at once for that channel to wait.
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: config.slackWriteTimeoutMs,
  };
  // OAuth mode: the installs, their tokens (rotated under a lease) and accounts, and the install pages.
  const installs =
    config.install && sealer
      ? await startInstalls({
          install: config.install,
          sealer,
          store: config.store,
          clientOptions,
          budget,
          serviceBaseUrl: config.service.baseUrl,
          ...(service ? { fallback: service } : {}),
          owner,
          logger: logger.child({ part: 'installs' }),
          ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
        })
      : undefined;
  // Whose a payload is, and each tenant's Slack client and dubbing account. Single-workspace mode: one tenant,
  // the team the bot token belongs to (rows from before rows had tenants are its own). OAuth mode: the
  // installations. Either way each tenant acts through a graph of its own (tenants.ts), the same code.
  let tenancy: Tenancy;
  let singleTenant: string | undefined;
  if (installs) tenancy = installs.tenancy;
  else {
    // The configuration asks single-workspace mode for its account (DUBKIT_TOKEN, or client id and secret).
    if (!service)
      throw new Error(
        'single-workspace mode needs DUBKIT_TOKEN (or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET)',
      );
    const slack = new WebClient(config.slackBotToken, clientOptions);
    const identity = await slack.auth.test();
    const single = singleWorkspace({
      teamId: String(identity.team_id),
      enterpriseId: identity.enterprise_id ?? null,
      slack,
      dubbing: service,
    });
    await stores.adoptUnowned(single.tenant.key);
    tenancy = single;
    singleTenant = single.tenant.key;
  }

  // Ready: the database answers a read, and Slack's connection is up (HTTP mode: once the app listens).
  const slackConnection = new SlackConnectionState();
  const probes: ReadinessProbe[] = [
    {
      name: 'database',
      // A read by an id no job has: one indexed query, which fails when the database does not answer.
      check: async () => {
        await stores.tenant(PROBE_TENANT).targetsOf('');
      },
    },
    slackConnection.probe,
  ];
  const onNotReady = (reasons: Record<string, string>) => logger.warn({ checks: reasons }, 'not ready');
  // GET /metrics on a server of its own (METRICS_PORT), else beside the health checks (PORT in HTTP mode,
  // HEALTH_PORT in Socket Mode), there for loopback only unless METRICS_TOKEN guards it. Every tenant's
  // Slack calls are counted under the one observer the metrics set.
  const slackCalls: Pick<ObservedWebClient, 'observer'> = { observer: undefined };
  const metrics = appMetrics({
    replica: owner,
    store: stores,
    slack: slackCalls,
    budget,
    probes,
    ...(config.metricsToken ? { token: config.metricsToken } : {}),
    loopbackOnly: config.metricsServer === undefined,
  });
  const metricsRoutes = { [METRICS_PATH]: metrics.handler };
  const routes = { ...(config.metricsServer ? {} : metricsRoutes), ...installs?.routes };
  const host = overrides.host ?? config.host;

  const mode = config.slackMode;
  // Socket Mode: the receiver is made here rather than by Bolt, so that its client's connection state
  // (up at Slack's hello, down while it reconnects) reaches /readyz.
  const socketReceiver =
    mode.kind === 'socket'
      ? new SocketModeReceiver({
          appToken: mode.appToken,
          logger: boltLogger(logger.child({ part: 'bolt' })),
          // The Socket Mode client asks apps.connections.open through a Web API client of its own, which
          // Bolt configures from installerOptions, not clientOptions: without this, SLACK_API_URL would
          // not reach it. Its retry policy stays its own (it retries opening a connection for long).
          ...(config.slackApiUrl
            ? { installerOptions: { clientOptions: { slackApiUrl: config.slackApiUrl } } }
            : {}),
        })
      : undefined;
  if (socketReceiver) {
    const client = socketReceiver.client;
    client.on('connected', () => slackConnection.up());
    // The client waits before it reconnects and says 'reconnecting' only then: down from the close on.
    client.on('close', () => slackConnection.down('connection to Slack closed; reconnecting'));
    client.on('reconnecting', () => slackConnection.down('reconnecting to Slack'));
    client.on('disconnected', () => slackConnection.down('disconnected from Slack'));
  }
  const app = new App({
    // OAuth mode: each payload's bot token is its installation's (Bolt's authorize, from the store).
    ...(installs ? { authorize: installs.tenancy.authorize } : { token: config.slackBotToken }),
    clientOptions,
    logger: boltLogger(logger.child({ part: 'bolt' })),
    ...(mode.kind === 'socket'
      ? { receiver: socketReceiver }
      : {
          // Bolt's own receiver, behind a guard that bounds bodies and checks time and signature first;
          // /healthz and /readyz answer on the same port.
          receiver: withHealthRoutes(
            guardedReceiver({
              signingSecret: mode.signingSecret,
              logger: logger.child({ part: 'receiver' }),
              boltLogger: boltLogger(logger.child({ part: 'bolt' })),
              ...(overrides.onRefusedRequest ? { onRefused: overrides.onRefusedRequest } : {}),
            }),
            probes,
            onNotReady,
            routes,
          ),
        }),
  });
  const accessLog = logger.child({ part: 'access' });
  // Every tenant's graph: its store view, Slack client, account, features' handlers and loops.
  const graphs = new TenantGraphs({
    tenancy,
    clientOptions,
    observer: () => slackCalls.observer,
    logger: logger.child({ part: 'tenants' }),
    shared: {
      config,
      logger,
      stores,
      owner,
      now,
      ...(installs ? { installs } : {}),
      // Requests kept while Slack could not say who is in a channel, run again through the app once it can.
      replay: (body, replay) =>
        app.processEvent({
          body: body as Record<string, unknown>,
          ack: async () => {},
          customProperties: { [REPLAY]: replay },
        }),
      onGaveUp: (code) => metrics.writeGaveUp(code),
    },
  });
  installs?.onTenant({
    installed: (key) => graphs.installed(key),
    removed: (key) => graphs.remove(key),
    accountChanged: (key) => graphs.renew(key),
  });
  // An event is acked once its listeners recorded it, not before (Slack sends it again otherwise).
  holdEventAcks(app, logger.child({ part: 'receiver' }));
  // Before any handler: the payload's tenant is resolved, and its graph's registry and rules decide; a
  // payload no feature registered is refused, a registered one checked by its rule, and only then does its
  // tenant's handler run.
  app.use(
    tenantsGate({
      tenancy,
      gateOf: async (tenant) => (await graphs.of(tenant.key)).gate,
      refusals: { logRefusal: (...refused) => logRefusal(accessLog, ...refused) },
    }),
  );
  app.use(runChecked);
  // Each installed tenant's graph is made now, so that its loops carry on what it left before a restart.
  const installed = installs ? await installs.installations.active() : [singleTenant ?? ''];
  for (const key of installed)
    await graphs.of(key).catch((error: unknown) => {
      // One workspace's graph that cannot be made (its token or account) leaves the others running; it is
      // tried again when its next payload arrives.
      if (singleTenant !== undefined) throw error;
      logger.warn({ err: error, tenant: key }, 'what acts for this workspace could not be made at start');
    });

  let eventsUrl: string | undefined;
  let healthUrl: string | undefined;
  let health: HealthServer | undefined;
  if (mode.kind === 'http') {
    const server = (await app.start({
      port: mode.port,
      ...(host ? { host } : {}),
      backlog: LISTEN_BACKLOG,
    })) as Server;
    const address = server.address() as AddressInfo;
    healthUrl = `http://${hostForUrl(address.address)}:${address.port}`;
    eventsUrl = `${healthUrl}/slack/events`;
    slackConnection.up();
    logger.info({ host: address.address, port: address.port }, 'listening for Slack on /slack/events');
  } else {
    // Before connecting: /healthz answers (alive) and /readyz says what is missing while Slack is reached.
    if (config.healthPort !== undefined) {
      // Loopback unless HOST says otherwise: the health port carries no signature check of its own.
      health = await startHealthServer({
        port: config.healthPort,
        host: host ?? '127.0.0.1',
        probes,
        onNotReady,
        routes,
      });
      healthUrl = health.url;
      logger.info({ url: health.url }, 'health checks on /healthz and /readyz');
    }
    await app.start();
    slackConnection.up();
    logger.info('connected to Slack in Socket Mode');
  }
  let metricsServer: HealthServer | undefined;
  if (config.metricsServer) {
    metricsServer = await startHealthServer({ ...config.metricsServer, probes, routes: metricsRoutes });
    logger.info({ url: metricsServer.url }, 'metrics on /metrics');
  }
  installs?.start();

  // Single-workspace mode's one graph, for the tests, the demo and the bench that drive one workspace.
  const single = singleTenant === undefined ? undefined : await graphs.of(singleTenant);
  const one = (): TenantGraph => {
    if (!single) throw new Error('OAuth mode has a graph per tenant: ask graphs.of(tenant)');
    return single;
  };
  let stopped = false;
  return {
    get store() {
      return one().store;
    },
    stores,
    get tenant() {
      return one().key;
    },
    get service() {
      return one().service;
    },
    get tracker() {
      return one().tracker;
    },
    get deliverer() {
      return one().deliverer;
    },
    get drawer() {
      return one().drawer;
    },
    get registrations() {
      return one().registry.entries();
    },
    graphs,
    ...(eventsUrl ? { eventsUrl } : {}),
    ...(healthUrl ? { healthUrl } : {}),
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    ...(installs ? { installs } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      slackConnection.down('stopping');
      await app.stop();
      await health?.close();
      await metricsServer?.close();
      await graphs.stop();
      await installs?.stop();
      await dubbing?.close();
      metrics.close();
      await stores.close();
      logger.info('stopped');
    },
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
