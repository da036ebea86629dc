// The Slack app's HTTP intake under a flood of stalled bodies (issue 23): 1,500 unsigned requests at once, each
// announcing 1 MiB and sending 1 MiB − 1 byte with a current timestamp, then left open. The receiver runs in a
// child process as the app builds it (the guard in front of Bolt's HTTPReceiver, /healthz and /readyz on the
// same port); a second child floods it (so that its writing does not delay this process), and this process
// polls /healthz every 100 ms and reads the receiver's RSS from /proc.
// Goals: RSS growth ≤ 256 MiB, every /healthz answered within 1 s, every stalled request closed by the app
// within 45 s. Baseline in the same run: the receiver without the bounds (no budget, no body timeout) under a
// tenth of the flood, to show what each stalled body cost before.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const BODY = 1024 * 1024;
const FLOOD = 1_500;
const GOAL_RSS_MIB = 256;
const GOAL_HEALTHZ_MS = 1_000;
const GOAL_CLOSED_MS = 45_000;

if (process.argv.includes('--serve')) await serve(process.argv.includes('--unbounded'));
else if (process.argv.includes('--flood')) sendFlood(Number(process.argv[3]), Number(process.argv[4]));
else await main();

/** Opens `count` stalled requests to `port`; tells the parent when each is closed, with the status it got. */
function sendFlood(port: number, count: number): void {
  const body = Buffer.alloc(BODY - 1, 97);
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1');
    let first = '';
    socket.on('data', (chunk: Buffer) => {
      if (first === '') first = chunk.toString('latin1', 0, 12);
    });
    socket.on('error', () => {});
    socket.on('close', () => process.send?.(first.slice(9, 12) || 'none'));
    socket.write(
      `POST /slack/events HTTP/1.1\r\nhost: x\r\ncontent-length: ${BODY}\r\nx-slack-request-timestamp: ${Math.floor(Date.now() / 1000)}\r\nx-slack-signature: v0=00\r\n\r\n`,
    );
    socket.write(body);
  }
}

async function serve(unbounded: boolean): Promise<void> {
  const { guardedReceiver, IntakeBudget } = await import('../apps/slackbot/src/slack/receiver.ts');
  const { withHealthRoutes } = await import('../apps/slackbot/src/health.ts');
  const pino = (await import('../apps/slackbot/node_modules/pino/pino.js')).default;
  const receiver = withHealthRoutes(
    guardedReceiver({
      signingSecret: 'bench-secret',
      logger: pino({ level: 'silent' }),
      boltLogger: undefined,
      ...(unbounded
        ? { budget: new IntakeBudget(Number.POSITIVE_INFINITY), bodyTimeoutMs: 10 * 60_000 }
        : {}),
    }),
    [{ name: 'database', check: () => {} }],
  );
  const server = (await receiver.start({ port: 0, host: '127.0.0.1' })) as import('node:http').Server;
  if (unbounded) {
    // The old server's own limits: Node's defaults.
    server.requestTimeout = 300_000;
    server.headersTimeout = 60_000;
    server.setTimeout(0);
  }
  process.send?.((server.address() as { port: number }).port);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function flood(count: number, unbounded: boolean) {
  const child = spawn(
    process.execPath,
    [import.meta.filename, '--serve', ...(unbounded ? ['--unbounded'] : [])],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  await sleep(500);
  const before = rssMiB(child.pid!);
  const started = Date.now();
  const closedAt: number[] = [];
  const statuses = new Map<string, number>();
  const flooder = spawn(process.execPath, [import.meta.filename, '--flood', String(port), String(count)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  flooder.on('message', (status) => {
    closedAt.push(Date.now() - started);
    statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
  });
  let peak = before;
  let slowest = 0;
  const window = unbounded ? 20_000 : 60_000;
  while (Date.now() - started < window && closedAt.length < count) {
    const asked = Date.now();
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      (r) => r.arrayBuffer().then(() => true),
      () => false,
    );
    slowest = Math.max(slowest, answered ? Date.now() - asked : 5_000);
    peak = Math.max(peak, rssMiB(child.pid!));
    await sleep(100);
  }
  const allClosedMs = closedAt.length === count ? Math.max(...closedAt) : undefined;
  child.kill('SIGKILL');
  flooder.kill('SIGKILL');
  return { growth: peak - before, slowest, allClosedMs, closed: closedAt.length, statuses };
}

async function main(): Promise<void> {
  const base = await flood(FLOOD / 10, true);
  console.log(
    `baseline (no bounds), ${FLOOD / 10} stalled 1 MiB bodies: RSS +${base.growth.toFixed(0)} MiB (${(base.growth / (FLOOD / 10)).toFixed(2)} MiB a body), slowest /healthz ${base.slowest} ms, ${base.closed} of ${FLOOD / 10} closed by the app within 20 s`,
  );
  const r = await flood(FLOOD, false);
  const statuses = [...r.statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
  console.log(
    `bounded, ${FLOOD} stalled 1 MiB bodies: RSS +${r.growth.toFixed(0)} MiB (goal ≤ ${GOAL_RSS_MIB}), slowest /healthz ${r.slowest} ms (goal ≤ ${GOAL_HEALTHZ_MS}), all closed by the app after ${r.allClosedMs ?? `— only ${r.closed}`} ms (goal ≤ ${GOAL_CLOSED_MS}); answers: ${statuses}`,
  );
  const met =
    r.growth <= GOAL_RSS_MIB && r.slowest <= GOAL_HEALTHZ_MS && (r.allClosedMs ?? Infinity) <= GOAL_CLOSED_MS;
  console.log(met ? 'goals met' : 'goal missed');
  process.exit(met ? 0 : 1);
}
