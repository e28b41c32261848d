import { CandidateRequestRepository, NewRegistration, OutboxJob, PendingOutboxJob } from '@app/persistence';
import { GroupCommit } from '@app/platform';
import { DataSource } from 'typeorm';

interface RegistrationWrite {
  registration: NewRegistration;
  jobs: OutboxJob[];
}

/**
 * Writes single registrations (no idempotency key) with group commit: registrations that arrive
 * while earlier ones are being written go to PostgreSQL together, in the one statement a batch of
 * registrations already uses. Each caller still gets its own outcome: a registration that fails in
 * a group is written again alone. Under load this turns one round trip and one commit per request
 * into one per group.
 */
export class RegistrationWriter {
  private readonly commits = new GroupCommit<RegistrationWrite, PendingOutboxJob[]>(
    (writes) => this.writeMany(writes),
    // Two groups in flight keep PostgreSQL busy while the next group gathers.
    { maxBatch: 100, maxInFlight: 2, retryAlone: true },
  );

  constructor(
    private readonly requests: CandidateRequestRepository,
    private readonly dataSource: DataSource,
  ) {}

  /** Stores the registration with its jobs; answers the jobs to publish. */
  write(registration: NewRegistration, jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.commits.submit({ registration, jobs });
  }

  private async writeMany(writes: RegistrationWrite[]): Promise<PendingOutboxJob[][]> {
    const staged = await this.requests.insertRegistrations(
      this.dataSource,
      writes.map((w) => w.registration),
      writes.flatMap((w) => w.jobs),
    );
    // insertRegistrations answers the jobs in the order given: each write's come in one run.
    let next = 0;
    return writes.map((w) => staged.slice(next, (next += w.jobs.length)));
  }
}
