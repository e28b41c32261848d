import { Logger } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  closeOnSignals,
  exitAfterFailedStart,
  logUncaughtErrors,
  surviveOutageRejections,
  ShutdownState,
  startLivenessWatchdog,
  tuneRuntime,
} from '@app/platform';
import { createApiApp } from './bootstrap';
import { ConnectionDrain } from './common/draining';

/** In-flight requests get this long to finish after SIGTERM; then the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // Before anything else: the heap cap and Bull's timer patch (docs/architecture.md, deliberate deviations).
  const tuning = tuneRuntime('api');
  const app = await createApiApp();
  new Logger('Runtime').log({ tuning }, 'Runtime tuned');
  const config = app.get<AppConfig>(APP_CONFIG);
  startLivenessWatchdog({
    maxBlockMs: config.livenessMaxBlockMs,
    onError: (error) => new Logger('LivenessWatchdog').warn({ err: error }, 'The watchdog stopped'),
  });
  surviveOutageRejections((error) =>
    new Logger('Outage').warn({ err: error }, 'A background call failed: PostgreSQL or Redis is unreachable'),
  );
  closeOnSignals(app, {
    graceMs: SHUTDOWN_GRACE_MS,
    onSignal: () => app.get(ShutdownState).beginDraining(),
    delayMs: config.shutdownReadinessDelayMs,
    drain: () => app.get(ConnectionDrain).closeGracefully(app.getHttpServer()),
  });
  await app.listen({ port: config.port, host: '0.0.0.0' });
}

logUncaughtErrors('api');
main().catch((error: unknown) => exitAfterFailedStart('api', error));
