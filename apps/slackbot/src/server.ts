// The one composition root: configuration → store → the one dubbing client (inside the request budget) →
// the tenancy (single-workspace mode: the bot token's workspace, whose store view every part below uses) →
// services → Bolt app (HTTP or Socket Mode) with its listeners → the loops (deliverer, tracker, lip-sync);
// and taken apart again in order. main.ts runs it from the environment; the end-to-end tests, the demo and
// the bench run it with their own fakes at the edges.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type Logger as BoltLogger, LogLevel, SocketModeReceiver } from '@slack/bolt';
import type { WebClientOptions } from '@slack/web-api';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Dispatcher } from 'undici';
import { Access } from './access/access.ts';
import { Membership } from './access/membership.ts';
import { forgetOnMembershipEvents } from './access/membership-events.ts';
import { accessMiddleware } from './access/middleware.ts';
import { grantingInteractions } from './access/modals.ts';
import { Registry } from './access/registry.ts';
import { REPLAY, replayKeptRequests } from './access/replay.ts';
import type { Config } from './config.ts';
import { minutesLeft } from './domain/credits.ts';
import { RequestBudget } from './dubbing/budget.ts';
import { type AppClient, createAppClient } from './dubbing/client.ts';
import { createDubbingService } from './dubbing/client-service.ts';
import type { DubbingService } from './dubbing/service.ts';
import { creditCheck } from './features/account/credit-check.ts';
import { registerAccount } from './features/account/register.ts';
import { AccountService } from './features/account/service.ts';
import { registerApproval } from './features/approval/register.ts';
import { ApprovalService } from './features/approval/service.ts';
import { registerAssign } from './features/assign/register.ts';
import { AssignService } from './features/assign/service.ts';
import { AutopilotStarter } from './features/autopilot/start.ts';
import { registerDub } from './features/dub/register.ts';
import { JobService } from './features/dub/service.ts';
import { ImportRunner } from './features/glossary/imports.ts';
import { registerGlossary } from './features/glossary/register.ts';
import { GlossaryService } from './features/glossary/service.ts';
import { registerHome } from './features/home/register.ts';
import { HomeService } from './features/home/service.ts';
import { type InstallServices, startInstalls } from './features/install/start.ts';
import { registerLipsync } from './features/lipsync/register.ts';
import { LipsyncRunner } from './features/lipsync/runner.ts';
import { LipsyncService } from './features/lipsync/service.ts';
import { messageParts } from './features/message-parts.ts';
import { registerOtherFormats } from './features/other-formats/register.ts';
import { OtherFormatsService } from './features/other-formats/service.ts';
import { registerQa } from './features/qa/register.ts';
import { LocalizationQa } from './features/qa/service.ts';
import { registerReview } from './features/review/register.ts';
import { Renders } from './features/review/renders.ts';
import { ReviewService } from './features/review/service.ts';
import { SourceFixService } from './features/review/source-fix.ts';
import { registerSourceFix } from './features/review/source-fix-listeners.ts';
import { Voices } from './features/review/voices.ts';
import { registerSettings } from './features/settings/register.ts';
import { SettingsService } from './features/settings/service.ts';
import { SubtitleService } from './features/subtitles/service.ts';
import {
  type HealthServer,
  hostForUrl,
  type ReadinessProbe,
  SlackConnectionState,
  startHealthServer,
  withHealthRoutes,
} from './health.ts';
import { singleWorkspace } from './install/single-workspace.ts';
import type { Tenancy } from './install/tenancy.ts';
import { JobStarter } from './jobs/start.ts';
import { Tracker } from './jobs/track.ts';
import { prettyDestination } from './log-format.ts';
import { appMetrics, METRICS_PATH, ObservedWebClient } from './metrics.ts';
import { Deliverer } from './outbox/deliverer.ts';
import { Loop } from './runtime/loop.ts';
import { Doorbell } from './runtime/wakeups.ts';
import { holdEventAcks } from './slack/event-ack.ts';
import { downloadSlackFile } from './slack/files.ts';
import { webInteractions } from './slack/interactions.ts';
import { guardedReceiver, LISTEN_BACKLOG, type RefusedRequest } from './slack/receiver.ts';
import { webUserGroups } from './slack/usergroups.ts';
import { openStore } from './store/open.ts';
import type { Store, Stores } from './store/store.ts';
import { ThreadDrawer } from './thread/drawer.ts';

/** OAuth mode, until each tenant has its own graph: the key of the rows the shared features write. */
const OAUTH_FEATURES_TENANT = 'deployment';

export interface RunningApp {
  /** The single workspace's store (every query bound to its tenant). */
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
  // The features still share one dubbing service: in OAuth mode it is the default account's (DUBKIT_TOKEN),
  // while each workspace's own account is the Tenancy's (install/), for what asks it by tenant.
  if (config.install && !config.service.auth && !overrides.dubbing)
    throw new Error(
      'OAuth mode needs the default dubbing account for now: set DUBKIT_TOKEN (or DUBKIT_CLIENT_ID and DUBKIT_CLIENT_SECRET)',
    );
  const stores = await openStore(config.store);
  // SQLite serves one process: what a crashed predecessor held is free again at once. PostgreSQL is shared:
  // a dead replica's leases pass to the others when they expire, never at someone's start.
  if (config.store.kind === 'sqlite') await stores.releaseLeases();

  const dubbing =
    overrides.dubbing ??
    createAppClient(
      config,
      new RequestBudget(config.polling.requestsPerSecond),
      logger.child({ part: 'service' }),
      overrides.serviceDispatcher,
    );
  const service = createDubbingService(dubbing.client, {
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
  const installs = config.install
    ? await startInstalls({
        install: config.install,
        store: config.store,
        clientOptions,
        budget: dubbing.budget,
        serviceBaseUrl: config.service.baseUrl,
        fallback: service,
        owner,
        logger: logger.child({ part: 'installs' }),
        ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
      })
    : undefined;
  const slack = new ObservedWebClient(config.slackBotToken, clientOptions);
  // Whose a payload is. OAuth mode: the installations; the features below are not yet one graph per tenant,
  // and run on the deployment's own rows (OAUTH_FEATURES_TENANT) until they are. Single-workspace mode: one
  // tenant, the team the bot token belongs to; rows from before rows had tenants are its own; every part
  // below reads and writes its rows only, and the gate refuses other teams' payloads.
  let tenancy: Pick<Tenancy, 'resolve'>;
  let tenant: string;
  if (installs) {
    tenancy = installs.tenancy;
    tenant = OAUTH_FEATURES_TENANT;
  } else {
    const identity = await slack.auth.test();
    const single = singleWorkspace({
      teamId: String(identity.team_id),
      enterpriseId: identity.enterprise_id ?? null,
      slack,
      dubbing: service,
    });
    tenancy = single;
    tenant = single.tenant.key;
    await stores.adoptUnowned(tenant);
  }
  const store = stores.tenant(tenant);
  // The thread's shared messages, drawn one way: from the store, with each feature's part of them.
  const drawer = new ThreadDrawer({
    store,
    describe: (status) => service.describeStatus(status),
    parts: messageParts,
  });
  const interactions = webInteractions(slack);
  const extraHosts = config.slackApiUrl ? [new URL(config.slackApiUrl).host] : [];
  const downloadFile = async (url: string, maxBytes: number) => {
    const botToken = config.slackBotToken ?? '';
    const download = await downloadSlackFile(url, { botToken, maxBytes, extraHosts });
    return new Uint8Array(await new Response(download.body).arrayBuffer());
  };

  // The loops' doorbells: the services below ring them; the loops, made last, answer.
  const bells = {
    deliverer: new Doorbell(),
    tracker: new Doorbell(),
    lipsync: new Doorbell(),
    imports: new Doorbell(),
  };
  const wakeDeliverer = bells.deliverer.ring;
  const wakeTracker = bells.tracker.ring;
  const wakeAll = () => {
    wakeDeliverer();
    wakeTracker();
    bells.lipsync.ring();
  };

  // The features' services. Who may act on what: what Slack signs, channel membership where it does not
  // (conversations.members, remembered briefly) and ADMIN_USER_IDS.
  const membership = new Membership({ membersOf: (channel) => interactions.membersOf(channel) });
  const access = new Access({
    store,
    membership,
    slack: interactions,
    admins: config.adminUserIds,
    logger: logger.child({ part: 'access' }),
  });
  const qa = new LocalizationQa({
    store,
    dubbing: service,
    onUnusable: (error, target) =>
      logger.warn(
        { err: error, target },
        'localization QA cannot check this translation; replying without it',
      ),
  });
  const glossaries = new GlossaryService({
    store,
    dubbing: service,
    downloadFile,
    wakeDeliverer,
    wakeImports: bells.imports.ring,
    logger: logger.child({ part: 'glossaries' }),
    isAdmin: (user) => access.isAdmin(user),
    now,
  });
  const subtitles = new SubtitleService({
    store,
    dubbing: service,
    downloadFile,
    wakeDeliverer,
    logger: logger.child({ part: 'subtitles' }),
    now,
  });
  const groups = webUserGroups(slack);
  const settings = new SettingsService({
    store,
    glossaries,
    now,
    isAdmin: (user) => access.isAdmin(user),
    groups,
    wakeDeliverer,
  });
  // The review of a dubbed language, its renders and its voices.
  const review = new ReviewService({ store, dubbing: service, wakeDeliverer, now });
  const renders = new Renders({ store, dubbing: service, wakeDeliverer, wakeTracker, drawer, now });
  const voices = new Voices({ store, dubbing: service, wakeDeliverer, now });
  const approvals = new ApprovalService({ store, dubbing: service, wakeDeliverer, drawer, now, groups });
  const sourceFix = new SourceFixService({ store, dubbing: service, wakeDeliverer, now });
  const jobs = new JobService({
    store,
    wakeDeliverer,
    wakeTracker,
    picker: (job) => settings.pickerFor(job.channel),
    drawer,
    maxFileBytes: config.maxFileBytes,
    async minutesLeft() {
      try {
        return minutesLeft(await service.credits());
      } catch (error) {
        logger.warn({ err: error }, 'the credits could not be read for the job card');
        return undefined;
      }
    },
    slack: interactions,
    now,
  });

  // Each feature registers what it answers, each with its access rule; every modal opened is recorded as
  // its opener's, for the channel the request was checked against.
  const registry = new Registry();
  const granting = grantingInteractions(interactions, store, now);
  const listenerLog = logger.child({ part: 'listeners' });
  const featureDeps = { slack: granting, logger: listenerLog };
  forgetOnMembershipEvents(registry, membership);
  installs?.register(registry, store);
  registerDub(registry, {
    ...featureDeps,
    jobs,
    subtitles,
    offeredGlossaries: (channel) => glossaries.offered(channel),
    importGlossary: (message) => glossaries.importDropped(message),
    async autopilotOf(channel) {
      const setting = await store.channelAutopilot(channel);
      return setting && setting.dstLangs.length > 0 ? setting : undefined;
    },
  });
  registerReview(registry, { ...featureDeps, review, renders, voices });
  registerSourceFix(registry, { ...featureDeps, review, sourceFix });
  registerQa(registry, { ...featureDeps, review, qa });
  registerApproval(registry, { ...featureDeps, approvals, qa });
  registerAssign(registry, {
    ...featureDeps,
    review,
    renders,
    voices,
    assign: new AssignService({
      store,
      dubbing: service,
      wakeDeliverer,
      drawer,
      now,
      slack: interactions,
      access,
    }),
  });
  registerLipsync(registry, {
    ...featureDeps,
    review,
    lipsync: new LipsyncService({ store, review, dubbing: service, wake: wakeAll, now }),
  });
  registerGlossary(registry, { ...featureDeps, glossaries });
  registerSettings(registry, { ...featureDeps, settings });
  registerOtherFormats(registry, {
    ...featureDeps,
    otherFormats: new OtherFormatsService({ store, wakeDeliverer, now }),
  });
  registerAccount(registry, {
    ...featureDeps,
    account: new AccountService({ store, dubbing: service, access, approvals, wake: wakeAll, drawer, now }),
    waitingIn: (channel) => approvals.waitingIn(channel),
  });
  registerHome(registry, {
    ...featureDeps,
    home: new HomeService({
      store,
      dubbing: service,
      approvals,
      access,
      groups,
      logger: logger.child({ part: 'home' }),
    }),
  });
  // Ready: the database answers a read, and Slack's connection is up (HTTP mode: once the app listens).
  const slackConnection = new SlackConnectionState();
  const probes: ReadinessProbe[] = [
    {
      name: 'database',
      // A read by an id no job has: one indexed query, which fails when the database does not answer.
      check: async () => {
        await store.targetsOf('');
      },
    },
    slackConnection.probe,
  ];
  const onNotReady = (reasons: Record<string, string>) => logger.warn({ checks: reasons }, 'not ready');
  // GET /metrics on a server of its own (METRICS_PORT), else beside the health checks (PORT in HTTP mode,
  // HEALTH_PORT in Socket Mode), there for loopback only unless METRICS_TOKEN guards it.
  const metrics = appMetrics({
    replica: owner,
    store: stores,
    slack,
    budget: dubbing.budget,
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
  // An event is acked once its listeners recorded it, not before (Slack sends it again otherwise).
  holdEventAcks(app, logger.child({ part: 'receiver' }));
  // Before any listener: a payload no feature registered is refused, and a registered one is checked by its
  // rule; refused payloads never reach a listener.
  app.use(accessMiddleware({ tenancy, registry, access, store, slack: interactions }));
  registry.attach(app);
  // The loops, which carry out what the store holds, answering their doorbells from now on.
  const deliverer = new Deliverer({
    store,
    slack,
    dubbing: service,
    qa,
    logger: logger.child({ part: 'deliverer' }),
    channelPaceMs: config.channelPaceMs,
    settleMs: config.slackWriteTimeoutMs + 2_000,
    owner,
    onGaveUp: (code) => metrics.writeGaveUp(code),
  });
  const autopilot = new AutopilotStarter({ store, jobs, now });
  const credits = creditCheck({ store, dubbing: service, logger: logger.child({ part: 'credits' }), now });
  const starter = new JobStarter({
    store,
    dubbing: service,
    logger: logger.child({ part: 'starter' }),
    drawer,
    botToken: config.slackBotToken ?? '',
    maxFileBytes: config.maxFileBytes,
    extraSlackHosts: extraHosts,
    onDeliveries: wakeDeliverer,
    admit: (job) => jobs.admit(job),
    mediaChanged: (jobId) => jobs.redrawPicker(jobId),
    autopilot: (jobId) => autopilot.run(jobId),
    refuse: (job, why) => jobs.refuse(job, `The dub could not start: ${why}.`),
    async beforeProjects(job, targets) {
      // Glossary defaults first: the subtitles keep the glossary recorded for each language.
      await glossaries.applyDefaults(job, targets);
      await subtitles.prepare(job, targets);
    },
    minutesFit: credits,
  });
  const tracker = new Tracker({
    store,
    dubbing: service,
    starter,
    polling: config.polling,
    logger: logger.child({ part: 'tracker' }),
    drawer,
    owner,
    onDeliveries: wakeDeliverer,
  });
  const lipsyncRunner = new LipsyncRunner({
    store,
    dubbing: service,
    logger: logger.child({ part: 'lipsync' }),
    drawer,
    owner,
    pollMs: config.polling.minMs,
    onDeliveries: wakeDeliverer,
  });
  const imports = new ImportRunner({ store, glossaries, owner, logger: logger.child({ part: 'imports' }) });
  // Requests kept while Slack could not say who is in a channel, run again through the app once it can.
  const keptRequests = new Loop(
    replayKeptRequests({
      store,
      run: (body, replay) =>
        app.processEvent({
          body: body as Record<string, unknown>,
          ack: async () => {},
          customProperties: { [REPLAY]: replay },
        }),
      logger: logger.child({ part: 'kept-requests' }),
    }),
    { idleMs: 2_000, logger: logger.child({ part: 'kept-requests' }), name: 'kept-requests' },
  );
  bells.deliverer.answeredBy(deliverer);
  bells.tracker.answeredBy(tracker);
  bells.lipsync.answeredBy(lipsyncRunner);
  bells.imports.answeredBy(imports);

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
  deliverer.start();
  tracker.start();
  lipsyncRunner.start();
  imports.start();
  keptRequests.start();
  installs?.start();
  renders.recoverRenders().catch((error: unknown) => {
    logger.warn({ err: error }, 'following up renders asked for before the restart failed');
  });

  let stopped = false;
  return {
    store,
    stores,
    tenant,
    service,
    tracker,
    deliverer,
    drawer,
    registrations: registry.entries(),
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
      await tracker.stop();
      await lipsyncRunner.stop();
      await imports.stop();
      await keptRequests.stop();
      await deliverer.stop();
      await installs?.stop();
      await dubbing.close();
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
