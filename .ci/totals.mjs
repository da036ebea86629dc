// Prints vitest's totals as the one line CI reads: "N passed, N failed".
// A test file that failed to load has no test results of its own, so it counts as one failure.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`no vitest report at ${file}: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const brokenFiles = report.testResults.filter(
  (f) => f.status === 'failed' && f.assertionResults.length === 0,
);
const failed = report.numFailedTests + brokenFiles.length;
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);
