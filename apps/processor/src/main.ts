import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import {
  APP_CONFIG,
  AppConfig,
  bootLogger,
  closeOnSignals,
  exitAfterFailedStart,
  logUncaughtErrors,
  surviveOutageRejections,
  startLivenessWatchdog,
  tuneRuntime,
} from '@app/platform';
import { ProcessorModule } from './processor.module';

/** Running jobs get this long to finish after SIGTERM; then the process exits anyway. */
const SHUTDOWN_GRACE_MS = 30_000;

/** The worker: a Nest application context (no HTTP server) consuming the Bull queues. */
async function main(): Promise<void> {
  // Before any queue exists: Bull's timer patch (docs/architecture.md, deliberate deviations).
  const tuning = tuneRuntime('processor');
  // abortOnError: false: a failed start reaches exitAfterFailedStart below (see the api's bootstrap).
  // Until nestjs-pino takes over, Nest logs JSON lines too (docs/operations.md, "Logs").
  const app = await NestFactory.createApplicationContext(ProcessorModule, {
    bufferLogs: true,
    abortOnError: false,
    logger: bootLogger(),
  });
  app.useLogger(app.get(Logger));
  new NestLogger('Runtime').log({ tuning }, 'Runtime tuned');
  startLivenessWatchdog({
    maxBlockMs: app.get<AppConfig>(APP_CONFIG).livenessMaxBlockMs,
    onError: (error) => new NestLogger('LivenessWatchdog').warn({ err: error }, 'The watchdog stopped'),
  });
  surviveOutageRejections((error) =>
    new NestLogger('Outage').warn(
      { err: error },
      'A background call failed: PostgreSQL or Redis is unreachable',
    ),
  );
  closeOnSignals(app, { graceMs: SHUTDOWN_GRACE_MS });
  await app.init();
  app.get(Logger).log('Processor started');
}

logUncaughtErrors('processor');
main().catch((error: unknown) => exitAfterFailedStart('processor', error));
