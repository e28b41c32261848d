'use strict';
// The bare node:http + pg overview handler (bare-overview-server.js), the floor the api's
// `GET /candidate-requests/{uuid}` is compared with, started for one part of the bench.
const { fork } = require('node:child_process');
const path = require('node:path');

/**
 * Starts the bare handler on the api's port + 99 (two benches on one machine, each with its own
 * BENCH_PORT, take different ones); answers its base URL and how to stop it.
 */
async function startBareOverview(stack) {
  const port = Number(stack.env.PORT) + 99;
  const bare = fork(path.join(__dirname, '..', 'bare-overview-server.js'), {
    env: {
      ...process.env,
      JWT_SECRET: stack.env.JWT_SECRET,
      DATABASE_URL: stack.env.DATABASE_URL,
      PORT: String(port),
    },
    stdio: 'inherit',
  });
  await new Promise((resolve) => bare.once('message', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: bare.pid, stop: () => bare.kill() };
}

module.exports = { startBareOverview };
