// The real app on a PostgreSQL server of its own, which a test stops and starts: for the record-before-ack
// tests, which prove what the app answers while its database is away.
import { afterAll, beforeAll } from 'vitest';
import { type PostgresServer, startPostgres } from './postgres-server.ts';
import { type AppStage, setAppStage } from './stage.ts';

export interface StoppableStage {
  stage: AppStage;
  postgres: PostgresServer;
}

/** Starts both before the file's tests and closes them after; read `.stage` and `.postgres` inside a test. */
export function appOnStoppablePostgres(): StoppableStage {
  const held = {} as StoppableStage;
  beforeAll(async () => {
    held.postgres = await startPostgres({ persistent: true });
    held.stage = await setAppStage({
      speed: 40,
      logLevel: 'fatal',
      env: { DATABASE_URL: held.postgres.url, DATABASE_POOL_SIZE: '2' },
    });
  }, 60_000);
  afterAll(async () => {
    await held.stage?.close();
    await held.postgres?.close();
  });
  return held;
}
