import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  FieldViolation,
  normalizeRegistration,
  planRegistration,
  ProcessName,
  processesForRegistration,
  registrationTypeViolations,
  validateRegistration,
} from '@app/domain';
import {
  CandidateRequestRepository,
  PackageRepository,
  PendingOutboxJob,
  SqlExecutor,
} from '@app/persistence';
import { DataSource } from 'typeorm';
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
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(
    user: AuthUser,
    body: RegisterCandidateDto,
    idempotencyKey?: string,
  ): Promise<CommandResponse<RegistrationAcceptedDto>> {
    // One 400 for everything: the JSON types, the package, then every rule on the readable fields.
    const typeViolations = registrationTypeViolations(body as unknown as Record<string, unknown>);
    const unreadable = new Set(typeViolations.map((v) => v.field));
    const input = normalizeRegistration({
      ...body,
      personType: unreadable.has('personType') ? undefined : body.personType,
    });
    const pkg = unreadable.has('packageId')
      ? null
      : await this.packages.findForClients(body.packageId, user.clients);
    const violations: FieldViolation[] = [...typeViolations];
    if (!pkg && !unreadable.has('packageId'))
      violations.push({
        field: 'packageId',
        message: `Package "${body.packageId}" is not a package of your clients (see GET /packages).`,
      });
    violations.push(
      ...validateRegistration(input, {
        packageProcesses: (pkg?.processes ?? []) as ProcessName[],
        today: calendarDateIn(this.config.serviceTimezone, new Date()),
      }).filter((v) => !unreadable.has(v.field)),
    );
    if (violations.length > 0 || !pkg) throw invalidRequest(violations);

    const write = async (executor: SqlExecutor): Promise<CommandResponse<RegistrationAcceptedDto>> => {
      const requestId = randomUUID();
      const names = processesForRegistration(pkg.processes as ProcessName[], input.personType);
      const plan = planRegistration(
        requestId,
        pkg.id,
        names.map((name) => ({ id: randomUUID(), name })),
      );
      const runnable = plan.processes
        .filter((p) => p.status === 'En proceso')
        .map((p) => ({ id: p.id, requestId, generation: 0 }));
      staged = await this.requests.insertRegistration(
        executor,
        {
          requestId,
          clientId: pkg.clientId,
          packageId: pkg.id,
          createdBy: user.userId,
          personType: input.personType,
          status: plan.requestStatus,
          candidate: { id: randomUUID(), ...input, nationality: input.nationality as string },
          processes: plan.processes,
          events: plan.events,
        },
        runProcessJobs(runnable),
      );
      return {
        statusCode: 202,
        body: { uuid: requestId, status: 'Pending', packageId: pkg.id, message: REGISTRATION_MESSAGE },
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
