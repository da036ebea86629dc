import { defineProject } from 'vitest/config';

// The fake talks to real clients over loopback; on a busy 2-core CI runner a test can take longer than 5 s.
export default defineProject({
  test: { name: 'slack-sandbox', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
