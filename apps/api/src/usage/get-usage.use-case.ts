import {
  calendarDateIn,
  clientIdViolations,
  resolveClientId,
  usageRangeOf,
  usageStatement,
  validateUsageQuery,
} from '@app/domain';
import { BillingLedgerRepository } from '@app/persistence';
import { AppConfig } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import { UsageStatementDto } from './usage.dto';

/** The period (ISO dates), the grouping and the client of a usage statement, as asked. */
export interface UsageQuery {
  from?: string;
  to?: string;
  groupBy?: string;
  clientId?: string;
}

/**
 * docs/behaviour.md: what a client was billed, per day or month of SERVICE_TIMEZONE, counted from the
 * billing ledger alone so that the statement and the charges can never disagree.
 */
export class GetUsageUseCase {
  constructor(
    private readonly ledger: BillingLedgerRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(user: AuthUser, query: UsageQuery): Promise<UsageStatementDto> {
    const violations = [...validateUsageQuery(query), ...clientIdViolations(user.clients, query.clientId)];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, query.clientId);
    const timeZone = this.config.serviceTimezone;
    const range = usageRangeOf(query, calendarDateIn(timeZone, new Date()));
    const counts = await this.ledger.countPerDay(clientId, range, timeZone);
    return { clientId, ...range, ...usageStatement(range, counts) };
  }
}
