// Prints vitest's totals as the one line CI reads: "N passed, N failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`0 passed, 1 failed`);
  console.error(`no vitest report at ${file}: ${error.message}`);
  process.exit(1);
}
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0);
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);
