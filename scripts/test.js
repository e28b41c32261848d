#!/usr/bin/env node
'use strict';
// `npm test` (docs/testing.md): the checks (ESLint, the type check, the build) side by side, then the
// unit project (with the medium specs) beside the e2e project split in two halves, each half on a
// stack of its own (an E2E slot: its own ports, database and Redis), and one Jest-style summary of all
// at the end. One after the other they took 15 minutes of a 2-core machine, most of it e2e specs
// waiting on the apps they drive. Within a half the e2e files still run one at a time: they share
// its stack, and some restart it.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { countsOf, summaryOf } = require('./lib/test-summary');

const ROOT = path.join(__dirname, '..');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Halves of the e2e files, each on its own stack. */
const E2E_SHARDS = 2;
/** Ports of one slot reach its base port + 57 (test/support/stack.ts): the halves sit 100 apart. */
const SHARD_PORT_STEP = 100;

/** Runs a command, its output shown as it comes (`live`) or collected and answered. */
function run(label, command, args, { live = false, env = {} } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    // Collected output is shown later, in a log or a terminal: no colour codes in it.
    env: { ...process.env, ...env, ...(live ? {} : { FORCE_COLOR: '0' }) },
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const chunks = [];
  if (!live) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) =>
      resolve({ label, ok: code === 0, code: code ?? signal, output: Buffer.concat(chunks).toString() }),
    ),
  );
}

function printBlock({ label, ok, code, output }) {
  process.stdout.write(`\n===== ${label}: ${ok ? 'passed' : `failed (${code})`} =====\n${output}`);
}

/** One Jest run in band; its counts come from Jest's own JSON report. */
async function jest(label, args, options) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-test-'));
  const report = path.join(dir, 'report.json');
  const result = await run(
    label,
    process.execPath,
    // Jest's `--selectProjects` takes every word after it: the caller's arguments go first.
    [JEST, ...args, '--runInBand', '--json', '--outputFile', report],
    options,
  );
  const counts = countsOf(
    fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : null,
    result.ok,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  return { ...result, counts };
}

/** Half `shard` of the e2e files, on a slot of its own beside the caller's E2E_SLOT / _OFFSET. */
function e2eShard(shard, extraArgs, live) {
  const slot = `${process.env.E2E_SLOT ?? 'npm-test'}-${shard}`;
  const offset = Number(process.env.E2E_SLOT_OFFSET ?? 0) + (shard - 1) * SHARD_PORT_STEP;
  return jest(
    `jest e2e ${shard}/${E2E_SHARDS}`,
    [...extraArgs, `--shard=${shard}/${E2E_SHARDS}`, '--selectProjects', 'e2e'],
    { live, env: { E2E_SLOT: slot, E2E_SLOT_OFFSET: String(offset) } },
  );
}

async function main() {
  // Jest's own arguments (a path pattern, -u) go to every run; a pattern may match in some only.
  const extraArgs = process.argv.slice(2);
  if (extraArgs.length > 0) extraArgs.push('--passWithNoTests');

  const checks = await Promise.all([
    run('lint', NPM, ['run', 'lint', '--silent']),
    run('type check', NPM, ['run', 'typecheck', '--silent']),
    run('build', NPM, ['run', 'build', '--silent']),
  ]);
  checks.forEach(printBlock);
  const failedChecks = checks.filter((check) => !check.ok);
  if (failedChecks.length > 0) {
    process.stdout.write(`\n${failedChecks.map((check) => check.label).join(', ')} failed: no test ran.\n`);
    process.exit(1);
  }

  process.stdout.write(
    `\n===== jest e2e 1/${E2E_SHARDS} as it runs; the other e2e halves and jest unit when all are done =====\n`,
  );
  const runs = await Promise.all([
    ...Array.from({ length: E2E_SHARDS }, (_, i) => e2eShard(i + 1, extraArgs, i === 0)),
    jest('jest unit', [...extraArgs, '--selectProjects', 'unit']),
  ]);
  runs.slice(1).forEach(printBlock);

  process.stdout.write(`\n${summaryOf(runs)}\n`);
  process.exit(runs.every((r) => r.ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
