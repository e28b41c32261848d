import { Injectable } from '@nestjs/common';
import type { LedgerDayCount, UsageRange } from '@app/domain';
import { DataSource } from 'typeorm';
import { scalar } from './hot-sql';
import { col, readStatement } from './read-sql';

/** A client's charges per calendar day of a time zone and kind, over a range of days (both included). */
export const COUNT_CHARGES_PER_DAY = readStatement(
  'billing-count-per-day',
  { clientId: scalar('text'), from: scalar('date'), to: scalar('date'), timeZone: scalar('text') },
  (q) => ({
    day: col('text', `to_char(charged_at AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD')`),
    kind: col('text', 'kind').as<LedgerDayCount['kind']>(),
    count: col('int', 'count(*)::int'),
  }),
  (q, select) => `SELECT ${select}
  FROM billing_charge
 WHERE client_id = ${q.clientId}
   AND charged_at >= (${q.from})::timestamp AT TIME ZONE ${q.timeZone}
   AND charged_at < (${q.to} + 1)::timestamp AT TIME ZONE ${q.timeZone}
 GROUP BY 1, 2
 ORDER BY 1, 2`,
);

/** Reads of the billing ledger (`billing_charge`); its rows are written with the searches and unlocks. */
@Injectable()
export class BillingLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A client's charges per calendar day of `timeZone` and kind, over the range's days (both
   * included): an index-only scan of (client_id, charged_at) INCLUDE (kind).
   */
  async countPerDay(clientId: string, range: UsageRange, timeZone: string): Promise<LedgerDayCount[]> {
    return COUNT_CHARGES_PER_DAY.query(this.dataSource, {
      clientId,
      from: range.from,
      to: range.to,
      timeZone,
    });
  }
}
