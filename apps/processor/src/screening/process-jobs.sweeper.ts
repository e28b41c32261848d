import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RepeatingFailure } from '@app/platform';
import { RestoreLostProcessJobsUseCase } from './restore-lost-process-jobs.use-case';

/** How often the queued processes are compared with Bull's jobs. */
const SWEEP_EVERY_MS = 5_000;

/** Runs RestoreLostProcessJobsUseCase now and then; several processors may do so at once. */
@Injectable()
export class ProcessJobsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessJobsSweeper.name);
  private readonly failure = new RepeatingFailure(this.logger, 'Process job sweep');
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly restore: RestoreLostProcessJobsUseCase) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const restored = await this.restore.execute();
      this.failure.succeeded();
      if (restored > 0)
        this.logger.warn({ restored }, 'Queued processes had lost their jobs; queued them again');
    } catch (error) {
      this.failure.failed(error);
    } finally {
      this.sweeping = false;
    }
  }
}
