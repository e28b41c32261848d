import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';

/** What of a Bull job its log lines carry. */
export interface LoggedJob {
  id: string | number;
  queue: { name: string };
}

/**
 * Runs a job's work in a logging context of its own: every line logged while it runs, by the
 * consumer, the use case or anything they call (Nest's `Logger` goes through nestjs-pino's async
 * storage), carries `jobId` and `queue`, as request lines carry the request id.
 */
@Injectable()
export class JobLogContext {
  constructor(private readonly pino: PinoLogger) {}

  run<T>(job: LoggedJob, work: () => Promise<T>): Promise<T> {
    return this.pino.runInContext(work, { bindings: { jobId: String(job.id), queue: job.queue.name } });
  }
}
