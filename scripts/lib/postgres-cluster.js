'use strict';
// A private PostgreSQL cluster for fault drills (e2e and bench): its own data directory in the temp
// folder and its own port on 127.0.0.1, trust authentication, so a drill can stop and start it
// without touching the machine's server. initdb refuses to run as root: as root, the commands run
// as the `postgres` user (runuser), which owns the data directory.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function binDir() {
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (found.status !== 0)
    throw new Error('pg_config was not found: the PostgreSQL server binaries are needed');
  return found.stdout.trim();
}

/** Runs a PostgreSQL program as the user that owns the cluster; throws with its output on failure. */
function run(program, args) {
  const command = path.join(binDir(), program);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

/**
 * A cluster on `port` in a new temp folder (`name` names it). Returns { url(database), start(),
 * stop(mode), remove() }: `stop('fast')` ends every session at once (57P01), as an operator's
 * `systemctl stop` does.
 */
function createCluster(port, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-pg-${port}-`));
  const data = path.join(dir, 'data');
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    fs.chownSync(dir, Number(owner.stdout), Number(group.stdout));
  }
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      // A drill's data is thrown away: durability would only make it slower.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      '',
    ].join('\n'),
  );
  const log = path.join(dir, 'server.log');
  let running = false;
  return {
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    remove() {
      try {
        this.stop('immediate');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { createCluster };
