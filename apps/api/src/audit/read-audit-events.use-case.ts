import { auditClient, auditFilterOf, AuditQuery, auditQueryViolations } from '@app/domain';
import type { AuditRepository } from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import type { AuditEventPageDto } from './dto/audit-events.dto';

/** Which audit events, as asked (every field text, checked by the domain). */
export type AuditEventsQuery = AuditQuery;

/** An admin's page of its client's audit log, oldest first, after a cursor. */
export class ReadAuditEventsUseCase {
  constructor(private readonly events: AuditRepository) {}

  async execute(user: AuthUser, query: AuditEventsQuery): Promise<AuditEventPageDto> {
    const violations = auditQueryViolations(query);
    if (violations.length > 0) throw invalidRequest(violations);
    return this.events.page(auditClient(user.clients, user.client, query.clientId), auditFilterOf(query));
  }
}
