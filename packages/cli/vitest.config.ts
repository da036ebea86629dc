import { defineProject } from 'vitest/config';

export default defineProject({
  // The end-to-end tests run the built CLI in child processes against an emulator: each takes a few seconds.
  test: { name: 'cli', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 30_000 },
});
