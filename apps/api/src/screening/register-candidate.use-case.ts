import { CandidateRequestRepository, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import { OutboxPublisher } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { RegisterCandidateDto } from './dto/register-candidate.dto';
import { RegistrationPlanner } from './registration-planner';
import { RegistrationWriter } from './registration-writer';

/** A registered request: its processes run asynchronously. */
export interface RegisteredRequest {
  requestId: string;
  packageId: string;
}

/**
 * SPEC 4.2: validates, then writes the request, its candidate, one row per process and the jobs
 * to run (outbox) in one transaction; the jobs reach Bull after the commit.
 */
export class RegisterCandidateUseCase {
  constructor(
    private readonly planner: RegistrationPlanner,
    private readonly requests: CandidateRequestRepository,
    private readonly commands: IdempotentCommands,
    private readonly outbox: OutboxPublisher,
    private readonly writer: RegistrationWriter,
  ) {}

  async execute(
    user: AuthUser,
    body: RegisterCandidateDto,
    idempotencyKey?: string,
  ): Promise<RegisteredRequest> {
    const check = await this.planner.check(
      body as unknown as Record<string, unknown>,
      user.clients,
      user.userId,
    );
    if ('violations' in check) throw invalidRequest(check.violations);
    const { registration, jobs } = check.planned;

    const registered = { requestId: registration.requestId, packageId: registration.packageId };
    // Jobs reach Bull after the commit; the client's answer never waits on Redis.
    if (!idempotencyKey) {
      // One atomic statement, shared with the registrations that arrive at the same time.
      void this.outbox.publishNow(await this.writer.write(registration, jobs));
      return registered;
    }
    // The key is claimed in the same transaction as the registration.
    let staged: PendingOutboxJob[] = [];
    const response = await this.commands.run(
      { userId: user.userId, operation: 'createCandidateRequest', key: idempotencyKey, request: body },
      async (executor: SqlExecutor) => {
        staged = await this.requests.insertRegistrations(executor, [registration], jobs);
        return registered;
      },
    );
    if (!response.replayed) void this.outbox.publishNow(staged);
    return response.result;
  }
}
