import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ESTIMATE_SAMPLE_SIZE, medianDuration, PROCESS_NAMES, ProcessName } from '@app/domain';
import { CandidateRequestRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig, PeriodicTask } from '@app/platform';

/**
 * The median duration of each process name, kept in memory and refreshed in the background: the
 * polling endpoint reads estimates at the cost of a map lookup instead of an aggregate per poll.
 * An estimate may thus lag the newest finished processes by one refresh interval.
 */
@Injectable()
export class DurationMedians implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DurationMedians.name);
  private medians = new Map<string, number | null>();
  private readonly task: PeriodicTask;

  constructor(
    private readonly requests: CandidateRequestRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // refresh() says its own failures (each one: the estimates are then older than they say).
    this.task = new PeriodicTask({
      name: 'Refreshing the duration medians',
      everyMs: config.estimatesRefreshMs,
      runAtStart: true,
      logger: this.logger,
      run: () => this.refresh(),
    });
  }

  readonly medianOf = (name: ProcessName): number | null => this.medians.get(name) ?? null;

  /** The first medians are read before the api serves, so no estimate starts empty. */
  async onApplicationBootstrap(): Promise<void> {
    await this.task.start();
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  private async refresh(): Promise<void> {
    try {
      const durations = await this.requests.recentDurations(PROCESS_NAMES, ESTIMATE_SAMPLE_SIZE);
      this.medians = new Map(PROCESS_NAMES.map((name) => [name, medianDuration(durations.get(name) ?? [])]));
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not refresh the duration medians; keeping the last ones');
    }
  }
}
