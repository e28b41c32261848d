import { APP_CONFIG, AppConfig, boundHeapGrowth, closeOnSignals, ShutdownState } from '@app/platform';
import { createApiApp } from './bootstrap';

/** In-flight requests get this long to finish after SIGTERM; then the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  boundHeapGrowth();
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  closeOnSignals(app, {
    graceMs: SHUTDOWN_GRACE_MS,
    onSignal: () => app.get(ShutdownState).beginDraining(),
    delayMs: config.shutdownReadinessDelayMs,
  });
  await app.listen({ port: config.port, host: '0.0.0.0' });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
