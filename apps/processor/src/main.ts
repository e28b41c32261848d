import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ProcessorModule } from './processor.module';

/** The worker: a Nest application context (no HTTP server) consuming the Bull queues. */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(ProcessorModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  app.get(Logger).log('Processor started');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
