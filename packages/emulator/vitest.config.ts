import { defineProject } from 'vitest/config';

export default defineProject({
  // Tests talk to real servers over loopback; on a busy 2-core CI runner a test can take longer than the default 5 s.
  test: { name: 'emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
