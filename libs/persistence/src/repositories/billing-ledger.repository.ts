import { Injectable } from '@nestjs/common';
import type { LedgerDayCount, UsageRange } from '@app/domain';
import { DataSource } from 'typeorm';

/** Reads of the billing ledger (`billing_charge`); its rows are written with the searches and unlocks. */
@Injectable()
export class BillingLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A client's charges per calendar day of `timeZone` and kind, over the range's days (both
   * included): an index-only scan of (client_id, charged_at) INCLUDE (kind).
   */
  async countPerDay(clientId: string, range: UsageRange, timeZone: string): Promise<LedgerDayCount[]> {
    return this.dataSource.query(
      `SELECT to_char(charged_at AT TIME ZONE $4, 'YYYY-MM-DD') AS day, kind, count(*)::int AS count
         FROM billing_charge
        WHERE client_id = $1
          AND charged_at >= ($2::date)::timestamp AT TIME ZONE $4
          AND charged_at < ($3::date + 1)::timestamp AT TIME ZONE $4
        GROUP BY 1, 2
        ORDER BY 1, 2`,
      [clientId, range.from, range.to, timeZone],
    );
  }
}
