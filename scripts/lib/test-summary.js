'use strict';
// The counts of several Jest runs and the one summary `npm test` prints for all of them
// (scripts/test.js): its `Tests:` line is the one `.ci/run` reads, in Jest's own words.

/**
 * What one Jest run counted, from its `--json` report (null when Jest wrote none: it failed before
 * running anything) and whether it exited 0. A run that failed without a failed test (a global
 * setup that threw, a suite that could not load) counts as one failure, so no failure goes unseen.
 */
function countsOf(report, exitedOk) {
  if (report === null) return { passed: 0, failed: exitedOk ? 0 : 1, skipped: 0, suites: 0, suitesFailed: 0 };
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  return {
    passed: report.numPassedTests,
    failed: failed > 0 || exitedOk ? failed : 1,
    skipped: report.numPendingTests + report.numTodoTests,
    suites: report.numTotalTestSuites,
    suitesFailed: report.numFailedTestSuites,
  };
}

/** The closing lines for runs `{ label, ok, counts }`: each run's verdict, then Jest's two totals. */
function summaryOf(runs) {
  const sum = (key) => runs.reduce((total, { counts }) => total + counts[key], 0);
  const some = (n, word) => (n > 0 ? `${n} ${word}, ` : '');
  const [suites, suitesFailed] = [sum('suites'), sum('suitesFailed')];
  const [passed, failed, skipped] = [sum('passed'), sum('failed'), sum('skipped')];
  return [
    runs.map(({ label, ok }) => `${label}: ${ok ? 'passed' : 'FAILED'}`).join('; '),
    `Test Suites: ${some(suitesFailed, 'failed')}${suites - suitesFailed} passed, ${suites} total`,
    `Tests:       ${some(failed, 'failed')}${some(skipped, 'skipped')}${passed} passed, ${passed + failed + skipped} total`,
  ].join('\n');
}

module.exports = { countsOf, summaryOf };
