import { Injectable } from '@nestjs/common';
import { CandidateRequestRepository, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import { DataSource } from 'typeorm';
import { OutboxPublisher } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { CommandResponse, IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { RegisterCandidateDto, RegistrationAcceptedDto } from './dto/register-candidate.dto';
import { RegistrationPlanner } from './registration-planner';

export const REGISTRATION_MESSAGE =
  'Candidate request registered: its processes run asynchronously; poll GET /candidate-requests/{uuid}.';

/**
 * SPEC 4.2: validates, then writes the request, its candidate, one row per process and the jobs
 * to run (outbox) in one transaction; the jobs reach Bull after the commit.
 */
@Injectable()
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
  ): Promise<CommandResponse<RegistrationAcceptedDto>> {
    const check = await this.planner.check(
      body as unknown as Record<string, unknown>,
      user.clients,
      user.userId,
    );
    if ('violations' in check) throw invalidRequest(check.violations);
    const { registration, jobs } = check.planned;

    const write = async (executor: SqlExecutor): Promise<CommandResponse<RegistrationAcceptedDto>> => {
      staged = await this.requests.insertRegistrations(executor, [registration], jobs);
      const { requestId, packageId } = registration;
      return {
        statusCode: 202,
        body: { uuid: requestId, status: 'Pending', packageId, message: REGISTRATION_MESSAGE },
        headers: { Location: `/candidate-requests/${requestId}` },
      };
    };
    let staged: PendingOutboxJob[] = [];
    // Without a key the registration is one atomic statement; with one, the key is claimed in the
    // same transaction.
    const response = idempotencyKey
      ? await this.commands.run(
          { userId: user.userId, operation: 'createCandidateRequest', key: idempotencyKey, request: body },
          write,
        )
      : { ...(await write(this.dataSource)), replayed: false };
    // After the commit; never awaited by the client's answer beyond a short timeout.
    if (!response.replayed) void this.outbox.publishNow(staged);
    return response;
  }
}
