// Tracking policies side by side on the emulator's timing model (stages that take time in proportion to the
// video, vary per project, sometimes run slow, and queue while the service is busy). Each policy follows the
// same seeded workload — JOBS jobs on videos of mixed lengths, started over a ramp — through the app's real
// tracker, store, deliverer and request budget, against a fresh emulator and fake Slack in a child process:
//   · list sweeps (the app's default since issue 40: the project list every 2 s down to the oldest project
//     followed, a project's own read only when it ended; per-project polls when those cost no more), on the
//     app's default request budget,
//   · the learning tracker (polls near the likely end of each status, from what it learned),
//   · the adaptive intervals it replaced (after a change as long as the last stage took, doubling while stable),
//   · fixed 10 s and 5 s pollers (the vendor's advice, and twice as often), through the same app so that their
//     delays are measured the same way.
// Each round runs every policy once, in an order reversed every other round (the machine is shared, and a later
// run may see it busier); a policy's figures are the medians of its rounds (BENCH_ROUNDS, at least 3 for a figure).
// Reported per policy: service requests (polls, list pages, transcription reads) per status change in the
// service (and, for list sweeps, the rounds that polled the due projects instead of sweeping), and the
// p50/p95/p99 delay from each status change in the service (its own history, so a status the app never saw
// counts too) to the first Slack update showing it or a later status; an SVG of the medians
// goes to docs/tracker-policies-<jobs>-jobs[-<model>].svg. Goal (issue 40), judged on list sweeps only:
// ≤ 0.25 requests per status change and p95 ≤ 3 s. `node tracker.bench.ts` from bench/ after a build, or
// `pnpm bench tracker`; BENCH_JOBS, BENCH_RAMP_MS, BENCH_WINDOW_MS, BENCH_ROUNDS and BENCH_POLICIES (e.g.
// `learning,fixed`) make it smaller. BENCH_MODEL=variable runs the emulator's model with σ 0.5 per stage, 5 %
// outliers and a queue (capacity a quarter of the jobs); BENCH_STAGE_SPREAD, BENCH_OUTLIER_RATE and
// BENCH_CAPACITY set each alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DubbingClient } from '@dubkit/core';
import { DEFAULT_STAGE_RATES, type StageRate } from '@dubkit/emulator';
import { Agent } from 'undici';
import { median, seededRandom } from './measure.ts';
import { scatterSvg } from './plot.ts';
import { mapLimit } from './processes.ts';
import { POLL, TOKEN } from './scaled-dub.ts';
import { forkServices } from './services-child.ts';
import { serviceChanges, type TrackerSettings, trackedApp } from './tracked-app.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 60_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 240_000);
/** Seed of the emulator's timing model and of which video each job dubs. */
const SEED = 29;
/** Videos of 30–300 s (the emulator derives a link's length from the link). */
const VIDEOS = 24;
/**
 * Requests per second for the per-project policies: enough that the fixed 5 s poller (JOBS / 5 per second) is
 * not held back. List sweeps get the app's own default.
 */
const BUDGET = Math.max(1_000, Math.ceil(JOBS / 5));
/** Every stage's cost × this (1: the emulator's defaults), to see how the policies fare on a slower service. */
const STAGE_SCALE = Number(process.env.BENCH_STAGE_SCALE ?? 1);
const STAGES = Object.fromEntries(
  Object.entries(DEFAULT_STAGE_RATES).map(([stage, rate]: [string, StageRate]) => [
    stage,
    { fixedMs: rate.fixedMs * STAGE_SCALE, msPerVideoSecond: rate.msPerVideoSecond * STAGE_SCALE },
  ]),
);
/** The emulator's timing model: its defaults, or the variable one of issue 40, each setting overridable. */
const VARIABLE = process.env.BENCH_MODEL === 'variable';
const MODEL = {
  stageSpread: Number(process.env.BENCH_STAGE_SPREAD ?? (VARIABLE ? 0.5 : 0.1)),
  outlierRate: Number(process.env.BENCH_OUTLIER_RATE ?? (VARIABLE ? 0.05 : 0.02)),
  capacity: Number(process.env.BENCH_CAPACITY ?? (VARIABLE ? Math.max(1, Math.floor(JOBS / 4)) : 5_000)),
};
const MODEL_NAME =
  MODEL.stageSpread === 0.1 && MODEL.outlierRate === 0.02 && MODEL.capacity === 5_000
    ? 'default'
    : `stage-sigma-${MODEL.stageSpread}-outliers-${MODEL.outlierRate}-capacity-${MODEL.capacity}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The app's own default request budget (SERVICE_REQUESTS_PER_SECOND) and sweep pace (TRACKER_SWEEP_MS). */
const APP_DEFAULT_BUDGET = 100;
const APP_SWEEP_MS = 2_000;
/** Issue 40's goal, for the policy it names. */
const GOAL = { policy: 'sweeps', perChange: 0.25, p95: 3 };

interface Policy {
  key: string;
  label: string;
  color: string;
  tracker: TrackerSettings;
  /** Its request budget, when not BUDGET. */
  budget?: number;
}

const POLICIES: Policy[] = [
  {
    key: 'sweeps',
    label: 'list sweeps',
    color: '#2e7d32',
    tracker: { polling: POLL, learn: true, sweepEveryMs: APP_SWEEP_MS },
    budget: APP_DEFAULT_BUDGET,
  },
  { key: 'learning', label: 'learning tracker', color: '#1565c0', tracker: { polling: POLL, learn: true } },
  {
    key: 'adaptive',
    label: 'adaptive intervals',
    color: '#ef6c00',
    tracker: { polling: POLL, learn: false },
  },
  {
    key: 'fixed',
    label: 'fixed 10 s poller',
    color: '#6d4c41',
    // The adaptive policy with floor = cap = 10 s and its jitter at the middle (×1): every 10 s exactly.
    tracker: { polling: { minMs: 10_000, maxMs: 10_000 }, learn: false, random: () => 0.5 },
  },
  {
    key: 'fixed5',
    label: 'fixed 5 s poller',
    color: '#8e24aa',
    tracker: { polling: { minMs: 5_000, maxMs: 5_000 }, learn: false, random: () => 0.5 },
  },
];

await runAll();

interface Result {
  policy: Policy;
  requests: number;
  /** Of the requests, list pages. */
  lists: number;
  /** Tracker rounds that polled the projects due one by one, a sweep costing more. */
  pollRounds: number;
  changes: number;
  perChange: number;
  p50: number;
  p95: number;
  p99: number;
  /** Status changes measured (every one the service made while tracked). */
  updates: number;
  /** Of those, changes that no Slack write showed before the window ended (counted up to its end). */
  unshown: number;
  slackCalls: number;
}

function line(r: Omit<Result, 'policy'>): string {
  return (
    `${r.requests} requests (${r.lists} list pages) for ${r.changes} status changes = ${r.perChange.toFixed(2)} per change · ` +
    (r.pollRounds > 0 ? `${r.pollRounds} rounds polled the due projects instead of sweeping · ` : '') +
    `delay p50 ${r.p50.toFixed(2)} s · p95 ${r.p95.toFixed(2)} s · p99 ${r.p99.toFixed(2)} s over ${r.updates} changes ` +
    `(${r.unshown} not yet shown at the end, counted to it) · ` +
    `${r.slackCalls} Slack calls`
  );
}

/** A policy's rounds summed up by the median of each figure. */
function medianOf(policy: Policy, rounds: Result[]): Result {
  const of = (pick: (r: Result) => number) => median(rounds.map(pick));
  return {
    policy,
    requests: of((r) => r.requests),
    lists: of((r) => r.lists),
    pollRounds: of((r) => r.pollRounds),
    changes: of((r) => r.changes),
    perChange: of((r) => r.perChange),
    p50: of((r) => r.p50),
    p95: of((r) => r.p95),
    p99: of((r) => r.p99),
    updates: of((r) => r.updates),
    unshown: of((r) => r.unshown),
    slackCalls: of((r) => r.slackCalls),
  };
}

async function runAll(): Promise<void> {
  const wanted = process.env.BENCH_POLICIES?.split(',');
  const policies = POLICIES.filter((p) => !wanted || wanted.includes(p.key));
  console.log(
    `tracker bench: ${JOBS} jobs over ${RAMP_MS / 1000} s on videos of 30–300 s, timing model seed ${SEED}, ` +
      `stage costs ×${STAGE_SCALE}, σ per stage ${MODEL.stageSpread}, outliers ${MODEL.outlierRate * 100} %, ` +
      `capacity before queueing ${MODEL.capacity} runs (${MODEL_NAME} model), window ${WINDOW_MS / 1000} s per run, ` +
      `${ROUNDS} rounds, policy order reversed every other round, polling ${POLL.minMs / 1000}–${POLL.maxMs / 1000} s`,
  );
  console.log(
    `request budget: list sweeps on the app's default, ${APP_DEFAULT_BUDGET}/s (SERVICE_REQUESTS_PER_SECOND); ` +
      `the per-project policies ${BUDGET}/s, so that none is held back (the app's default fills a fixed 10 s ` +
      `poller at ${APP_DEFAULT_BUDGET * 10} jobs)`,
  );
  const rounds = new Map<string, Result[]>(policies.map((p) => [p.key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? policies : [...policies].reverse();
    for (const policy of order) {
      const result = await runPolicy(policy);
      rounds.get(policy.key)!.push(result);
      console.log(`round ${round + 1}, ${policy.label}: ${line(result)}`);
    }
  }
  const results = policies.map((policy) => medianOf(policy, rounds.get(policy.key)!));
  console.log(`\nmedians of ${ROUNDS} rounds`);
  console.log('policy               requests/change   p50 s   p95 s   p99 s');
  for (const r of results) {
    console.log(
      `${r.policy.label.padEnd(20)} ${r.perChange.toFixed(2).padStart(15)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)}`,
    );
  }
  const svg = scatterSvg(
    results.map((r) => ({
      label: r.policy.label,
      x: r.perChange,
      p95: r.p95,
      p99: r.p99,
      color: r.policy.color,
    })),
    {
      title: `Status tracking, ${JOBS.toLocaleString('en')} jobs, ${MODEL_NAME} timing model${STAGE_SCALE === 1 ? '' : `, stages ×${STAGE_SCALE}`} (medians of ${ROUNDS} rounds)`,
      xLabel: 'service requests per status change',
      yLabel: 'delay from status change to Slack (s)',
      goalX: GOAL.perChange,
      goalY: GOAL.p95,
    },
  );
  const model = MODEL_NAME === 'default' ? '' : `-${MODEL_NAME}`;
  const name = `tracker-policies-${JOBS}-jobs${model}${STAGE_SCALE === 1 ? '' : `-stages-x${STAGE_SCALE}`}.svg`;
  writeFileSync(new URL(`../docs/${name}`, import.meta.url), svg);
  console.log(`plot: docs/${name}`);
  const judged = results.find((r) => r.policy.key === GOAL.policy);
  for (const key of ['learning', 'fixed', 'fixed5']) {
    const other = results.find((r) => r.policy.key === key);
    if (judged && other) {
      console.log(
        `${judged.policy.label} vs ${other.policy.label}: ${(judged.perChange / other.perChange).toFixed(2)}× the requests per change, ` +
          `p95 ${(judged.p95 / other.p95).toFixed(2)}× the delay`,
      );
    }
  }
  const goal = `≤ ${GOAL.perChange} requests per change, p95 ≤ ${GOAL.p95} s`;
  if (!judged) {
    console.log(`goal not judged (${goal}): ${GOAL.policy} was not among the policies run`);
    process.exit(0);
  }
  const ok = judged.perChange <= GOAL.perChange && judged.p95 <= GOAL.p95;
  const by = judged.policy.label;
  console.log(ok ? `goal met by ${by} (${goal})` : `GOAL MISSED by ${by} (${goal})`);
  process.exit(ok ? 0 : 1);
}

async function runPolicy(policy: Policy): Promise<Result> {
  const services = await forkServices({ timing: { model: 'media', seed: SEED, stages: STAGES, ...MODEL } });
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-tracker-bench-'));
  // Sockets let go well before the emulator's server closes an idle one (5 s): a project creation (a POST, never
  // retried) sent on a socket the server was closing at that moment failed a 10,000-job run.
  const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
  const client = new DubbingClient({ baseUrl: services.serviceUrl, token: TOKEN, env: {}, dispatcher });
  const videos = await mapLimit(VIDEOS, 8, async (k) => {
    const link = `https://www.youtube.com/watch?v=mix-${k}`;
    const media = await client.media.uploadLink({ link, name: `video ${k}` });
    await client.media.waitUntilReady(media.id, { intervalMs: 100 });
    return { id: media.id, link };
  });
  // The same video for job i under every policy.
  const random = seededRandom(SEED);
  const videoOf = Array.from({ length: JOBS }, () => videos[Math.floor(random() * VIDEOS)]!);
  const app = await trackedApp({
    serviceUrl: services.serviceUrl,
    slackApiUrl: services.slackApiUrl,
    dir,
    requestsPerSecond: policy.budget ?? BUDGET,
    tracker: policy.tracker,
  });

  const started = Date.now();
  app.start();
  const projects = await mapLimit(JOBS, 16, async (i) => {
    const due = started + (RAMP_MS * i) / JOBS;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const video = videoOf[i]!;
    // Named as the app names its projects (the job tag its sweeps filter the list by).
    const name = `bench ${i} [dk-bench-${i}-es-1]`;
    const project = await client.projects.create({ video_id: video.id, dst_lang: 'es', name });
    await app.register(i, project.id, video);
    return project.id;
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())));
  const until = Date.now();
  await app.stop();
  const changes = await serviceChanges(client, projects, app.firstStatus);
  const { calls, histories } = await services.report(projects);
  await app.stores.close();
  await dispatcher.close();
  rmSync(dir, { recursive: true, force: true });
  const requests = app.counts.polls + app.counts.lists + app.counts.segments;
  // Every change the service made while tracked, shown or skipped, until it or a later status reached Slack.
  const delays: number[] = [];
  let unshown = 0;
  projects.forEach((projectId, i) => {
    const measured = app.statusDelays.everyChange(projectId, histories[i]!, until);
    delays.push(...measured.delays);
    unshown += measured.unshown;
  });
  delays.sort((a, b) => a - b);
  const percentile = (q: number) =>
    (delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? Number.NaN) / 1000;
  return {
    policy,
    requests,
    lists: app.counts.lists,
    pollRounds: app.tracker.sweepCounts.pollRounds,
    changes,
    perChange: requests / Math.max(1, changes),
    p50: percentile(0.5),
    p95: percentile(0.95),
    p99: percentile(0.99),
    updates: delays.length,
    unshown,
    slackCalls: Object.values(calls).reduce((a, b) => a + b, 0),
  };
}
