import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  FieldViolation,
  initialStatus,
  normalizeRegistration,
  PROCESS_DEPENDENCY,
  ProcessName,
  processesForRegistration,
  validateRegistration,
} from '@app/domain';
import { CandidateRequestRepository, PackageRepository, PendingOutboxJob } from '@app/persistence';
import { APP_CONFIG, AppConfig, OutboxPublisher, runProcessJobs } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { CommandResponse, IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { RegisterCandidateDto, RegistrationAcceptedDto } from './dto/register-candidate.dto';

export const REGISTRATION_MESSAGE =
  'Candidate request registered: its processes run asynchronously; poll GET /candidate-requests/{uuid}.';

/**
 * SPEC 4.2: validates, then writes the request, its candidate, one row per process and the jobs
 * to run (outbox) in one transaction; the jobs reach Bull after the commit.
 */
@Injectable()
export class RegisterCandidateUseCase {
  constructor(
    private readonly packages: PackageRepository,
    private readonly requests: CandidateRequestRepository,
    private readonly commands: IdempotentCommands,
    private readonly outbox: OutboxPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(
    user: AuthUser,
    body: RegisterCandidateDto,
    idempotencyKey?: string,
  ): Promise<CommandResponse<RegistrationAcceptedDto>> {
    const input = normalizeRegistration({ ...body, personType: body.personType ?? 'individual' });
    const pkg = await this.packages.findForClients(body.packageId, user.clients);
    const violations: FieldViolation[] = pkg
      ? []
      : [
          {
            field: 'packageId',
            message: `Package "${body.packageId}" is not a package of your clients (see GET /packages).`,
          },
        ];
    violations.push(
      ...validateRegistration(input, {
        packageProcesses: (pkg?.processes ?? []) as ProcessName[],
        today: calendarDateIn(this.config.serviceTimezone, new Date()),
      }),
    );
    if (violations.length > 0 || !pkg) throw invalidRequest(violations);

    const staged: PendingOutboxJob[] = [];
    const response = await this.commands.run(
      { userId: user.userId, operation: 'createCandidateRequest', key: idempotencyKey, request: body },
      async (tx) => {
        const requestId = randomUUID();
        const names = processesForRegistration(pkg.processes as ProcessName[], input.personType);
        const processes = names.map((name, position) => ({
          id: randomUUID(),
          name,
          position,
          dependsOn: names.includes(PROCESS_DEPENDENCY[name] as ProcessName)
            ? PROCESS_DEPENDENCY[name]
            : null,
          status: initialStatus(name, names),
        }));
        await this.requests.insertRegistration(tx, {
          requestId,
          clientId: pkg.clientId,
          packageId: pkg.id,
          createdBy: user.userId,
          personType: input.personType,
          candidate: { id: randomUUID(), ...input, nationality: input.nationality as string },
          processes,
        });
        const runnable = processes
          .filter((p) => p.status === 'En proceso')
          .map((p) => ({ id: p.id, requestId, generation: 0 }));
        staged.push(...(await this.outbox.stage(tx, runProcessJobs(runnable))));
        return {
          statusCode: 202,
          body: { uuid: requestId, status: 'Pending', packageId: pkg.id, message: REGISTRATION_MESSAGE },
          headers: { Location: `/candidate-requests/${requestId}` },
        };
      },
    );
    // After the commit; never awaited by the client's answer beyond a short timeout.
    if (!response.replayed) void this.outbox.publishNow(staged);
    return response;
  }
}
