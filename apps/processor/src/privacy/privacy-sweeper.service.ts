import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, PeriodicTask } from '@app/platform';
import { RetentionSweepUseCase } from './retention-sweep.use-case';

/**
 * Runs the retention sweep every PRIVACY_SWEEP_MS (at most a minute: docs/privacy.md promises
 * blocking and suppression within a minute of being due). Several processors may sweep at once;
 * while PostgreSQL is away a pass fails, says so once a minute (PeriodicTask) and the next tick
 * tries again, so the work resumes by itself.
 */
@Injectable()
export class PrivacySweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PrivacySweeperService.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly retention: RetentionSweepUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.task = new PeriodicTask({
      name: 'Retention sweep',
      everyMs: config.privacySweepMs,
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
    const report = await this.retention.execute();
    if (Object.values(report).some((n) => n > 0))
      this.logger.log(report, 'Retention: requests and searches blocked or suppressed');
  }
}
