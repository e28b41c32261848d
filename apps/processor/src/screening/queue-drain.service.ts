import { InjectQueue } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { SCREENING_QUEUE } from '@app/platform';

/**
 * Graceful shutdown of the consumer: stop taking jobs and let the running ones finish, before the
 * application's connections close (this runs in `beforeApplicationShutdown`; PostgreSQL and Redis
 * close in `onApplicationShutdown`, Bull's own `queue.close()` among them). The time it may take
 * is bounded by the processor's shutdown grace period (main.ts).
 */
@Injectable()
export class QueueDrainService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueDrainService.name);

  constructor(@InjectQueue(SCREENING_QUEUE) private readonly queue: Queue) {}

  async beforeApplicationShutdown(): Promise<void> {
    const started = Date.now();
    this.logger.log('Taking no new jobs; waiting for the running ones to finish');
    // A local pause: only this worker stops fetching (a global pause would stop every processor),
    // and it resolves once the jobs this worker is running have completed or failed.
    await this.queue.pause(true);
    this.logger.log(`Running jobs finished in ${Date.now() - started} ms`);
  }
}
