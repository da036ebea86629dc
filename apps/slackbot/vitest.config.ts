import { defineProject } from 'vitest/config';

// End-to-end tests run the emulator, a fake Slack and the app together; on a loaded 2-core CI machine a
// scenario can take many seconds, so every test gets a bounded but generous limit. One real PostgreSQL
// server serves the whole run (src/test-support/postgres-server.ts).
export default defineProject({
  test: {
    name: 'slackbot',
    include: ['src/**/*.test.ts', 'demo/**/*.test.ts'],
    globalSetup: ['src/test-support/postgres-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
