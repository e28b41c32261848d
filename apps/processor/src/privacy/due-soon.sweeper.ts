import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RepeatingFailure } from '@app/platform';
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
  private readonly failure = new RepeatingFailure(this.logger, 'Announcing ARCO requests due soon');
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly announce: AnnounceDueSoonUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.privacySweepMs);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const announced = await this.announce.execute(Date.now());
      if (announced.length > 0)
        this.logger.log({ announced: announced.length }, 'ARCO requests due soon announced');
      this.failure.succeeded();
    } catch (error) {
      this.failure.failed(error);
    } finally {
      this.sweeping = false;
    }
  }
}
