import { APP_CONFIG, AppConfig } from '@app/platform';
import { createApiApp } from './bootstrap';

async function main(): Promise<void> {
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.port, host: '0.0.0.0' });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
