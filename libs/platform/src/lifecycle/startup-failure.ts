import type { Logger as Pino } from 'pino';
import { crashLogger, prettyLogs } from '../logging/crash-log';
import { isDependencyOutage } from '../runtime/dependency-outage';

/**
 * The exit code of an app that could not start because PostgreSQL or Redis cannot be reached
 * (sysexits.h EX_UNAVAILABLE). `npm start`'s supervisor (scripts/lib/supervisor.js) starts such an
 * app again with a growing pause instead of counting a crash; compose restarts it as any exit.
 */
export const DEPENDENCY_UNAVAILABLE_EXIT_CODE = 69;

/**
 * Ends an app whose start failed, saying why in one line and with the exit code that says what to
 * do: a JSON line (level fatal, the reason in `msg`) unless the logs are pretty, when it is the
 * sentence alone (docs/operations.md, "Logs").
 */
export function exitAfterFailedStart(
  app: 'api' | 'processor',
  error: unknown,
  logger: Pino | undefined = prettyLogs() ? undefined : crashLogger(),
): never {
  const reason = error instanceof Error ? error.message : String(error);
  const outage = isDependencyOutage(error);
  const line = outage
    ? `The ${app} cannot start: PostgreSQL or Redis cannot be reached (${reason}). ` +
      `Exiting with code ${DEPENDENCY_UNAVAILABLE_EXIT_CODE}; npm start tries again until it answers.`
    : reason;
  const code = outage ? DEPENDENCY_UNAVAILABLE_EXIT_CODE : 1;
  if (logger) logger.fatal({ app, exitCode: code }, line);
  else console.error(line);
  process.exit(code);
}

/**
 * The last guard of a running app: a promise nobody awaited that failed because PostgreSQL or Redis
 * went away is logged, and the app goes on (every caller that needs the dependency retries or
 * answers 503). Any other unhandled rejection still ends the process, as Node does by default: it
 * is a bug, and the supervisor's restart is the safe answer to it.
 */
export function surviveOutageRejections(warn: (error: unknown) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (isDependencyOutage(reason)) return warn(reason);
    throw reason;
  });
}
