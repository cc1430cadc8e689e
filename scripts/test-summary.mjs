// Prints the suite's outcome as one plain line ("tests: N passed, N failed, N skipped") from vitest's JSON report.
import fs from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.log('tests: no report (the suite did not run; see the errors above)');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
