import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { col, day, jsonArray, readStatement, type RowOf } from './read-sql';

/** What the operator's gauges read of the service's state, in one statement (docs/operations.md, "The apps": metrics). */
export const READ_SERVICE_STATE = readStatement(
  'service-state',
  {},
  {
    /** Per list: the active version's entries and seconds since its import. */
    activeLists: jsonArray(
      {
        source: col('text', 'v.source'),
        entries: col('int', 'v.entries'),
        ageSeconds: col('float8', 'extract(epoch FROM now() - v.imported_at)'),
      },
      `watch_list_version v WHERE v.status = 'active'`,
      '',
    ),
    /** Imported versions per list and status (active, superseded, refused). */
    listVersions: jsonArray(
      { source: col('text', 'source'), status: col('text', 'status'), n: col('int', 'n') },
      '(SELECT source, status, count(*)::int AS n FROM watch_list_version GROUP BY 1, 2) v',
      '',
    ),
    monitors: jsonArray(
      { status: col('text', 'status'), n: col('int', 'n') },
      '(SELECT status, count(*)::int AS n FROM monitor GROUP BY 1) m',
      '',
    ),
    alerts: jsonArray(
      { status: col('text', 'status'), n: col('int', 'n') },
      '(SELECT status, count(*)::int AS n FROM monitor_alert GROUP BY 1) a',
      '',
    ),
    /** The audit log's last sequence number: it only grows, one per event. */
    auditEvents: col('float8', 'coalesce((SELECT max(seq) FROM audit_event), 0)::float8'),
    /** Open ARCO requests, counted by their due dates (YYYY-MM-DD). */
    privacyRequests: jsonArray(
      { dueDate: day('due_date'), dueSoonDate: day('due_soon_date'), n: col('int', 'n') },
      `(SELECT due_date, due_soon_date, count(*)::int AS n FROM privacy_request WHERE status = 'open' GROUP BY 1, 2) p`,
      '',
    ),
  },
  (_q, select) => `SELECT ${select}`,
);
export type ServiceState = RowOf<typeof READ_SERVICE_STATE.fields>;

@Injectable()
export class ServiceStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  async snapshot(): Promise<ServiceState> {
    const [row] = await READ_SERVICE_STATE.query(this.dataSource, {});
    return row;
  }
}
