// Vitest global setup: one real PostgreSQL server for the whole test run, on a free port of 127.0.0.1, its data
// in a temporary folder; tests make a database each (postgres.ts). Stopped and removed when the run ends.
// The server runs in a child process (postgres-process.ts), never in the vitest process itself, whose exit
// code must stay vitest's own.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres({ persistent: false });
  project.provide('postgresUrl', server.url);
  return () => server.close();
}

export interface PostgresServer {
  url: string;
  /** Stops the server, keeping its data when started with `persistent`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server for good and removes its data. */
  close(): Promise<void>;
}

export async function startPostgres(options: { persistent: boolean }): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-postgres-'));
  // Run as root, the server runs as a user of its own, which must be able to make its data folder here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    process.execPath,
    [
      join(import.meta.dirname, 'postgres-process.ts'),
      JSON.stringify({ dir: join(dir, 'data'), port, persistent: options.persistent }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const answer = async (expected: string): Promise<void> => {
    const next = await lines.next();
    if (next.done || next.value !== expected) {
      throw new Error(
        `the PostgreSQL process answered ${next.done ? 'nothing' : next.value}, not ${expected}`,
      );
    }
  };
  await answer('started');
  return {
    url: `postgres://dubkit:dubkit@127.0.0.1:${port}/postgres`,
    stop: async () => {
      child.stdin.write('stop\n');
      await answer('stopped');
    },
    start: async () => {
      child.stdin.write('start\n');
      await answer('started');
    },
    close: async () => {
      child.stdin.end();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
