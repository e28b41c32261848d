'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { countsOf, summaryOf } = require('./test-summary');

const report = (over = {}) => ({
  numPassedTests: 10,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numTotalTestSuites: 2,
  numFailedTestSuites: 0,
  ...over,
});
const passing = (label, counts) => ({ label, ok: counts.failed === 0, counts });

/** What `.ci/run` makes of a log: its own lines that read the `Tests:` line, run by bash. */
function ciReads(log) {
  const ciRun = fs.readFileSync(path.join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
  const reading = ciRun.split('\n').filter((line) => /^(summary|passed|failed)=/.test(line));
  expect(reading).toHaveLength(5);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ci-reads-')), 'log');
  fs.writeFileSync(file, log);
  const out = spawnSync(
    'bash',
    ['-c', `log=${JSON.stringify(file)}\n${reading.join('\n')}\necho "$passed $failed"`],
    {
      encoding: 'utf8',
    },
  );
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const [passed, failed] = out.stdout.trim().split(' ').map(Number);
  return { passed, failed };
}

describe("npm test's summary of its Jest runs", () => {
  it('sums the runs in the words of Jest, which .ci/run reads', () => {
    const text = summaryOf([
      passing('jest e2e 1/2', countsOf(report({ numPassedTests: 300 }), true)),
      passing('jest e2e 2/2', countsOf(report({ numPassedTests: 311 }), true)),
      passing('jest unit', countsOf(report({ numPassedTests: 4185, numTotalTestSuites: 241 }), true)),
    ]);
    expect(text.split('\n')).toEqual([
      'jest e2e 1/2: passed; jest e2e 2/2: passed; jest unit: passed',
      'Test Suites: 245 passed, 245 total',
      'Tests:       4796 passed, 4796 total',
    ]);
    expect(ciReads(`earlier output\nTests:       3 passed, 3 total\n${text}\n`)).toEqual({
      passed: 4796,
      failed: 0,
    });
  });

  it('counts failed and skipped tests, and says which run failed', () => {
    const text = summaryOf([
      {
        label: 'jest e2e 1/2',
        ok: false,
        counts: countsOf(report({ numFailedTests: 2, numFailedTestSuites: 1 }), false),
      },
      passing('jest unit', countsOf(report({ numPendingTests: 3, numTodoTests: 1 }), true)),
    ]);
    expect(text.split('\n')).toEqual([
      'jest e2e 1/2: FAILED; jest unit: passed',
      'Test Suites: 1 failed, 3 passed, 4 total',
      'Tests:       2 failed, 4 skipped, 20 passed, 26 total',
    ]);
    expect(ciReads(text)).toEqual({ passed: 20, failed: 2 });
  });

  it('counts a run that failed without a failed test (no report, a global setup that threw) as one failure', () => {
    expect(countsOf(null, false)).toMatchObject({ passed: 0, failed: 1 });
    expect(countsOf(report({ numPassedTests: 0, numTotalTestSuites: 0 }), false)).toMatchObject({
      failed: 1,
    });
    expect(countsOf(report({ numRuntimeErrorTestSuites: 1, numFailedTestSuites: 1 }), false)).toMatchObject({
      failed: 1,
      suitesFailed: 1,
    });
    expect(countsOf(report(), true)).toMatchObject({ passed: 10, failed: 0 });
  });
});
