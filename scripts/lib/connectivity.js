'use strict';
// Friendly pre-flight checks: say which dependency is missing, where we looked, and how to get one.
const net = require('node:net');

function probe(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const HELP = {
  PostgreSQL: [
    'Start a local server:   pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    '                   or:   sudo systemctl start postgresql   (Debian/Ubuntu: sudo apt-get install postgresql)',
    'Or run one in Docker:   docker compose -f docker/compose.yml -f docker/compose.dev.yml up -d postgres',
    'Or point DATABASE_URL at a server you have, e.g. DATABASE_URL=postgres://user:pass@host:5432/screening npm start',
  ],
  Redis: [
    'Start a local server:   redis-server --daemonize yes   (Debian/Ubuntu: sudo apt-get install redis-server)',
    'Or run one in Docker:   docker compose -f docker/compose.yml -f docker/compose.dev.yml up -d redis',
    'Or point REDIS_URL at a server you have, e.g. REDIS_URL=redis://host:6379 npm start',
  ],
};

async function checkDependencies({ databaseUrl, redisUrl }) {
  const targets = [
    { name: 'PostgreSQL', variable: 'DATABASE_URL', url: new URL(databaseUrl), defaultPort: 5432 },
    { name: 'Redis', variable: 'REDIS_URL', url: new URL(redisUrl), defaultPort: 6379 },
  ];
  const missing = [];
  for (const target of targets) {
    const host = target.url.hostname || '127.0.0.1';
    const port = target.url.port || target.defaultPort;
    if (!(await probe(host, port))) missing.push({ ...target, host, port });
  }
  for (const m of missing) {
    console.error(`\n✖ ${m.name} cannot be reached at ${m.host}:${m.port} (${m.variable}).`);
    for (const line of HELP[m.name]) console.error(`  ${line}`);
  }
  return missing.length === 0;
}

module.exports = { checkDependencies, probe };
