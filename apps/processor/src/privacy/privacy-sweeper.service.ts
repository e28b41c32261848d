import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RepeatingFailure } from '@app/platform';
import { RetentionSweepUseCase } from './retention-sweep.use-case';

/**
 * Runs the retention sweep every PRIVACY_SWEEP_MS (at most a minute: docs/privacy.md promises
 * blocking and suppression within a minute of being due). Several processors may sweep at once;
 * while PostgreSQL is away a pass fails, says so once a minute (RepeatingFailure) and the next
 * tick tries again, so the work resumes by itself.
 */
@Injectable()
export class PrivacySweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PrivacySweeperService.name);
  private readonly failure = new RepeatingFailure(this.logger, 'Retention sweep');
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly retention: RetentionSweepUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.privacySweepMs);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const report = await this.retention.execute();
      this.failure.succeeded();
      if (Object.values(report).some((n) => n > 0))
        this.logger.log(report, 'Retention: requests and searches blocked or suppressed');
    } catch (error) {
      this.failure.failed(error);
    } finally {
      this.sweeping = false;
    }
  }
}
