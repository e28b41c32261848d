'use strict';
// A private redis-server for the e2e harness and the benchmarks: on 127.0.0.1 only, nothing saved to
// disk, its log and pid file in the temp folder, so a test or bench can stop it without touching
// anything else on the machine.
const { spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

/** Starts a daemonized redis-server on `port`; `name` prefixes its log and pid files. */
function startRedisServer(port, name) {
  const file = (extension) => path.join(os.tmpdir(), `${name}-redis-${port}.${extension}`);
  const result = spawnSync(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes'],
      ...['--save', '', '--appendonly', 'no', '--dir', os.tmpdir()],
      ...['--logfile', file('log'), '--pidfile', file('pid')],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`redis-server did not start: ${result.stderr || result.stdout}`);
}

/** Stops the redis-server on `port` without saving (nothing happens when none runs there). */
function stopRedisServer(port) {
  spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { encoding: 'utf8' });
}

module.exports = { startRedisServer, stopRedisServer };
