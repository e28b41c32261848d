import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { RUN_PROCESS_ATTEMPTS, RunProcessPayload, SCREENING_QUEUE, ScreeningJob } from '@app/platform';
import { RunProcessUseCase } from './run-process.use-case';

/** Process jobs run concurrently: most of their time is spent waiting on providers and PostgreSQL. */
export const RUN_PROCESS_CONCURRENCY = 64;

@Processor(SCREENING_QUEUE)
export class ScreeningProcessor {
  constructor(private readonly runProcess: RunProcessUseCase) {}

  @Process({ name: ScreeningJob.RunProcess, concurrency: RUN_PROCESS_CONCURRENCY })
  run(job: Job<RunProcessPayload>): Promise<void> {
    return this.runProcess.execute({
      processId: job.data.processId,
      lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? RUN_PROCESS_ATTEMPTS),
    });
  }
}
