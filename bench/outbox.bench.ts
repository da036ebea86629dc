// The Slack app's outbox under a 429 storm: the real app as its own process (`node apps/slackbot/src/main.ts`,
// configured from the environment), the emulator and the fake Slack in this process, /dub commands over several
// channels. It measures the delay from the service reaching `merging_done` (the project's status_updated_at) to
// the dubbed reply appearing in Slack, first without faults, then with one channel's every write answered 429
// (Retry-After) for the whole run: the other channels must not wait for it (goal: their p95 within 2 s of the
// fault-free p95). Also Slack calls per job. The emulator's stages and the app's polling, channel pace and
// write timeout are scaled down together by SCALE. Run: `node outbox.bench.ts` (from bench/), or
// `pnpm bench outbox`; needs @dubkit/slack-sandbox and the emulator built.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { DubbingClient } from '@dubkit/core';
import { type FakeSlack, keyOf, type SlackMessage, setStage, waitFor } from '@dubkit/slack-sandbox';

/** Time runs SCALE times faster than in production: the service's stages and every app interval alike. */
const SCALE = 20;
const CHANNELS = 6;
const JOBS_PER_CHANNEL = Number(process.env.BENCH_JOBS_PER_CHANNEL ?? 8);
const STORM_CHANNEL = 'CBENCH0';
/** The storm's Retry-After: Slack's usual answer to a burst is a few seconds; 2 s is already long at SCALE. */
const STORM_RETRY_AFTER_S = 2;
const APP_ENV = {
  POLL_MIN_MS: String(5_000 / SCALE),
  POLL_MAX_MS: String(60_000 / SCALE),
  SLACK_CHANNEL_PACE_MS: String(1_000 / SCALE),
  SLACK_WRITE_TIMEOUT_MS: String(10_000 / SCALE),
  SERVICE_REQUESTS_PER_SECOND: '100',
  LOG_LEVEL: 'error',
};
const APP_MAIN = new URL('../apps/slackbot/src/main.ts', import.meta.url).pathname;
const RUN_TIMEOUT_MS = 120_000;

interface RunResult {
  /** Delay (ms) per dubbed reply, by channel. */
  delays: Map<string, number[]>;
  slackCalls: Record<string, number>;
  /** Messages posted under a delivery key already posted (must stay 0). */
  duplicates: number;
  jobs: number;
  wallMs: number;
}

const quiet = await run(false);
const storm = await run(true);

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN) / 1000;
};
const others = (r: RunResult) => [...r.delays].filter(([c]) => c !== STORM_CHANNEL).flatMap(([, d]) => d);
const all = (r: RunResult) => [...r.delays.values()].flat();
const line = (label: string, values: number[]) =>
  `${label}: p50 ${pct(values, 0.5).toFixed(2)} s · p95 ${pct(values, 0.95).toFixed(2)} s · max ${pct(values, 1).toFixed(2)} s (${values.length} replies)`;
const calls = (r: RunResult) => {
  const total = Object.values(r.slackCalls).reduce((a, b) => a + b, 0);
  return `Slack calls per job ${(total / r.jobs).toFixed(2)} (${total} in all, 429s included) · messages posted twice: ${r.duplicates} · ${JSON.stringify(r.slackCalls)}`;
};

console.log(
  `outbox bench: ${CHANNELS} channels × ${JOBS_PER_CHANNEL} /dub jobs (one language), time scaled ×${SCALE} ` +
    `(emulator speed ${SCALE}, polling ${APP_ENV.POLL_MIN_MS}–${APP_ENV.POLL_MAX_MS} ms, channel pace ${APP_ENV.SLACK_CHANNEL_PACE_MS} ms, ` +
    `write timeout ${APP_ENV.SLACK_WRITE_TIMEOUT_MS} ms); delay = service at merging_done → dubbed reply in Slack`,
);
console.log(`without faults (${(quiet.wallMs / 1000).toFixed(1)} s)`);
console.log(`  ${line('all channels', all(quiet))}`);
console.log(`  ${calls(quiet)}`);
console.log(
  `with ${STORM_CHANNEL} under a 429 storm (every write, Retry-After ${STORM_RETRY_AFTER_S} s, until the other channels are done) (${(storm.wallMs / 1000).toFixed(1)} s)`,
);
console.log(`  ${line('other channels', others(storm))}`);
console.log(`  ${line(`${STORM_CHANNEL} (after the storm)`, storm.delays.get(STORM_CHANNEL) ?? [])}`);
console.log(`  ${calls(storm)}`);
const gap = pct(others(storm), 0.95) - pct(all(quiet), 0.95);
const ok = gap <= 2 && quiet.duplicates === 0 && storm.duplicates === 0;
console.log(
  `other channels' p95 − fault-free p95: ${gap.toFixed(2)} s (goal ≤ 2 s) · ${ok ? 'goal met' : 'GOAL MISSED'}`,
);
process.exit(ok ? 0 : 1);

/** One scene on a fresh stage: every job started, then waited for until each has its dubbed reply. */
async function run(withStorm: boolean): Promise<RunResult> {
  const started = Date.now();
  const stage = await setStage({ startApp: startApp, env: APP_ENV, emulator: { speed: SCALE } });
  const slack = stage.slack;
  const repliedAt = new Map<SlackMessage, number>();
  slack.on('message', (m) => {
    if (keyOf(m).startsWith('dubbed:')) repliedAt.set(m, Date.now());
  });
  const channels = Array.from({ length: CHANNELS }, (_, i) => `CBENCH${i}`);
  if (withStorm) {
    for (const method of ['chat.postMessage', 'chat.update', 'files.completeUploadExternal'])
      slack.faults.rateLimits.push({
        method,
        channel: STORM_CHANNEL,
        times: Number.MAX_SAFE_INTEGER,
        retryAfterSeconds: STORM_RETRY_AFTER_S,
      });
  }
  const jobs = CHANNELS * JOBS_PER_CHANNEL;
  try {
    // Commands arrive one after another, round the channels, as people type them.
    for (let j = 0; j < JOBS_PER_CHANNEL; j++)
      for (const [c, channel] of channels.entries()) {
        const res = await stage.driver.command({
          channel,
          user: `U${c}`,
          text: `https://vimeo.com/${c}${j}0 to es`,
        });
        if (res.status !== 200) throw new Error(`/dub answered ${res.status}`);
      }
    // A channel is done when each job has its dubbed reply and its subtitle files (so every call is counted).
    const done = (channel: string) =>
      [...repliedAt.keys()].filter((m) => m.channel === channel).length === JOBS_PER_CHANNEL &&
      slack.messages.filter((m) => m.channel === channel && m.bot_id && m.files?.length).length ===
        JOBS_PER_CHANNEL;
    const otherChannels = channels.filter((c) => !withStorm || c !== STORM_CHANNEL);
    await waitFor(() => otherChannels.every(done), RUN_TIMEOUT_MS, 'the dubbed replies');
    // The storm ends once the other channels are done; the storm channel then catches up.
    slack.faults.rateLimits.length = 0;
    await waitFor(() => done(STORM_CHANNEL), RUN_TIMEOUT_MS, 'the storm channel');
    const delays = await delaysOf(stage.serviceUrl, stage.serviceToken, slack, repliedAt);
    const slackCalls: Record<string, number> = {};
    for (const call of slack.calls) slackCalls[call.method] = (slackCalls[call.method] ?? 0) + 1;
    const keys = slack.messages.map(keyOf).filter((key) => key !== '');
    const duplicates = keys.length - new Set(keys).size;
    return { delays, slackCalls, duplicates, jobs, wallMs: Date.now() - started };
  } finally {
    await stage.close();
  }
}

/** Per channel, reply time minus the time its project reached merging_done in the service. */
async function delaysOf(
  serviceUrl: string,
  token: string,
  slack: FakeSlack,
  repliedAt: Map<SlackMessage, number>,
): Promise<Map<string, number[]>> {
  const client = new DubbingClient({ baseUrl: serviceUrl, token, env: {} });
  const delays = new Map<string, number[]>();
  for (const [reply, at] of repliedAt) {
    // The reply is in the thread its job's card opened; the card's key names the job, the job tag its project.
    const card = slack.message(reply.channel, reply.thread_ts ?? '');
    const jobId = card ? keyOf(card).slice('card:'.length) : '';
    const [project] = (await client.projects.list({ name: `dk-${jobId}-es-`, limit: 10 })).projects;
    if (!project) throw new Error(`no project for job ${jobId}`);
    const done = await client.projects.get(project.id);
    if (done.status !== 'merging_done') throw new Error(`project ${project.id} is ${done.status}`);
    const list = delays.get(reply.channel) ?? [];
    list.push(at - Date.parse(String(done.status_updated_at)));
    delays.set(reply.channel, list);
  }
  return delays;
}

/** The app as production runs it, from the environment, on a free port; resolves once it answers. */
async function startApp(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [APP_MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const eventsUrl = `http://127.0.0.1:${port}/slack/events`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const up = await fetch(eventsUrl, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the app did not listen within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    eventsUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL'); // nothing to keep: the stage's database goes with it
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
