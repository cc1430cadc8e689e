// Prints the suite's outcome from vitest's JSON report: the failed tests by name, the slowest files, and last the
// plain line "tests: N passed, N failed, N skipped". Only the end of a CI log may be kept, so what went wrong and
// where the time went are said here, after everything else.
import fs from 'node:fs';
import path from 'node:path';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.log('tests: no report (the suite did not run; see the errors above)');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const root = process.cwd();
const where = (name) => path.relative(root, name);

for (const result of report.testResults) {
  for (const test of result.assertionResults.filter((one) => one.status === 'failed')) {
    const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
    console.log(`failed: ${where(result.name)} > ${test.fullName}\n  ${reason}`);
  }
  if (result.status === 'failed' && result.assertionResults.length === 0) {
    console.log(`failed: ${where(result.name)} (the file did not run)\n  ${String(result.message).split('\n')[0]}`);
  }
}

const slowest = report.testResults
  .map((result) => ({ name: where(result.name), seconds: (result.endTime - result.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 12);
console.log('slowest files:');
for (const one of slowest) console.log(`  ${one.seconds.toFixed(0).padStart(5)} s  ${one.name}`);

const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
