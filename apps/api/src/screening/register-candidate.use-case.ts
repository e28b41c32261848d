import type { CandidateRequestRepository } from '@app/persistence';
import type { OutboxPublisher } from '@app/application';
import type { AuthUser } from '../auth/auth-user';
import type { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import type { RegistrationPlanner } from './registration-planner';

/** A candidate to register as the caller sends it: the planner checks it with the domain's rules. */
export interface RegisterCandidateCommand {
  packageId: string;
  personType?: 'individual' | 'corporate';
  name?: string;
  lastName?: string;
  secondLastName?: string;
  birthDate?: string;
  nationality: string;
  gender?: string;
  rfc?: string;
  curp?: string;
  consentNIP?: string;
  /** What the candidate consented to (docs/privacy.md, "Consent and the privacy notice"). */
  consent?: {
    basis: string;
    noticeVersion: string;
    acceptedAt: number;
    medium: string;
    evidenceRef?: string;
  };
  regime?: string;
  businessName?: string;
  email?: string;
  phone?: string;
}

/** A registered request: its processes run asynchronously. */
export interface RegisteredRequest {
  requestId: string;
  packageId: string;
}

/**
 * docs/behaviour.md: validates, then writes the request, its candidate, one row per process, its events and
 * the jobs to run (outbox), with the Idempotency-Key's claim when there is one (docs/behaviour.md), as one
 * atomic write; the jobs reach Bull after it, and the client's answer never waits on Redis.
 */
export class RegisterCandidateUseCase {
  constructor(
    private readonly planner: RegistrationPlanner,
    private readonly requests: CandidateRequestRepository,
    private readonly commands: IdempotentCommands,
    private readonly outbox: OutboxPublisher,
  ) {}

  async execute(
    user: AuthUser,
    body: RegisterCandidateCommand,
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

    const claim = this.commands.claimOf(
      { userId: user.actor.id, operation: 'createCandidateRequest', key: idempotencyKey, request: body },
      registered,
    );
    const written = await this.requests.writeRegistration({ registration, jobs, claim });
    // A retry of a key already used answers what the key keeps (or 422 for another body).
    if (!written.written) return this.commands.replay<RegisteredRequest>(claim!, written.kept);
    void this.outbox.publishNow(written.jobs);
    return registered;
  }
}
