// @dubkit/core against baselines on loopback, in one run: projects.get throughput at concurrency 1 and 32 vs a
// bare undici `request` loop (goal ≥ 0.9×), and a 1 GiB upload: peak RSS increase (goal < 100 MB) and
// throughput vs `curl -F` to the same endpoint (goal ≥ 0.8×). The server runs in a child process so that it
// does not share the client's event loop or memory figures. `--throughput-only` leaves out the upload.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DubbingClient } from '@dubkit/core';
import { Agent, request } from 'undici';
import { median } from './measure.ts';

const PROJECT_ID = '11111111-2222-4333-8444-555555555555';
const GIB = 1024 ** 3;
const RUN_MS = 300;
/** The machine may be shared: runs alternate between baseline and client, and the best of each counts. */
const ROUNDS = 31;
const UPLOAD_ROUNDS = 4;
const WARMUP_MS = 500;

/**
 * This process's CPU time per request (µs) of each run, by label: unlike the rate, it leaves out the server's
 * and the other processes' share of the machine's two cores.
 */
const cpuPerRequest = new Map<string, number[]>();

if (process.argv.includes('--serve')) serve();
else await main();

/** The stand-in service: a fixed project for GET, and a media endpoint that reads and discards the upload. */
function serve(): void {
  const projectBody = Buffer.from(
    JSON.stringify({
      id: PROJECT_ID,
      name: 'benchmark project',
      source_type: 'local',
      created_at: '2026-01-01T00:00:00Z',
      status: 'translation_done',
      status_updated_at: '2026-01-01T00:05:00Z',
      cover: 'https://files.example/cover.jpg',
      src_lang: 'en',
      dst_lang: 'es',
      num_speakers: 2,
      duration: 123.4,
      original_duration: 123.4,
      original_video: 'https://files.example/original.mp4',
      transcript_id: '22222222-2222-4333-8444-555555555555',
      voice: { SPEAKER_00: 'voice-a', SPEAKER_01: 'voice-b' },
    }),
  );
  const mediaBody = Buffer.from(
    JSON.stringify({
      kind: 'video',
      status: 'processing',
      mime_type: 'video/mp4',
      user_id: PROJECT_ID,
      meta: null,
      id: '33333333-2222-4333-8444-555555555555',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      path: 'media/upload.mp4',
    }),
  );
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/v2/projects/')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': projectBody.length });
      res.end(projectBody);
      return;
    }
    if (req.method === 'POST' && req.url?.startsWith('/api/library/v1/media')) {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-received-bytes': String(received) });
        res.end(mediaBody);
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  });
  process.on('disconnect', () => process.exit(0));
}

async function startServerProcess(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Requests completed per second by `concurrency` loops calling `once` for `ms`. */
async function throughput(
  once: () => Promise<unknown>,
  concurrency: number,
  ms: number,
  label?: string,
): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await once();
        done++;
      }
    }),
  );
  if (label) {
    const cpu = process.cpuUsage(cpuBefore);
    cpuPerRequest.set(label, [...(cpuPerRequest.get(label) ?? []), (cpu.user + cpu.system) / done]);
  }
  return done / ((performance.now() - start) / 1000);
}

/** `rounds` pairs [baseline, ours], run back to back, the order swapped every round so neither always goes first. */
async function paired(
  rounds: number,
  baseline: () => Promise<number>,
  ours: () => Promise<number>,
): Promise<[number, number][]> {
  const pairs: [number, number][] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) pairs.push([await baseline(), await ours()]);
    else {
      const second = await ours();
      pairs.push([await baseline(), second]);
    }
  }
  return pairs;
}

/** "median (min–max)" of a series of rates. */
function summary(values: number[]): string {
  return `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
}

function mib(bytes: number): number {
  return bytes / 1024 ** 2;
}

function verdict(pass: boolean): string {
  if (!pass) process.exitCode = 1;
  return pass ? 'PASS' : 'FAIL';
}

async function main(): Promise<void> {
  const server = await startServerProcess();
  const client = new DubbingClient({ baseUrl: server.url, token: 'bench-token', env: {}, logLevel: 'off' });
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const projectUrl = `${server.url}/v2/projects/${PROJECT_ID}`;
  const bare = async () => {
    const { body } = await request(projectUrl, {
      dispatcher: agent,
      headers: { authorization: 'Bearer bench-token', accept: 'application/json' },
    });
    return body.json();
  };
  const viaClient = () => client.projects.get(PROJECT_ID);

  try {
    console.log(
      `projects.get throughput: ${ROUNDS} pairs of ${RUN_MS / 1000} s runs, order alternating; ` +
        'ratio = median of the pairs (the machine may be shared, so only runs side by side are compared)',
    );
    for (const concurrency of [1, 32]) {
      await throughput(bare, concurrency, WARMUP_MS);
      await throughput(viaClient, concurrency, WARMUP_MS);
      const pairs = await paired(
        ROUNDS,
        () => throughput(bare, concurrency, RUN_MS, `bare ${concurrency}`),
        () => throughput(viaClient, concurrency, RUN_MS, `client ${concurrency}`),
      );
      const ratio = median(pairs.map(([baseline, ours]) => ours / baseline));
      const bareCpu = cpuPerRequest.get(`bare ${concurrency}`)!;
      const clientCpu = cpuPerRequest.get(`client ${concurrency}`)!;
      const cpuRatio = median(clientCpu.map((cpu, round) => cpu / bareCpu[round]!));
      console.log(
        `  concurrency ${String(concurrency).padStart(2)}: undici request ${summary(pairs.map((p) => p[0]))}/s, ` +
          `client ${summary(pairs.map((p) => p[1]))}/s, ratio ${ratio.toFixed(2)} (goal ≥ 0.90) ${verdict(ratio >= 0.9)}; ` +
          `this process's CPU per request: undici ${median(bareCpu).toFixed(1)} µs, client ${median(clientCpu).toFixed(1)} µs ` +
          `(client/undici ${cpuRatio.toFixed(2)}, median of the pairs)`,
      );
    }

    if (process.argv.includes('--throughput-only')) return;
    const dir = await mkdtemp(join(tmpdir(), 'dubkit-core-bench-'));
    try {
      const file = join(dir, 'upload.mp4');
      const handle = await open(file, 'w');
      await handle.truncate(GIB); // sparse: zeros that cost no disk
      await handle.close();

      console.log(
        `upload of a 1 GiB file: ${UPLOAD_ROUNDS} pairs, order alternating; ratio = median of the pairs`,
      );
      let peakIncrease = 0;
      const viaClientUpload = async () => {
        (globalThis as { gc?: () => void }).gc?.();
        const before = process.memoryUsage.rss();
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage.rss());
        }, 10);
        const start = performance.now();
        const response = await client.media.upload(file).withResponse();
        const seconds = (performance.now() - start) / 1000;
        clearInterval(sampler);
        peakIncrease = Math.max(peakIncrease, Math.max(peak, process.memoryUsage.rss()) - before);
        const received = Number(response.headers['x-received-bytes']);
        if (received < GIB)
          throw new Error(`the server received ${received} bytes, expected more than ${GIB}`);
        return mib(GIB) / seconds;
      };
      const viaCurl = async () => {
        const start = performance.now();
        const curl = spawnSync(
          'curl',
          [
            '-sS',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code}',
            '-H',
            'Authorization: Bearer bench-token',
            '-F',
            `data=@${file}`,
            `${server.url}/api/library/v1/media`,
          ],
          { encoding: 'utf8', timeout: 120_000 },
        );
        if (curl.status !== 0 || curl.stdout !== '200')
          throw new Error(`curl failed: ${curl.stderr || curl.stdout}`);
        return mib(GIB) / ((performance.now() - start) / 1000);
      };
      const pairs = await paired(UPLOAD_ROUNDS, viaCurl, viaClientUpload);
      const ratio = median(pairs.map(([curl, ours]) => ours / curl));
      console.log(
        `  peak RSS increase during client upload: ${mib(peakIncrease).toFixed(1)} MiB (goal < 100 MB) ` +
          verdict(peakIncrease < 100e6),
      );
      console.log(
        `  throughput: curl -F ${summary(pairs.map((p) => p[0]))} MiB/s, client ${summary(pairs.map((p) => p[1]))} MiB/s, ` +
          `ratio ${ratio.toFixed(2)} (goal ≥ 0.80) ${verdict(ratio >= 0.8)}`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await client.close();
    await agent.close();
    server.stop();
  }
}
