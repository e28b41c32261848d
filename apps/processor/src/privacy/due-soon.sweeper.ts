import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, PeriodicTask } from '@app/platform';
import { AnnounceDueSoonUseCase } from './announce-due-soon.use-case';

/**
 * Announces ARCO requests due soon at the processor's start and then every `PRIVACY_SWEEP_MS` (the
 * retention sweep's period, at most a minute; the query reads a partial index of the open requests
 * not yet announced, so it costs nothing while none is due): a request whose due-soon date came
 * while no processor ran is announced by the next one to start.
 */
@Injectable()
export class DueSoonSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DueSoonSweeper.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly announce: AnnounceDueSoonUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.task = new PeriodicTask({
      name: 'Announcing ARCO requests due soon',
      everyMs: config.privacySweepMs,
      runAtStart: true,
      logger: this.logger,
      run: () => this.sweep(),
    });
  }

  onApplicationBootstrap(): void {
    void this.task.start();
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  private async sweep(): Promise<void> {
    const announced = await this.announce.execute(Date.now());
    if (announced.length > 0)
      this.logger.log({ announced: announced.length }, 'ARCO requests due soon announced');
  }
}
