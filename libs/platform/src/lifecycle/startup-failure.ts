import { isDependencyOutage } from '../runtime/dependency-outage';

/**
 * The exit code of an app that could not start because PostgreSQL or Redis cannot be reached
 * (sysexits.h EX_UNAVAILABLE). `npm start`'s supervisor (scripts/lib/supervisor.js) starts such an
 * app again with a growing pause instead of counting a crash; compose restarts it as any exit.
 */
export const DEPENDENCY_UNAVAILABLE_EXIT_CODE = 69;

/** Ends an app whose start failed, saying why in one line and with the exit code that says what to do. */
export function exitAfterFailedStart(app: 'api' | 'processor', error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  if (isDependencyOutage(error)) {
    console.error(
      `The ${app} cannot start: PostgreSQL or Redis cannot be reached (${reason}). ` +
        `Exiting with code ${DEPENDENCY_UNAVAILABLE_EXIT_CODE}; npm start tries again until it answers.`,
    );
    process.exit(DEPENDENCY_UNAVAILABLE_EXIT_CODE);
  }
  console.error(reason);
  process.exit(1);
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
