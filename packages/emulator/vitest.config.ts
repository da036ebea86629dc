import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'emulator', include: ['src/**/*.test.ts'] },
});
