// Fair across workspaces (issue 40): TENANTS workspaces, each with its own dubbing account on the emulator (one
// token per account) and, as the app builds a workspace's graph, its own store view, Slack client, starter,
// tracker and deliverer; their accounts' clients made by the app's DubbingAccounts (so they get the request
// budgets the app gives them). Every workspace asks for JOBS dubs over the ramp; in the run WITH the heavy one,
// workspace 0 asks for HEAVY × JOBS. Measured for the other workspaces only: the start delay (the job asked for,
// as a /dub command records it, to its project created) and the status delay (every status change of their
// projects in the service, from the emulator's history, to the Slack write showing it or a later status).
// Runs with and without the heavy workspace alternate, ROUNDS of each; the medians of their p95s are compared.
// The fake Slack plays Slack's own rate limits per workspace (each workspace its own bot token; chat.update at
// Tier 3's 50 a minute, chat.postMessage one a second per channel), so the heavy workspace is answered 429s.
// Beside the delays, what the workspaces share on the status path, for the others: how long each call of
// their store view took (the one SQLite connection: waiting for another's transaction, and the statement),
// how long their status messages waited in the outbox (recorded to shown), and the 429s each side got.
//
// `node tenants.bench.ts` from bench/ after a build (or `pnpm bench tenants`); BENCH_TENANTS, BENCH_JOBS,
// BENCH_HEAVY, BENCH_ROUNDS, BENCH_RAMP_MS, BENCH_WINDOW_MS, BENCH_SPEED and BENCH_RPS scale it;
// BENCH_SLACK_LIMITS scales Slack's limits (1: Slack's own, 0: none).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { StatusEntered } from '@dubkit/emulator';
import {
  Deliverer,
  DubbingAccounts,
  JobStarter,
  messageParts,
  openStore,
  RequestBudget,
  type Store,
  ThreadDrawer,
  Tracker,
} from '@dubkit/slackbot';
import { Agent } from 'undici';
import { measured } from './measured-service.ts';
import { forkServices } from './services-child.ts';
import { StatusDelays } from './status-delays.ts';

const appRequire = createRequire(new URL('../apps/slackbot/package.json', import.meta.url));
const { WebClient } = appRequire('@slack/web-api') as typeof import('@slack/web-api');
const pino = appRequire('pino') as typeof import('pino').default;

const TENANTS = Number(process.env.BENCH_TENANTS ?? 50);
const JOBS = Number(process.env.BENCH_JOBS ?? 2);
const HEAVY = Number(process.env.BENCH_HEAVY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 15_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 50_000);
/** Emulator speed: a whole dub takes about 60 s / SPEED. */
const SPEED = Number(process.env.BENCH_SPEED ?? 2);
/** The app's default SERVICE_REQUESTS_PER_SECOND. */
const RPS = Number(process.env.BENCH_RPS ?? 100);
const POLL = { minMs: 2_000, maxMs: 10_000 };
const SWEEP_MS = 2_000;
const SLACK_PACE_MS = 1_000;
const LINK = 'https://www.youtube.com/watch?v=bench';
const SLACK_LIMITS = Number(process.env.BENCH_SLACK_LIMITS ?? 1);

interface RunFigures {
  startP95: number;
  statusP95: number;
  starts: number;
  changes: number;
  unshown: number;
  /** The others' store calls at p95 (ms): their wait for the shared connection and their statements. */
  storeP95: number;
  /** The others' status messages at p95 from recorded to shown (s): their outbox's share of the status delay. */
  outboxP95: number;
  /** Slack's 429s to the others (all of them) and to the heavy workspace. */
  limitedOthers: number;
  limitedHeavy: number;
  /** The app process's event-loop delay at p95 (ms): what every workspace's loops wait for alike. */
  loopP95: number;
  load: number;
}

const tenantKey = (t: number) => `T${String(t).padStart(3, '0')}`;
const tokenOf = (key: string) => `bench-${key}`;
const slackTokenOf = (key: string) => `xoxb-bench-${key}`;

/** Times every call of a store view into `into` (ms), whatever it waited for on the shared connection. */
function timeStore(store: Store, into: number[]): void {
  const calls = store as unknown as Record<string, unknown>;
  for (const [name, method] of Object.entries(calls)) {
    if (typeof method !== 'function') continue;
    calls[name] = async (...args: unknown[]) => {
      const start = performance.now();
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(store, args);
      } finally {
        into.push(performance.now() - start);
      }
    };
  }
}

async function run(withHeavy: boolean): Promise<RunFigures> {
  const tokens = Object.fromEntries(
    Array.from({ length: TENANTS }, (_, t) => [tokenOf(tenantKey(t)), tenantKey(t)]),
  );
  const keys = Array.from({ length: TENANTS }, (_, t) => tenantKey(t));
  const services = await forkServices(
    { speed: SPEED, tokens },
    {
      ...(SLACK_LIMITS > 0 ? { limits: { scale: SLACK_LIMITS } } : {}),
      workspaceTokens: Object.fromEntries(keys.map((key) => [slackTokenOf(key), key])),
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-bench-tenants-'));
  const stores = await openStore({ kind: 'sqlite', path: join(dir, 'bench.db') });
  const logger = pino({ level: process.env.BENCH_LOG ?? 'error' });
  const accounts = new DubbingAccounts({
    baseUrl: services.serviceUrl,
    budget: new RequestBudget(RPS),
    base: new Agent({ keepAliveTimeout: 10_000 }),
    installations: { dubbingToken: async (key: string) => tokenOf(key) },
    mediaPollMs: POLL.minMs,
  });
  /** Per target: when its dub was asked for, and its channel. */
  const asked = new Map<string, { at: number; channel: string }>();
  const startDelays: number[] = [];
  /** Per light tenant's project: its StatusDelays. */
  const lightProjects = new Map<string, StatusDelays>();
  const lightStoreTimes: number[] = [];
  const lightDelays: StatusDelays[] = [];
  const graphs = [];
  for (let t = 0; t < TENANTS; t++) {
    const key = tenantKey(t);
    const light = t !== 0;
    const store = stores.tenant(key);
    if (light) timeStore(store, lightStoreTimes);
    const { service, lastSeen } = measured(await accounts.of(key));
    const statusDelays = new StatusDelays(lastSeen);
    if (light) lightDelays.push(statusDelays);
    statusDelays.wrapStore(store);
    const slack = new WebClient(slackTokenOf(key), {
      slackApiUrl: services.slackApiUrl,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: 10_000,
    });
    statusDelays.wrapSlack(slack);
    // Its project created: the start delay ends, and the status delays begin.
    const setTargetProject = store.setTargetProject.bind(store);
    store.setTargetProject = async (targetId, projectId, now) => {
      await setTargetProject(targetId, projectId, now);
      const ask = asked.get(targetId);
      if (!ask) return;
      if (light) {
        startDelays.push(Date.now() - ask.at);
        lightProjects.set(projectId, statusDelays);
      }
      statusDelays.track(projectId, targetId, ask.channel, Date.now());
    };
    const drawer = new ThreadDrawer({
      store,
      describe: (s) => service.describeStatus(s),
      parts: messageParts,
    });
    const deliverer = new Deliverer({
      store, slack, dubbing: service, logger, channelPaceMs: SLACK_PACE_MS, settleMs: 12_000, owner: 'bench',
    }); // biome-ignore format: compact
    const refuse = async (job: { id: string }) => {
      throw new Error(`job ${job.id} is a request; the bench records none`);
    };
    const starter = new JobStarter({
      store, dubbing: service, drawer, logger, botToken: slackTokenOf(key), maxFileBytes: 1, extraSlackHosts: [],
      onDeliveries: () => deliverer.wake(), admit: refuse, refuse,
    }); // biome-ignore format: compact
    const tracker = new Tracker({
      store, dubbing: service, drawer, starter, logger, owner: 'bench', polling: POLL, sweepEveryMs: SWEEP_MS,
      onDeliveries: () => deliverer.wake(),
    }); // biome-ignore format: compact
    graphs.push({ key, store, tracker, deliverer, jobs: light ? JOBS : withHeavy ? HEAVY * JOBS : 0 });
  }
  for (const g of graphs) {
    g.deliverer.start();
    g.tracker.start();
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = Date.now();
  // Every workspace's jobs spread evenly over the ramp, each asked for at its own moment.
  const asks = graphs.flatMap((g) =>
    Array.from({ length: g.jobs }, (_, i) => ({ g, i, at: started + ((i + 0.5) * RAMP_MS) / g.jobs })),
  );
  asks.sort((a, b) => a.at - b.at);
  for (const { g, i, at } of asks) {
    if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
    await askForDub(g.store, g.key, i, asked);
    g.tracker.wake();
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())));
  for (const g of graphs) await g.tracker.stop();
  for (const g of graphs) await g.deliverer.stop();
  const until = Date.now();
  loop.disable();
  const projects = [...lightProjects.keys()];
  const { histories, limited } = await services.report(projects);
  await accounts.close();
  await stores.close();
  rmSync(dir, { recursive: true, force: true });

  const statusDelays: number[] = [];
  let unshown = 0;
  projects.forEach((id, i) => {
    const every = lightProjects.get(id)!.everyChange(id, histories[i] as StatusEntered[], until);
    statusDelays.push(...every.delays);
    unshown += every.unshown;
  });
  const lightAsked = (TENANTS - 1) * JOBS;
  // A job whose project was never created counts at the whole window (a lower bound of its delay).
  while (startDelays.length < lightAsked) startDelays.push(until - started);
  return {
    startP95: p95(startDelays),
    statusP95: p95(statusDelays),
    starts: lightProjects.size,
    changes: statusDelays.length,
    unshown,
    storeP95: p95(lightStoreTimes) * 1000,
    outboxP95: p95(lightDelays.flatMap((d) => d.outboxWaits)),
    limitedOthers: keys.slice(1).reduce((sum, key) => sum + (limited[key] ?? 0), 0),
    limitedHeavy: limited[keys[0]!] ?? 0,
    loopP95: loop.percentile(95) / 1e6,
    load: loadavg()[0]!,
  };
}

/** A /dub of a link as the command records it once Start is pressed: the job starting, one language. */
async function askForDub(
  store: Store,
  key: string,
  i: number,
  asked: Map<string, { at: number; channel: string }>,
): Promise<void> {
  const now = Date.now();
  const { job } = await store.createJob(
    {
      triggerKey: `bench:${key}:${i}`,
      channel: `C${key}${i}`,
      threadTs: `1700000000.${String(i).padStart(6, '0')}`,
      userId: 'U1',
      source: { kind: 'link', link: LINK },
      title: `bench ${key} ${i}`,
    },
    now,
  );
  await store.startJob(job.id, { dstLangs: ['es'], srcLang: null, numSpeakers: null }, now);
  for (const target of await store.targetsOf(job.id)) asked.set(target.id, { at: now, channel: job.channel });
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

console.log(
  `tenants bench: ${TENANTS} workspaces (each its own account and graph), ${JOBS} dubs each over ${RAMP_MS / 1000} s; ` +
    `the heavy workspace ${HEAVY}× that (${HEAVY * JOBS}); emulator speed ${SPEED}, budget ${RPS} requests/s per ` +
    `the app's default, polling ${POLL.minMs / 1000}–${POLL.maxMs / 1000} s, sweeps every ${SWEEP_MS / 1000} s, window ${WINDOW_MS / 1000} s, ${ROUNDS} rounds alternated; ` +
    (SLACK_LIMITS > 0 ? `Slack's rate limits per workspace ×${SLACK_LIMITS}` : `no Slack rate limits`),
);
const figures: Record<'with' | 'without', RunFigures[]> = { with: [], without: [] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [true, false] : [false, true];
  for (const withHeavy of order) {
    const f = await run(withHeavy);
    figures[withHeavy ? 'with' : 'without'].push(f);
    console.log(
      `  round ${round + 1} ${withHeavy ? 'WITH the heavy one   ' : 'WITHOUT the heavy one'}: the others' p95 start ${f.startP95.toFixed(2)} s ` +
        `(${f.starts}/${(TENANTS - 1) * JOBS} started) · p95 status ${f.statusP95.toFixed(2)} s (${f.changes} changes, ${f.unshown} not shown by the end) · ` +
        `event-loop delay p95 ${f.loopP95.toFixed(0)} ms · load ${f.load.toFixed(1)}\n` +
        `      the others' store calls p95 ${f.storeP95.toFixed(1)} ms · their outbox wait p95 ${f.outboxP95.toFixed(2)} s · ` +
        `Slack 429s: the others ${f.limitedOthers}, the heavy one ${f.limitedHeavy}`,
    );
  }
}
type Measure = 'startP95' | 'statusP95' | 'storeP95' | 'outboxP95';
const med = (side: 'with' | 'without', k: Measure) => median(figures[side].map((f) => f[k]));
/** Each round's WITH over WITHOUT, in the order they ran. */
const perRound = (k: Measure) =>
  figures.with.map((f, i) => (f[k] / figures.without[i]![k]).toFixed(2)).join(', ');
let met = true;
for (const [k, label] of [
  ['startP95', 'p95 start delay '],
  ['statusP95', 'p95 status delay'],
] as const) {
  const ratio = med('with', k) / med('without', k);
  const ok = ratio <= 1.1;
  met &&= ok;
  console.log(
    `the others' ${label}: WITH ${med('with', k).toFixed(2)} s · WITHOUT ${med('without', k).toFixed(2)} s (medians of ${ROUNDS}) · ratio ${ratio.toFixed(2)} (goal ≤ 1.10) ${ok ? 'PASS' : 'MISSED'} · rounds ${perRound(k)}`,
  );
}
for (const [k, label, unit, digits] of [
  ['storeP95', 'store calls p95  ', 'ms', 1],
  ['outboxP95', 'outbox wait p95  ', 's', 2],
] as const)
  console.log(
    `the others' ${label}: WITH ${med('with', k).toFixed(digits)} ${unit} · WITHOUT ${med('without', k).toFixed(digits)} ${unit} · ratio ${(med('with', k) / med('without', k)).toFixed(2)} · rounds ${perRound(k)}`,
  );
process.exit(met ? 0 : 1);
