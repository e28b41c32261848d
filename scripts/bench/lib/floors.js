'use strict';
// Floors the bench prints beside our figures: what the libraries underneath do on their own, on the
// same machine, in the same run.
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const Bull = require('bull');
const { median } = require('./measure');

/**
 * Bull itself: no-op jobs per second through one queue on the given Redis, with the options our
 * process jobs use (job ids, removed when done). Median of `runs`. Concurrency 64, not the
 * processor's 1,024: Bull alone does about twice as many jobs at 64 (11,000 against 5,200 per
 * second here), and the floor is the best Bull does.
 */
async function bullNoopJobsPerSecond(redisUrl, { jobs = 20_000, concurrency = 64, runs = 3 } = {}) {
  const rates = [];
  for (let run = 0; run < runs; run++) {
    const queue = new Bull(`bench-noop-${run}`, redisUrl, { prefix: 'bench-floor' });
    await queue.addBulk(
      Array.from({ length: jobs }, (_, i) => ({
        name: 'noop',
        data: { processId: `p-${i}`, requestId: `r-${i}`, generation: 0 },
        opts: { jobId: `p-${i}:0`, removeOnComplete: true, removeOnFail: true },
      })),
    );
    let done = 0;
    const started = process.hrtime.bigint();
    await new Promise((resolve) => {
      queue.process('noop', concurrency, async () => {
        done += 1;
        if (done === jobs) setImmediate(resolve);
      });
    });
    rates.push(jobs / (Number(process.hrtime.bigint() - started) / 1e9));
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
  return median(rates);
}

/** Resident memory of a process in MB (Linux /proc, else ps). */
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    return Number(ps.stdout.trim()) / 1024;
  }
}

/** CPU milliseconds a process has used (user + system), from Linux /proc; NaN elsewhere. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/**
 * CPU milliseconds used so far by every process of the machine, summed by role: the `pids` given
 * ({ processor: 123, ... }), PostgreSQL's server processes (all of the machine's), a redis-server
 * whose command line names `redisPort`, and `other`. Subtract two of them (`cpuSpent`) to see what a
 * run cost each part. A process that started and ended between the two is not counted (PostgreSQL's
 * backends live as long as the pools' connections). Empty where /proc is missing.
 */
function cpuByRole(pids, redisPort) {
  const roleOf = new Map(Object.entries(pids).map(([role, pid]) => [String(pid), role]));
  const byPid = new Map();
  if (!fs.existsSync('/proc/self/stat')) return byPid;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command;
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue; // ended meanwhile
    }
    const role =
      roleOf.get(pid) ??
      (command.startsWith('postgres')
        ? 'postgres'
        : command.includes('redis-server') && command.includes(`:${redisPort}`)
          ? 'redis'
          : 'other');
    byPid.set(pid, { role, ms: cpuMs(pid) });
  }
  return byPid;
}

/** Milliseconds of CPU each role used between two `cpuByRole` snapshots. */
function cpuSpent(before, after) {
  const spent = {};
  for (const [pid, { role, ms }] of after) {
    const used = ms - (before.get(pid)?.ms ?? 0);
    if (Number.isFinite(used)) spent[role] = (spent[role] ?? 0) + used;
  }
  return spent;
}

/**
 * Until a process has used under `share` of a core over a whole second (a started app has finished
 * loading what it loads in the background), at most `timeoutMs`; where /proc is missing, at once.
 */
async function untilIdle(pid, { share = 0.05, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    const used = cpuMs(pid) - before;
    if (!(used >= share * 1000)) return; // NaN (no /proc) ends the wait as well
  }
}

module.exports = { bullNoopJobsPerSecond, cpuByRole, cpuMs, cpuSpent, rssMb, untilIdle };
