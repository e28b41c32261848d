import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RepeatingFailure } from '@app/platform';
import { AnnounceDueSoonUseCase } from './announce-due-soon.use-case';

/**
 * Announces ARCO requests due soon at the processor's start and then every
 * `PRIVACY_DUE_SOON_SWEEP_MS` (at most an hour): a request whose due-soon date came while no
 * processor ran is announced by the next one to start.
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
    this.timer = setInterval(() => void this.sweep(), this.config.privacyDueSoonSweepMs);
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
