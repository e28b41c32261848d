import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '@app/platform';
import { RestoreLostProcessJobsUseCase } from './restore-lost-process-jobs.use-case';

/** How often the queued processes are compared with Bull's jobs. */
const SWEEP_EVERY_MS = 5_000;

/** Runs RestoreLostProcessJobsUseCase now and then; several processors may do so at once. */
@Injectable()
export class ProcessJobsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessJobsSweeper.name);
  private readonly task = new PeriodicTask({
    name: 'Process job sweep',
    everyMs: SWEEP_EVERY_MS,
    logger: this.logger,
    run: () => this.sweep(),
  });

  constructor(private readonly restore: RestoreLostProcessJobsUseCase) {}

  onApplicationBootstrap(): void {
    void this.task.start();
  }

  onApplicationShutdown(): void {
    this.task.stop();
  }

  private async sweep(): Promise<void> {
    const restored = await this.restore.execute();
    if (restored > 0)
      this.logger.warn({ restored }, 'Queued processes had lost their jobs; queued them again');
  }
}
