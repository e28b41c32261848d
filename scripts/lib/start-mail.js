'use strict';
// Where the apps of `npm start` send their mails (docs/operations.md, Mail): through SMTP_URL when it
// is set; otherwise to a local mail catcher (scripts/lib/mail-catcher.js) that npm start runs in its
// own process, so that invitations and password resets can be read at http://localhost:1080 and
// nothing leaves the machine. When a port of the catcher is taken, npm start says so and goes on
// without mail: the apps get no SMTP_URL and print the links instead of sending them.
const { startMailCatcher } = require('./mail-catcher');

const DEFAULT_SMTP_PORT = 1025;
const DEFAULT_WEB_PORT = 1080;
const PORT_VARIABLES = { SMTP: 'MAIL_CATCHER_SMTP_PORT', HTTP: 'MAIL_CATCHER_PORT' };

function portOf(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535)
    throw new Error(`Invalid configuration: ${name} must be a port number (0 to 65535), got "${raw}"`);
  return Number(raw);
}

/** A URL as it may be printed in a log: without its user name and password. */
function withoutCredentials(url) {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(SMTP_URL is not a URL)';
  }
}

/**
 * What npm start's environment says about mail, checked before anything starts (a bad port stops
 * npm start with a message naming the variable). apiPort: the api's PORT, the default of PUBLIC_URL.
 */
function mailSettings(env, apiPort) {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || `http://localhost:${apiPort}`,
    smtpPort: portOf(env, PORT_VARIABLES.SMTP, DEFAULT_SMTP_PORT),
    webPort: portOf(env, PORT_VARIABLES.HTTP, DEFAULT_WEB_PORT),
  };
}

/**
 * Starts the catcher unless SMTP_URL is set. Answers:
 * - appEnv: SMTP_URL (undefined: the apps get none) and PUBLIC_URL, for the apps' environment;
 * - summary: { where, note }, where mails can be read, for the ready banner;
 * - warning: why there is no catcher (a port was taken), to be said at once; else undefined;
 * - close(): stops the catcher, if one runs.
 */
async function startMail(settings, { startCatcher = startMailCatcher } = {}) {
  const none = async () => undefined;
  if (settings.smtpUrl) {
    return {
      appEnv: { SMTP_URL: settings.smtpUrl, PUBLIC_URL: settings.publicUrl },
      summary: {
        where: `sent through ${withoutCredentials(settings.smtpUrl)}`,
        note: 'SMTP_URL is set: no local mail catcher',
      },
      close: none,
    };
  }
  try {
    const catcher = await startCatcher({ smtpPort: settings.smtpPort, httpPort: settings.webPort });
    return {
      appEnv: { SMTP_URL: catcher.smtpUrl, PUBLIC_URL: settings.publicUrl },
      summary: {
        where: `http://localhost:${new URL(catcher.webUrl).port}`,
        note: 'local mail catcher: nothing leaves this machine; set SMTP_URL to send for real',
      },
      close: () => catcher.close(),
    };
  } catch (error) {
    // Only a port it could not listen on is expected here; anything else is a bug to see.
    if (!PORT_VARIABLES[error.what]) throw error;
    const problem = `${error.message} (${PORT_VARIABLES[error.what]})`;
    return {
      appEnv: { SMTP_URL: undefined, PUBLIC_URL: settings.publicUrl },
      summary: {
        where: 'none',
        note: `the local mail catcher did not start: ${problem}; the apps print links instead of sending`,
      },
      warning: [
        `Mail catcher not started: ${problem}.`,
        'The apps run without SMTP_URL: they print invitation and password-reset links instead of sending them.',
        `Free the port, choose others with ${PORT_VARIABLES.SMTP} / ${PORT_VARIABLES.HTTP}, or set SMTP_URL.`,
      ].join('\n'),
      close: none,
    };
  }
}

module.exports = { mailSettings, startMail, DEFAULT_SMTP_PORT, DEFAULT_WEB_PORT };
