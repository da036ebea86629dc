import { defineConfig } from 'vitest/config';

// One run over every workspace project. CI also asks for a JSON report, from which .ci/run prints its totals line.
const report = process.env.DUBKIT_TEST_REPORT;

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
  },
});
