import { CandidateRequestRepository, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import { DataSource } from 'typeorm';
import { OutboxPublisher } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { RegisterCandidateDto } from './dto/register-candidate.dto';
import { RegistrationPlanner } from './registration-planner';

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
    private readonly dataSource: DataSource,
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

    const write = async (executor: SqlExecutor): Promise<RegisteredRequest> => {
      staged = await this.requests.insertRegistrations(executor, [registration], jobs);
      return { requestId: registration.requestId, packageId: registration.packageId };
    };
    let staged: PendingOutboxJob[] = [];
    // Without a key the registration is one atomic statement; with one, the key is claimed in the
    // same transaction.
    const response = idempotencyKey
      ? await this.commands.run(
          { userId: user.userId, operation: 'createCandidateRequest', key: idempotencyKey, request: body },
          write,
        )
      : { result: await write(this.dataSource), replayed: false };
    // After the commit; never awaited by the client's answer beyond a short timeout.
    if (!response.replayed) void this.outbox.publishNow(staged);
    return response.result;
  }
}
