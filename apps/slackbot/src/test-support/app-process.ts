// The app as its own process (`node src/main.ts`), configured from the environment like production, for the
// tests that kill it: stopping it is a SIGKILL, with no chance to clean up.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Stage, StartedApp } from '@dubkit/slack-sandbox';
import { loadConfig } from '../config.ts';
import { LAST_RESORT } from '../startup/last-resort.ts';
import { openStore } from '../store/open.ts';
import { drained } from './stage.ts';

export interface AppProcess extends StartedApp {
  eventsUrl: string;
  child: ChildProcess;
  /** Lines the process logged from its last-resort guard (an unhandled rejection): a bug if any. */
  readonly lastResorts: string[];
}

const LISTEN_TIMEOUT_MS = 15_000;

/** Starts `node src/main.ts` on a free port with `env` and waits until it answers on /slack/events. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Passed on as it comes; the guard's lines are kept besides.
  const lastResorts: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    lastResorts.push(...lines.filter((line) => line.includes(LAST_RESORT)));
  });
  const eventsUrl = `http://127.0.0.1:${port}/slack/events`;
  try {
    await untilListening(child, eventsUrl);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    eventsUrl,
    child,
    lastResorts,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
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

/** Waits (at most 15 s) until the app answers; fails at once if it exited. */
async function untilListening(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const answered = await fetch(url, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${LISTEN_TIMEOUT_MS} ms waiting for the app to listen`);
}

/**
 * `drained` for an app in its own process: its database opened beside it (the store allows a second reader),
 * read until the job has nothing left to deliver or track, then closed.
 */
export async function drainedOnDisk(
  stage: Stage<AppProcess>,
  jobId: string,
  timeoutMs = 20_000,
): Promise<void> {
  const stores = await openStore(loadConfig(stage.env).store);
  try {
    await drained(() => stores.tenant(stage.slack.teamId), jobId, timeoutMs);
  } finally {
    await stores.close();
  }
}
