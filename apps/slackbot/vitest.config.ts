import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'slackbot', include: ['src/**/*.test.ts'] },
});
