// The Slack app's tracking path as the one-process benches build it (slackbot.bench.ts, tracker.bench.ts): the
// real SQLite store, tracker, starter and deliverer, the service inside the request budget, Slack's Web API
// client as the app configures it, all measured through thin wrappers (requests, statuses seen, delays).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { DubbingClient } from '@dubkit/core';
import {
  Deliverer,
  JobStarter,
  messageParts,
  openStore,
  type Store,
  type Stores,
  ThreadDrawer,
  Tracker,
} from '@dubkit/slackbot';
import { type MeasuredService, measuredService } from './measured-service.ts';
import { mapLimit } from './processes.ts';
import { BENCH_TENANT, BOT_TOKEN, changesBetween, SLACK_PACE_MS, TOKEN } from './scaled-dub.ts';
import { registerJob, StatusDelays } from './status-delays.ts';

// The Slack client and logger the app itself depends on, resolved from the app's package.
const appRequire = createRequire(new URL('../apps/slackbot/package.json', import.meta.url));
const { WebClient } = appRequire('@slack/web-api') as typeof import('@slack/web-api');
const pino = appRequire('pino') as typeof import('pino').default;

const SLACK_WRITE_TIMEOUT_MS = 10_000;

/** The tracker's own settings for a run: its polling policy and whether it learns. */
export type TrackerSettings = Pick<
  ConstructorParameters<typeof Tracker>[0],
  'polling' | 'learn' | 'random' | 'sweepEveryMs'
>;

export interface TrackedApp extends MeasuredService {
  /** The bench's one workspace's store. */
  store: Store;
  /** The database (closed once the figures are read). */
  stores: Stores;
  tracker: Tracker;
  deliverer: Deliverer;
  statusDelays: StatusDelays;
  /** Records job `i` as the app does once its project exists, and tracks it from now. */
  register(i: number, projectId: string, media: { id: string; link: string }): Promise<void>;
  start(): void;
  /** Stops tracking and delivering (the store stays open for the figures). */
  stop(): Promise<void>;
}

export async function trackedApp(options: {
  serviceUrl: string;
  slackApiUrl: string;
  dir: string;
  requestsPerSecond: number;
  tracker: TrackerSettings;
}): Promise<TrackedApp> {
  const logger = pino({ level: 'error' });
  const stores = await openStore({ kind: 'sqlite', path: join(options.dir, 'bench.db') });
  const store = stores.tenant(BENCH_TENANT);
  const measured = measuredService(options.serviceUrl, TOKEN, options.requestsPerSecond);
  const { service } = measured;
  const statusDelays = new StatusDelays(measured.lastSeen);
  statusDelays.wrapStore(store);
  // As the app builds it: no retries by the client itself, 429s rejected at once for the deliverer to wait.
  const slack = new WebClient(BOT_TOKEN, {
    slackApiUrl: options.slackApiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: SLACK_WRITE_TIMEOUT_MS,
  });
  statusDelays.wrapSlack(slack);
  const drawer = new ThreadDrawer({ store, describe: (s) => service.describeStatus(s), parts: messageParts });
  const deliverer = new Deliverer({
    store,
    slack,
    dubbing: service,
    logger,
    channelPaceMs: SLACK_PACE_MS,
    settleMs: SLACK_WRITE_TIMEOUT_MS + 2_000,
    owner: 'bench',
    concurrency: 200,
  });
  // The bench records running jobs itself: no /dub command ever reaches the starter.
  const noCommand = async (job: { id: string }) => {
    throw new Error(`job ${job.id} is a /dub request; the bench records none`);
  };
  const starter = new JobStarter({
    store,
    dubbing: service,
    drawer,
    logger,
    botToken: BOT_TOKEN,
    maxFileBytes: 1,
    extraSlackHosts: [],
    onDeliveries: () => deliverer.wake(),
    admit: noCommand,
    refuse: noCommand,
  });
  const tracker = new Tracker({
    store, dubbing: service, drawer, starter, logger, owner: 'bench', concurrency: 32,
    onDeliveries: () => deliverer.wake(),
    ...options.tracker,
  }); // biome-ignore format: compact
  return {
    ...measured,
    store,
    stores,
    tracker,
    deliverer,
    statusDelays,
    async register(i, projectId, media) {
      const now = Date.now();
      const { targetId, channel } = await registerJob(store, i, projectId, media);
      statusDelays.track(projectId, targetId, channel, now);
      tracker.wake();
    },
    start() {
      deliverer.start();
      tracker.start();
    },
    async stop() {
      await tracker.stop();
      await deliverer.stop();
    },
  };
}

/**
 * Ground truth: how many status changes the projects went through in the service between the app's first poll
 * of each (`firstStatus`) and now.
 */
export async function serviceChanges(
  client: DubbingClient,
  projects: string[],
  firstStatus: Map<string, string>,
): Promise<number> {
  const finals = await mapLimit(projects.length, 32, (i) =>
    client.projects.get(projects[i]!).then((p) => p.status),
  );
  let changes = 0;
  finals.forEach((status, i) => {
    const first = firstStatus.get(projects[i]!);
    if (first && status) changes += changesBetween(first, status);
  });
  return changes;
}
