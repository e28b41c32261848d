#!/usr/bin/env node
'use strict';
// `npm start`: build if needed, check PostgreSQL and Redis, migrate, seed, then run the api and the
// processor in this terminal under a supervisor: an app that crashes is restarted with backoff while
// the other keeps serving; one that crashes 5 times within 60 s stops everything (exit 1); one that
// cannot reach PostgreSQL or Redis is started again until it can (not a crash). Ctrl-C or
// SIGTERM stops both gracefully (exit 0). In a terminal both logs are readable and prefixed; when
// the output goes anywhere else it is JSON lines only (scripts/lib/output.js). Without SMTP_URL the
// apps' mails go to a local mail catcher run here, readable at http://localhost:1080
// (scripts/lib/start-mail.js; docs/operations.md, Mail).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { APP_NODE_FLAGS } = require('./lib/app-runtime');
const { buildIfNeeded } = require('./lib/build');
const { parseCliArgs } = require('./lib/cli');
const { checkDependencies } = require('./lib/connectivity');
const { defaultDatabaseUrl, demoUsers, setupDatabase } = require('./lib/setup');
const { createOutput } = require('./lib/output');
const { mailSettings, startMail } = require('./lib/start-mail');
const { supervise } = require('./lib/supervisor');

const ROOT = path.join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = process.env.PORT || '3000';
const output = createOutput({ json: !process.stdout.isTTY });
if (output.json) {
  // The setup and connectivity helpers print with console: their lines become JSON lines too.
  console.log = (...args) => output.say('info', ...args);
  console.error = (...args) => output.say('error', ...args);
}

function run(name, script, databaseUrl, mailEnv) {
  const child = spawn(process.execPath, [...APP_NODE_FLAGS[name], script], {
    cwd: ROOT,
    // The children write to a pipe: tell them whether a person is reading (pretty lines) or a
    // program (JSON lines).
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT,
      // SMTP_URL undefined (no catcher, none set): the child gets none (spawn leaves it out).
      ...mailEnv,
      LOG_PRETTY: output.json ? '0' : '1',
      // What Nest prints before pino takes over (a failed start) must not carry colour codes into JSON.
      ...(output.json ? { NO_COLOR: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  output.relay(name, child);
  return child;
}

const USAGE = `Usage: npm start

Builds if needed, checks PostgreSQL and Redis, creates, migrates and seeds the database of
DATABASE_URL (the demo data where missing), then runs the api and the processor under a supervisor
until Ctrl-C. Configuration comes from the environment (docs/configuration.md).

Without SMTP_URL it also runs a local mail catcher, and the apps send their mails (invitations,
password resets) to it: read them at http://localhost:1080 (MAIL_CATCHER_PORT; SMTP on
MAIL_CATCHER_SMTP_PORT, 1025); nothing leaves this machine. If a port is taken it says so and the
apps print the links instead. PUBLIC_URL, the links' base, defaults to http://localhost:PORT.

  -h, --help   print this and change nothing`;

async function main() {
  parseCliArgs(USAGE, process.argv.slice(2));
  const mailConfig = mailSettings(process.env, PORT);
  buildIfNeeded({ pipeOutput: output.json });
  const databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl();
  if (!(await checkDependencies({ databaseUrl, redisUrl: REDIS_URL }))) {
    console.error(
      '\nThe api needs both PostgreSQL and Redis. Start the missing one(s) and run `npm start` again.',
    );
    process.exit(1);
  }
  await setupDatabase(databaseUrl);
  const mail = await startMail(mailConfig);
  if (mail.warning) output.say('warn', mail.warning);

  const supervisor = supervise(
    [
      { name: 'api', start: () => run('api', 'dist/apps/api/src/main.js', databaseUrl, mail.appEnv) },
      {
        name: 'processor',
        start: () => run('processor', 'dist/apps/processor/src/main.js', databaseUrl, mail.appEnv),
      },
    ],
    { log: (line) => output.say('info', line) },
  );
  // Ctrl-C reaches the apps too (same process group); they shut down gracefully either way.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => supervisor.stop());
  supervisor.done.then(async ({ code, message }) => {
    // The apps are gone: nothing sends to the catcher any more.
    await mail.close();
    if (code === 0) output.say('info', message);
    else output.say('error', `✖ ${message}`);
    process.exit(code);
  });

  await waitForApi();
  const demo = demoUsers();
  // Only the published demo password is printed (production refuses it, so it never guards real
  // data): a password of the operator's own is not, since this output may end up in a log.
  const demoSignIn = demo.create
    ? `demo@acme.test / ${process.env.DEMO_PASSWORD ? '(your DEMO_PASSWORD)' : demo.password}   (admins; also multi@acme.test, ops@globex.test; analyst@acme.test, viewer@acme.test)`
    : `none (${demo.reason})`;
  if (output.json) {
    output.say('info', `API ready at http://localhost:${PORT} (Swagger UI: /docs)`);
    output.say('info', `Demo sign-in: ${demoSignIn}`);
    output.say('info', `Mails: ${mail.summary.where} (${mail.summary.note})`);
    return;
  }
  console.log(
    [
      '',
      `  API ready:       http://localhost:${PORT}`,
      `  Swagger UI:      http://localhost:${PORT}/docs   (OpenAPI JSON: /docs-json)`,
      `  Demo sign-in:    ${demoSignIn}`,
      `  Mails:           ${mail.summary.where}   (${mail.summary.note})`,
      '  Stop with Ctrl-C (a crashed app is restarted; 5 crashes within 60 s stop everything;',
      '  an outage of PostgreSQL or Redis is waited out).',
      '',
    ].join('\n'),
  );
}

async function waitForApi() {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (response.status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error('The api did not become healthy within 60 seconds; see its log above.');
}

main().catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
