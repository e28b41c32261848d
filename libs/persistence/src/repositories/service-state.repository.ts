import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';

/** What the operator's gauges read of the service's state, in one statement (docs/operations.md, "The apps": metrics). */
export interface ServiceState {
  /** Per list: the active version's entries and seconds since its import; null without one. */
  activeLists: Array<{ source: string; entries: number; ageSeconds: number }>;
  /** Imported versions per list and status (active, superseded, refused). */
  listVersions: Array<{ source: string; status: string; n: number }>;
  monitors: Array<{ status: string; n: number }>;
  alerts: Array<{ status: string; n: number }>;
  /** The audit log's last sequence number: it only grows, one per event. */
  auditEvents: number;
  /** Open ARCO requests, counted by their due dates (YYYY-MM-DD). */
  privacyRequests: Array<{ dueDate: string; dueSoonDate: string; n: number }>;
}

@Injectable()
export class ServiceStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  async snapshot(): Promise<ServiceState> {
    const [row] = await queryRows<ServiceState>(
      this.dataSource,
      `SELECT
         coalesce((SELECT json_agg(json_build_object('source', v.source, 'entries', v.entries,
                     'ageSeconds', extract(epoch FROM now() - v.imported_at)))
                     FROM watch_list_version v WHERE v.status = 'active'), '[]') AS "activeLists",
         coalesce((SELECT json_agg(json_build_object('source', source, 'status', status, 'n', n))
                     FROM (SELECT source, status, count(*)::int AS n FROM watch_list_version GROUP BY 1, 2) v), '[]')
           AS "listVersions",
         coalesce((SELECT json_agg(json_build_object('status', status, 'n', n))
                     FROM (SELECT status, count(*)::int AS n FROM monitor GROUP BY 1) m), '[]') AS monitors,
         coalesce((SELECT json_agg(json_build_object('status', status, 'n', n))
                     FROM (SELECT status, count(*)::int AS n FROM monitor_alert GROUP BY 1) a), '[]') AS alerts,
         coalesce((SELECT max(seq) FROM audit_event), 0)::float8 AS "auditEvents",
         coalesce((SELECT json_agg(json_build_object('dueDate', due_date, 'dueSoonDate', due_soon_date, 'n', n))
                     FROM (SELECT due_date, due_soon_date, count(*)::int AS n
                             FROM privacy_request WHERE status = 'open' GROUP BY 1, 2) p), '[]') AS "privacyRequests"`,
    );
    return row;
  }
}
