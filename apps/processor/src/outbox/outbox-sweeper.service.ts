import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  EventRepository,
  IdempotencyRepository,
  LegalCorpusHousekeepingRepository,
  OutboxRepository,
} from '@app/persistence';
import { APP_CONFIG, AppConfig, PeriodicTask } from '@app/platform';
import { OutboxPublisher } from '@app/application';

const SWEEP_EVERY_MS = 1_000;
const PURGE_EVERY_MS = 3_600_000;

/**
 * Publishes outbox rows of every queue that were not published right after their commit (Redis
 * was down, or the api died in between), and purges old history (published outbox rows, expired
 * idempotency records, events past their retention, match sets and replaced lawsuits that loads and
 * corpus ingests left behind).
 */
@Injectable()
export class OutboxSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxSweeperService.name);
  private readonly tasks = [
    new PeriodicTask({
      name: 'Outbox sweep',
      everyMs: SWEEP_EVERY_MS,
      logger: this.logger,
      run: () => this.sweep(),
    }),
    // purge() says each failure itself: one an hour is no flood.
    new PeriodicTask({
      name: 'Purge',
      everyMs: PURGE_EVERY_MS,
      logger: this.logger,
      run: () => this.purge(),
    }),
  ];

  constructor(
    private readonly publisher: OutboxPublisher,
    private readonly outbox: OutboxRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly events: EventRepository,
    private readonly corpus: LegalCorpusHousekeepingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const task of this.tasks) void task.start();
  }

  onApplicationShutdown(): void {
    for (const task of this.tasks) task.stop();
  }

  private async sweep(): Promise<void> {
    const published = await this.publisher.sweep();
    if (published > 0) this.logger.log({ published }, 'Published pending outbox jobs');
  }

  private async purge(): Promise<void> {
    await Promise.all([
      this.outbox.purgePublished(),
      this.idempotency.purgeExpired(),
      this.events.purgeOlderThan(this.config.eventsRetentionDays),
      this.corpus.purgeRetired(),
    ]).catch((error: unknown) => this.logger.warn({ err: error }, 'Purge failed'));
  }
}
