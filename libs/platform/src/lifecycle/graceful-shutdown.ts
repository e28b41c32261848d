import { INestApplicationContext, Logger } from '@nestjs/common';

export interface GracefulShutdownOptions {
  /** How long the whole shutdown may take before the process exits anyway (with code 1). */
  graceMs: number;
  /** Runs first, synchronously: e.g. turn readiness off before anything closes. */
  onSignal?: (signal: NodeJS.Signals) => void;
  /** Time between the signal and the start of the close (still serving, not ready); not part of the grace. */
  delayMs?: number;
  /**
   * Runs when the close starts, before the application's own shutdown hooks: e.g. stop accepting
   * connections and let the open ones finish, while the pools they need are still there.
   */
  drain?: () => Promise<void>;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * SIGTERM or SIGINT: close the Nest application (its hooks drain requests or jobs, then release
 * pools and connections) and exit 0. Replaces Nest's `enableShutdownHooks`, which re-raises the
 * signal after closing, so the process would end "killed by SIGTERM" rather than with code 0.
 *
 * A second signal changes nothing (Ctrl-C in a terminal reaches every process of the group, and
 * `npm start` forwards SIGTERM as well); the grace period still bounds the shutdown.
 */
export function closeOnSignals(app: INestApplicationContext, options: GracefulShutdownOptions): void {
  const logger = new Logger('Shutdown');
  let started = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (started) {
      logger.warn(`${signal} received again: already shutting down`);
      return;
    }
    started = true;
    const delayMs = options.delayMs ?? 0;
    const wait = delayMs > 0 ? `not ready; closing in ${delayMs} ms, then ` : '';
    logger.log(`${signal} received: shutting down gracefully (${wait}at most ${options.graceMs} ms)`);
    options.onSignal?.(signal);
    setTimeout(() => close(), delayMs);
  };
  const close = () => {
    const startedAt = Date.now();
    setTimeout(() => {
      logger.error(`Shutdown did not finish within ${options.graceMs} ms: exiting anyway`);
      process.exit(1);
    }, options.graceMs);
    Promise.resolve()
      .then(() => options.drain?.())
      .then(() => app.close())
      .then(
        () => {
          logger.log(`Shut down in ${Date.now() - startedAt} ms`);
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'Shutdown failed');
          process.exit(1);
        },
      );
  };
  for (const signal of SIGNALS) process.on(signal, shutdown);
}
