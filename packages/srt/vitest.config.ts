import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'srt', include: ['src/**/*.test.ts'] },
});
