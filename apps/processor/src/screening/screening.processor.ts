import { performance } from 'node:perf_hooks';
import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import {
  JobLogContext,
  ProcessJobMetrics,
  RUN_PROCESS_ATTEMPTS,
  RunProcessPayload,
  SCREENING_QUEUE,
  ScreeningJob,
} from '@app/platform';
import { ProviderAttemptFailedError, RunProcessReport, RunProcessUseCase } from './run-process.use-case';

/**
 * Process jobs run concurrently: most of their time is spent waiting on providers and PostgreSQL.
 * Steps of one request take turns, so the lifecycle writes that share a statement come from
 * different requests: the more jobs in flight, the bigger each group and the fewer statements per
 * job (3,000 BASIC jobs: 128 -> ~1,000 jobs/s, 256 -> ~1,460, 512 -> ~1,500, 1,024 -> ~1,750).
 * An idle job in flight costs a Bull lock and a few objects.
 */
export const RUN_PROCESS_CONCURRENCY = 1024;

/**
 * The Bull consumer: runs each job in a log context carrying its id, times it, and says how it
 * ended in one line. The work itself is the use case's.
 */
@Processor(SCREENING_QUEUE)
export class ScreeningProcessor {
  private readonly logger = new Logger(ScreeningProcessor.name);

  constructor(
    private readonly runProcess: RunProcessUseCase,
    private readonly jobLogs: JobLogContext,
    private readonly metrics: ProcessJobMetrics,
  ) {}

  @Process({ name: ScreeningJob.RunProcess, concurrency: RUN_PROCESS_CONCURRENCY })
  run(job: Job<RunProcessPayload>): Promise<void> {
    return this.jobLogs.run(job, () => this.runTimed(job));
  }

  private async runTimed(job: Job<RunProcessPayload>): Promise<void> {
    const attempts = job.opts.attempts ?? RUN_PROCESS_ATTEMPTS;
    const attempt = job.attemptsMade + 1;
    const { processId, requestId } = job.data;
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    let report: RunProcessReport;
    try {
      report = await this.runProcess.execute({ processId, requestId, lastAttempt: attempt >= attempts });
    } catch (error) {
      const seconds = elapsed();
      if (error instanceof ProviderAttemptFailedError) this.metrics.observe(error.processName, seconds);
      this.logger.warn(
        { err: error, processId, attempt, attempts, durationMs: Math.round(seconds * 1000) },
        attempt < attempts ? 'Process job failed; Bull retries it' : 'Process job failed on its last attempt',
      );
      throw error;
    }
    const seconds = elapsed();
    if (report.processName) this.metrics.observe(report.processName, seconds);
    this.logger.log(
      {
        processId,
        process: report.processName,
        outcome: report.outcome,
        result: report.result,
        attempt,
        durationMs: Math.round(seconds * 1000),
      },
      'Process job finished',
    );
  }
}
