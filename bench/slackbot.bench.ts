// Slack app at scale: 10,000 active jobs tracked by one process. The service emulator and the fake Slack run
// in a child process (so that their memory is not counted); this process runs the app's real tracker,
// deliverer, request budget and SQLite store against them, with the emulator's stage durations and the
// polling intervals scaled down together. Over a fixed window it reports service requests per job and per
// status change, Slack calls per job, the p95 delay from a status change in the service to the Slack update,
// and peak RSS; and, as the baseline measured in the same run, a naive bot polling a cohort of projects at a
// fixed interval. Run after a build: `node slackbot.bench.ts` (from bench/), or `pnpm bench slackbot`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DubbingClient } from '@dubkit/core';
import { mapLimit } from './processes.ts';
import { changesBetween, POLL, REQUESTS_PER_SECOND, SPEED, TOKEN } from './scaled-dub.ts';
import { forkServices } from './services-child.ts';
import { serviceChanges, trackedApp } from './tracked-app.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const BASELINE_JOBS = Number(process.env.BENCH_BASELINE_JOBS ?? 500);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 30_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 85_000);
await runBench();

async function runBench(): Promise<void> {
  const ready = await forkServices({ speed: SPEED });
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-bench-'));
  const client = new DubbingClient({ baseUrl: ready.serviceUrl, token: TOKEN, env: {} });
  console.log(
    `slackbot bench: ${JOBS} jobs starting over ${RAMP_MS / 1000} s (+${BASELINE_JOBS} for the baseline), emulator speed ${SPEED}, ` +
      `polling ${POLL.minMs / 1000}–${POLL.maxMs / 1000} s, budget ${REQUESTS_PER_SECOND}/s, window ${WINDOW_MS / 1000} s`,
  );
  const media = await client.media.uploadLink({
    link: 'https://www.youtube.com/watch?v=bench',
    name: 'bench',
  });
  await client.media.waitUntilReady(media.id, { intervalMs: 100 });

  // The app's side: the real store, tracker and deliverer, measured through thin wrappers.
  const app = await trackedApp({
    serviceUrl: ready.serviceUrl,
    slackApiUrl: ready.slackApiUrl,
    dir,
    requestsPerSecond: REQUESTS_PER_SECOND,
    tracker: { polling: POLL },
  });
  const { counts, firstStatus, statusDelays } = app;
  const mediaRef = { id: media.id, link: 'https://www.youtube.com/watch?v=bench' };

  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 200);
  const started = Date.now();
  app.start();
  const baselineIds = await mapLimit(BASELINE_JOBS, 16, () =>
    client.projects.create({ video_id: media.id, dst_lang: 'es', name: 'baseline' }).then((p) => p.id),
  );
  const baseline = naiveBaseline(client, baselineIds, POLL.minMs, started + WINDOW_MS);
  // Jobs arrive over the ramp, as people start them; each is tracked from its project's creation.
  const projects = await mapLimit(JOBS, 16, async (i) => {
    const due = started + (RAMP_MS * i) / JOBS;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const project = await client.projects.create({ video_id: media.id, dst_lang: 'es', name: `bench ${i}` });
    await app.register(i, project.id, mediaRef);
    return project.id;
  });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())));
  await app.stop();
  const naive = await baseline;
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  const changes = await serviceChanges(client, projects, firstStatus);
  const { calls } = await ready.report();
  await app.stores.close();
  rmSync(dir, { recursive: true, force: true });

  const slackCalls = Object.values(calls).reduce((a, b) => a + b, 0);
  const requests = counts.polls + counts.segments;
  const pct = (q: number) => statusDelays.percentile(q);
  const perChange = requests / Math.max(1, changes);
  const naivePerChange = naive.requests / Math.max(1, naive.changes);
  console.log(
    `window ${elapsed.toFixed(1)} s · ${firstStatus.size} jobs tracked · status changes in the service while tracked: ${changes}`,
  );
  console.log(
    `service requests (polls + transcriptions): ${requests} (${(requests / elapsed).toFixed(0)}/s) · per job ${(requests / JOBS).toFixed(2)} ` +
      `(+1 project creation) · per status change ${perChange.toFixed(2)} (goal ≤ 2)`,
  );
  console.log(
    `Slack calls: ${slackCalls} · per job ${(slackCalls / JOBS).toFixed(2)} · ${JSON.stringify(calls)}`,
  );
  console.log(
    `delay from a status change in the service to its Slack update: p50 ${pct(0.5).toFixed(2)} s · p95 ${pct(0.95).toFixed(2)} s ` +
      `over ${statusDelays.delays.length} updates (goal < cap ${POLL.maxMs / 1000} s + 2 s)`,
  );
  console.log(
    `peak RSS: ${(peakRss / 1024 ** 2).toFixed(0)} MB (goal < 500 MB) · live heap after the run ${(heapAfter / 1024 ** 2).toFixed(0)} MB`,
  );
  console.log(
    `baseline, a bot polling every ${POLL.minMs / 1000} s (${BASELINE_JOBS} projects): ${naivePerChange.toFixed(2)} requests per status change · ` +
      `ratio dubkit/baseline ${(perChange / naivePerChange).toFixed(2)}`,
  );
  const ok = perChange <= 2 && pct(0.95) * 1000 < POLL.maxMs + 2_000 && peakRss < 500 * 1024 ** 2;
  console.log(ok ? 'all goals met' : 'GOAL MISSED');
  process.exit(ok ? 0 : 1);
}

/** What a simple bot does: poll every project at a fixed interval until the deadline. */
async function naiveBaseline(client: DubbingClient, ids: string[], intervalMs: number, until: number) {
  let requests = 0;
  let changes = 0;
  const last = new Map<string, string>();
  while (Date.now() < until) {
    const round = Date.now();
    await mapLimit(ids.length, 16, async (i) => {
      const id = ids[i]!;
      const project = await client.projects.get(id);
      requests++;
      const before = last.get(id);
      const status = project.status ?? '';
      if (before !== undefined && before !== status) changes += Math.max(1, changesBetween(before, status));
      last.set(id, status);
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - round))));
  }
  return { requests, changes };
}
