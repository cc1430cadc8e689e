// Prints the suite's outcome from vitest's JSON reports: the failed tests by name, the slowest files, and last the
// plain line "tests: N passed, N failed, N skipped". Only the end of a CI log may be kept, so what went wrong and
// where the time went are said here, after everything else. The first report is the README's test command's; any
// after it (the other Node lines') add their failures, each with its report's name.
import fs from 'node:fs';
import path from 'node:path';

const [file = 'test-results/vitest.json', ...others] = process.argv.slice(2);
const root = process.cwd();
const where = (name) => path.relative(root, name);

function printFailures(report, label) {
  for (const result of report.testResults) {
    for (const test of result.assertionResults.filter((one) => one.status === 'failed')) {
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      console.log(`failed${label}: ${where(result.name)} > ${test.fullName}\n  ${reason}`);
    }
    if (result.status === 'failed' && result.assertionResults.length === 0) {
      console.log(`failed${label}: ${where(result.name)} (the file did not run)\n  ${String(result.message).split('\n')[0]}`);
    }
  }
}

for (const other of others) {
  const label = ` (${path.basename(other, '.json')})`;
  if (fs.existsSync(other)) printFailures(JSON.parse(fs.readFileSync(other, 'utf8')), label);
  else console.log(`failed${label}: no report (those tests did not run; see the errors above)`);
}

if (!fs.existsSync(file)) {
  console.log('tests: no report (the suite did not run; see the errors above)');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
printFailures(report, '');

const slowest = report.testResults
  .map((result) => ({ name: where(result.name), seconds: (result.endTime - result.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 12);
console.log('slowest files:');
for (const one of slowest) console.log(`  ${one.seconds.toFixed(0).padStart(5)} s  ${one.name}`);

const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
