import { defineProject } from 'vitest/config';

// The property tests run thousands of hostile inputs each; on a loaded 2-core machine one can take several
// seconds, so they get a bounded but generous limit.
export default defineProject({
  test: { name: 'subtitles', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
