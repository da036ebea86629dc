import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'glossary-csv', include: ['src/**/*.test.ts'] },
});
