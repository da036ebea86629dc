// @dubkit/cli: an upload through `dubkit dub` against `client.media.upload` alone, same file, same stand-in
// service, alternating in one process (goal: ≥ 0.95× the throughput; the progress bar must cost nothing
// measurable). `dubkit dub` runs in-process through `run()`, once drawing bars to a terminal stand-in and once
// writing plain lines as in a pipe. The service, in a child process, takes the upload and then answers at once
// (media ready, project done, no files to fetch), and measures each upload from its request's head to its last
// byte, so the figures compare the transfers themselves.
import { spawn } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from '@dubkit/cli';
import { DubbingClient } from '@dubkit/core';
import { median } from './measure.ts';

const SIZE = 256 * 1024 ** 2;
const ROUNDS = 31;
const MEDIA_ID = '33333333-2222-4333-8444-555555555555';
const PROJECT_ID = '11111111-2222-4333-8444-555555555555';

if (process.argv.includes('--serve')) serve();
else await main();

function serve(): void {
  const media = JSON.stringify({
    kind: 'video',
    status: 'ready',
    mime_type: 'video/mp4',
    user_id: PROJECT_ID,
    meta: null,
    id: MEDIA_ID,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    path: 'media/upload.mp4',
  });
  const project = JSON.stringify({
    id: PROJECT_ID,
    name: 'upload',
    source_type: 'local',
    created_at: '2026-01-01T00:00:00Z',
    status: 'merging_done',
    status_updated_at: '2026-01-01T00:05:00Z',
    src_lang: 'en',
    dst_lang: 'es',
  });
  // The last upload as this end saw it: from the request's head to its body's last byte.
  let last = { bytes: 0, ms: 0 };
  const server = createServer((req, res) => {
    const start = performance.now();
    if (req.url === '/_last-upload') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(last));
      return;
    }
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    req.on('end', () => {
      const upload = req.method === 'POST' && req.url?.startsWith('/api/library/v1/media');
      if (upload) last = { bytes: received, ms: performance.now() - start };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(upload || req.url?.startsWith('/api/library/v1/media') ? media : project);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
  process.on('disconnect', () => process.exit(0));
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(`${d}`.trim())),
  );
  const url = `http://127.0.0.1:${port}`;
  const dir = await mkdtemp(join(tmpdir(), 'dubkit-cli-bench-'));
  const client = new DubbingClient({ baseUrl: url, token: 'bench-token', env: {}, logLevel: 'off' });
  try {
    const file = join(dir, 'upload.mp4');
    const handle = await open(file, 'w');
    await handle.truncate(SIZE); // sparse: zeros that cost no disk
    await handle.close();

    // Throughput as the service measures it, from the upload request's head to its last byte: a dub's other
    // requests (media status, project creation, project status) are not the upload and are left out.
    // CPU time of this process per run beside it: on a shared machine the wall clock swings with the
    // neighbours' load, while the CPU a contender spends shows what the progress display itself costs.
    const cpu = new Map<string, number[]>();
    let measuring = '';
    const mibPerSecond = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      cpu.get(measuring)?.push((used.user + used.system) / 1e6);
      const upload = (await (await fetch(`${url}/_last-upload`)).json()) as { bytes: number; ms: number };
      if (upload.bytes < SIZE)
        throw new Error(`the service received ${upload.bytes} bytes, expected more than ${SIZE}`);
      return SIZE / 1024 ** 2 / (upload.ms / 1000);
    };
    const alone = () => mibPerSecond(() => client.media.upload(file));
    const dub = (terminal: boolean) => () =>
      mibPerSecond(async () => {
        // A terminal stand-in: cli-progress draws when the stream says it is a TTY, as in a real terminal.
        const stderr = Object.assign(new PassThrough(), { isTTY: terminal, columns: 120 });
        stderr.resume();
        const stdout = new PassThrough().resume();
        const code = await run(
          ['--base-url', url, '--interval', '10', 'dub', file, '--to', 'es', '--out', dir],
          {
            stdout,
            stderr,
            env: { DUBKIT_TOKEN: 'bench-token' },
            cwd: dir,
          },
        );
        if (code !== 0) throw new Error(`dubkit dub exited ${code}`);
      });
    const contenders: [string, () => Promise<number>][] = [
      ['client.media.upload', alone],
      ['dubkit dub, bars', dub(true)],
      ['dubkit dub, lines', dub(false)],
    ];
    // One warm-up each, then rounds in a rotating order so that none always runs first or last.
    for (const [, measure] of contenders) await measure();
    const rates = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
    const ratios = new Map<string, number[]>([
      ['dubkit dub, bars', []],
      ['dubkit dub, lines', []],
    ]);
    for (const [name] of contenders) cpu.set(name, []);
    for (let round = 0; round < ROUNDS; round++) {
      const results = new Map<string, number>();
      for (let i = 0; i < contenders.length; i++) {
        const [name, measure] = contenders[(round + i) % contenders.length]!;
        measuring = name;
        results.set(name, await measure());
      }
      for (const [name, rate] of results) rates.get(name)!.push(rate);
      for (const [name, list] of ratios) list.push(results.get(name)! / results.get('client.media.upload')!);
    }
    console.log(
      `upload of a 256 MiB file: ${ROUNDS} rounds after a warm-up, order rotating; ratio = median of the per-round ratios`,
    );
    for (const [name, list] of rates) {
      console.log(
        `  ${name.padEnd(20)} ${median(list).toFixed(0)} MiB/s (${Math.min(...list).toFixed(0)}–` +
          `${Math.max(...list).toFixed(0)}), CPU ${median(cpu.get(name)!).toFixed(2)} s per run`,
      );
    }
    for (const [name, list] of ratios) {
      const ratio = median(list);
      const pass = ratio >= 0.95;
      if (!pass) process.exitCode = 1;
      console.log(`  ${name}: ratio ${ratio.toFixed(2)} (goal ≥ 0.95) ${pass ? 'PASS' : 'FAIL'}`);
    }
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
    child.kill();
  }
}
