import { Injectable } from '@nestjs/common';
import { type AlertMatch, type AlertReviewStatus, type MonitorSource, type MonitorStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { matchKeys, type MatchQuery } from '../legal-corpus/legal-corpus.queries';
import { candidateFields } from './candidate-columns';
import { pageWithTotal, queryRows, SqlExecutor } from './executor';
import { scalar } from './hot-sql';
import { col, readStatement, type RowOf } from './read-sql';

/** A monitor as docs/monitoring.md shows it; times in epoch ms. */
export interface MonitorRow {
  id: string;
  candidateRequestUuid: string;
  sources: MonitorSource[];
  status: MonitorStatus;
  createdAt: number;
  expiresAt: number;
}

/** An alert as docs/monitoring.md shows it, with its review. */
export interface MonitorAlertRow {
  id: string;
  monitorId: string;
  candidateRequestUuid: string;
  source: MonitorSource;
  version: number;
  entryId: string;
  kind: 'new_match' | 'status_changed' | 'removed';
  match: AlertMatch;
  status: 'open' | 'dismissed' | 'confirmed';
  createdAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
  note: string | null;
}

/** A monitor as the monthly charge sweep reads it (times in epoch ms), with the months already charged. */
export interface ChargeableMonitor {
  id: string;
  clientId: string;
  createdAt: number;
  endedAt: number | null;
  expiresAt: number;
  charged: string[];
}

/**
 * What creating a monitor reads of its candidate: who it is, for the BGC Legal name query and the
 * lists' comparison; not the contact details, the consent NIP, the regime or the company name.
 */
const MONITORED_CANDIDATE = {
  personType: true,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: true,
  nationality: false,
  gender: false,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: false,
  email: false,
  phone: false,
} as const;

/** What creating a monitor needs of its request; a blocked one may not be monitored (docs/privacy.md). */
export const READ_MONITORED_REQUEST = readStatement(
  'monitor-request',
  { requestId: scalar('uuid'), clientIds: scalar('text[]') },
  {
    requestId: col('uuid', 'r.id'),
    clientId: col('text', 'r.client_id'),
    processNames: col(
      'text[]',
      'array(SELECT p.name FROM request_process p WHERE p.request_id = r.id ORDER BY p.position)',
    ),
    ...candidateFields('c', MONITORED_CANDIDATE),
    /** Blocked under the client's retention policy (docs/privacy.md): no monitor may use it. */
    blocked: col('bool', 'r.blocked_at IS NOT NULL'),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.id = ${q.requestId} AND r.client_id = ANY(${q.clientIds}) AND r.suppressed_at IS NULL`,
);
export type MonitoredRequest = RowOf<typeof READ_MONITORED_REQUEST.fields>;

/** What a rectification's new BGC Legal query is made of: the candidate's name. */
const NAME_CANDIDATE = {
  ...MONITORED_CANDIDATE,
  birthDate: false,
  rfc: false,
  curp: false,
} as const;

/** The active monitors of these requests of the client, locked, with their candidates' names. */
export const READ_WATCHED_NAMES = readStatement(
  'monitor-watched-names',
  { clientId: scalar('text'), requestIds: scalar('uuid[]') },
  { id: col('uuid', 'm.id'), ...candidateFields('c', NAME_CANDIDATE) },
  (q, select) => `SELECT ${select}
  FROM monitor m JOIN candidate c ON c.request_id = m.request_id
 WHERE m.client_id = ${q.clientId} AND m.request_id = ANY(${q.requestIds}) AND m.status = 'active'
 ORDER BY m.id FOR UPDATE OF m`,
);

const MONITOR = `m.id, m.request_id AS "candidateRequestUuid", m.sources, m.status,
  (extract(epoch FROM m.created_at) * 1000)::bigint AS "createdAt",
  (extract(epoch FROM m.expires_at) * 1000)::bigint AS "expiresAt"`;

const ALERT = `a.id, a.monitor_id AS "monitorId", a.request_id AS "candidateRequestUuid", a.source,
  a.version::int AS version, a.entry_id AS "entryId", a.kind, a.match, a.status,
  (extract(epoch FROM a.created_at) * 1000)::bigint AS "createdAt",
  (extract(epoch FROM a.reviewed_at) * 1000)::bigint AS "reviewedAt", a.reviewed_by AS "reviewedBy", a.note`;

/** What stopping a monitor writes: `DELETE /monitors/{id}` and a granted opposition alike. */
const STOPPED = `status = 'stopped', ended_at = now()`;

const toMonitor = (row: MonitorRow): MonitorRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  expiresAt: Number(row.expiresAt),
});
const toAlert = (row: MonitorAlertRow): MonitorAlertRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  reviewedAt: row.reviewedAt === null ? null : Number(row.reviewedAt),
});

/** Monitors, their alerts and their monthly charges (docs/monitoring.md), scoped to the caller's clients. */
@Injectable()
export class MonitorRepository {
  constructor(private readonly dataSource: DataSource) {}

  async request(requestId: string, clientIds: string[]): Promise<MonitoredRequest | null> {
    const [row] = await READ_MONITORED_REQUEST.query(this.dataSource, { requestId, clientIds });
    return row ?? null;
  }

  /**
   * The monitor and the charge of its first month, in one statement; null when the request
   * already has an active monitor (the partial unique index decides, not a check first), and
   * `'blocked'` when the request is blocked (docs/privacy.md): it is read under a share lock, so a
   * blocking that commits meanwhile is either waited for and seen, or waits for the monitor.
   */
  async create(monitor: {
    id: string;
    clientId: string;
    requestId: string;
    createdBy: string;
    sources: readonly MonitorSource[];
    /** The request's BGC Legal name query; null when BGC Legal reads nothing for it (a company). */
    legalQuery: MatchQuery | null;
    /** Epoch ms: the time the default expiry counts from. */
    createdAt: number;
    expiresAt: number;
    period: string;
  }): Promise<MonitorRow | 'blocked' | null> {
    const rows = await queryRows<MonitorRow & { blocked: boolean }>(
      this.dataSource,
      `WITH r AS (SELECT id FROM candidate_request WHERE id = $3 AND blocked_at IS NULL FOR SHARE),
       m AS (
         INSERT INTO monitor (id, client_id, request_id, created_by, sources, legal_keys, status, created_at, expires_at)
         SELECT $1, $2, r.id, $4, $5, $6, 'active', to_timestamp($9::double precision / 1000),
                to_timestamp($7::double precision / 1000)
           FROM r
         ON CONFLICT (request_id) WHERE status = 'active' DO NOTHING
         RETURNING *),
       charge AS (
         INSERT INTO billing_charge (client_id, kind, monitor_id, period)
         SELECT client_id, 'MONITOR_MONTH', id, $8 FROM m
         ON CONFLICT (monitor_id, period) WHERE kind = 'MONITOR_MONTH' DO NOTHING)
       SELECT ${MONITOR}, false AS blocked FROM m
       UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, true WHERE NOT EXISTS (SELECT 1 FROM r)`,
      [
        monitor.id,
        monitor.clientId,
        monitor.requestId,
        monitor.createdBy,
        monitor.sources,
        monitor.legalQuery ? matchKeys(monitor.legalQuery) : [],
        monitor.expiresAt,
        monitor.period,
        monitor.createdAt,
      ],
    );
    if (!rows[0]) return null;
    const { blocked, ...row } = rows[0];
    return blocked ? 'blocked' : toMonitor(row);
  }

  async find(id: string, clientIds: string[]): Promise<MonitorRow | null> {
    const [row] = await queryRows<MonitorRow>(
      this.dataSource,
      `SELECT ${MONITOR} FROM monitor m WHERE m.id = $1 AND m.client_id = ANY($2)`,
      [id, clientIds],
    );
    return row ? toMonitor(row) : null;
  }

  /** Newest first. */
  async list(
    clientIds: string[],
    filter: { status?: MonitorStatus; page: number; limit: number },
  ): Promise<{ rows: MonitorRow[]; total: number }> {
    const { rows, total } = await pageWithTotal<MonitorRow>(
      this.dataSource,
      {
        select: MONITOR,
        from: `monitor m WHERE m.client_id = ANY($1) AND ($2::text IS NULL OR m.status = $2)`,
        orderBy: 'm.created_at DESC, m.id DESC',
        params: [clientIds, filter.status ?? null],
      },
      filter,
    );
    return { rows: rows.map(toMonitor), total };
  }

  /** Stops an active monitor (a stopped or expired one stays as it is); false when not the caller's. */
  async stop(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `WITH s AS (UPDATE monitor SET ${STOPPED}
                   WHERE id = $1 AND client_id = ANY($2) AND status = 'active' RETURNING id)
       SELECT id FROM s UNION ALL SELECT id FROM monitor WHERE id = $1 AND client_id = ANY($2)`,
      [id, clientIds],
    );
    return rows.length > 0;
  }

  /**
   * Stops the client's active monitors of these requests exactly as `stop` does (an opposition
   * granted, docs/privacy.md), in the caller's transaction; answers the monitors stopped.
   */
  async stopWatching(
    executor: SqlExecutor,
    clientId: string,
    requestIds: readonly string[],
  ): Promise<string[]> {
    if (requestIds.length === 0) return [];
    const rows = await queryRows<{ id: string }>(
      executor,
      `UPDATE monitor SET ${STOPPED}
        WHERE client_id = $1 AND request_id = ANY($2::uuid[]) AND status = 'active' RETURNING id`,
      [clientId, requestIds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * After the candidates of these requests were corrected (a granted rectification, in the caller's
   * transaction): each active monitor of them watches the legal-records corpus for the corrected
   * name, `queryOf` the request's BGC Legal name query as at creation. Answers the monitors changed.
   */
  async rewatchNames(
    executor: SqlExecutor,
    clientId: string,
    requestIds: readonly string[],
    queryOf: (
      candidate: Pick<MonitoredRequest, 'personType' | 'name' | 'lastName' | 'secondLastName'>,
    ) => MatchQuery | null,
  ): Promise<string[]> {
    if (requestIds.length === 0) return [];
    const watched = await READ_WATCHED_NAMES.query(executor, { clientId, requestIds });
    for (const monitor of watched) {
      const query = queryOf(monitor);
      await executor.query(`UPDATE monitor SET legal_keys = $2 WHERE id = $1`, [
        monitor.id,
        query ? matchKeys(query) : [],
      ]);
    }
    return watched.map((monitor) => monitor.id);
  }

  /** These monitors of the client (an ARCO access export), oldest first, with when they ended. */
  async ofIds(
    clientId: string,
    ids: readonly string[],
  ): Promise<Array<MonitorRow & { endedAt: number | null }>> {
    if (ids.length === 0) return [];
    const rows = await queryRows<MonitorRow & { endedAt: number | null }>(
      this.dataSource,
      `SELECT ${MONITOR}, (extract(epoch FROM m.ended_at) * 1000)::bigint AS "endedAt"
         FROM monitor m WHERE m.client_id = $1 AND m.id = ANY($2::uuid[]) ORDER BY m.created_at, m.id`,
      [clientId, ids],
    );
    return rows.map((row) => ({
      ...toMonitor(row),
      endedAt: row.endedAt === null ? null : Number(row.endedAt),
    }));
  }

  /** Every alert of these monitors of the client, oldest first (an ARCO access export). */
  async alertsOfMonitors(clientId: string, monitorIds: readonly string[]): Promise<MonitorAlertRow[]> {
    if (monitorIds.length === 0) return [];
    const rows = await queryRows<MonitorAlertRow>(
      this.dataSource,
      `SELECT ${ALERT} FROM monitor_alert a
        WHERE a.client_id = $1 AND a.monitor_id = ANY($2::uuid[]) ORDER BY a.created_at, a.id`,
      [clientId, monitorIds],
    );
    return rows.map(toAlert);
  }

  /** Active monitors whose time is up become `expired`; answers how many. */
  async expire(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE monitor SET status = 'expired', ended_at = expires_at
        WHERE status = 'active' AND expires_at <= now() RETURNING id`,
    );
    return rows.length;
  }

  /**
   * Monitors that may still owe a month, a page at a time in `seq` order: the active ones and those
   * ended since `endedSince`, each with the months the ledger already has for it.
   */
  async *chargeable(endedSince: Date, page = 10_000): AsyncGenerator<ChargeableMonitor[]> {
    let after = '0';
    for (;;) {
      const rows = await queryRows<ChargeableMonitor & { seq: string }>(
        this.dataSource,
        `SELECT m.id, m.client_id AS "clientId", m.seq::text AS seq,
                (extract(epoch FROM m.created_at) * 1000)::bigint::float8 AS "createdAt",
                (extract(epoch FROM m.ended_at) * 1000)::bigint::float8 AS "endedAt",
                (extract(epoch FROM m.expires_at) * 1000)::bigint::float8 AS "expiresAt",
                ARRAY(SELECT b.period FROM billing_charge b
                       WHERE b.monitor_id = m.id AND b.kind = 'MONITOR_MONTH') AS charged
           FROM monitor m
          WHERE m.seq > $1::bigint AND (m.status = 'active' OR m.ended_at >= $2)
          ORDER BY m.seq LIMIT $3`,
        [after, endedSince, page],
      );
      if (rows.length === 0) return;
      yield rows.map(({ seq: _seq, ...row }) => row);
      if (rows.length < page) return;
      after = rows[rows.length - 1].seq;
    }
  }

  /** Charges these months, each once per monitor whoever runs it how often (the ledger's unique key). */
  async chargeMonths(
    charges: ReadonlyArray<{ monitorId: string; clientId: string; period: string }>,
  ): Promise<number> {
    if (charges.length === 0) return 0;
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO billing_charge (client_id, kind, monitor_id, period)
       SELECT c, 'MONITOR_MONTH', m, p FROM unnest($1::text[], $2::uuid[], $3::text[]) AS t(c, m, p)
       ON CONFLICT (monitor_id, period) WHERE kind = 'MONITOR_MONTH' DO NOTHING
       RETURNING id`,
      [charges.map((c) => c.clientId), charges.map((c) => c.monitorId), charges.map((c) => c.period)],
    );
    return rows.length;
  }

  /** A monitor's alerts (every status unless given), newest first. */
  async alertsOf(
    monitorId: string,
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: MonitorAlertRow[]; total: number }> {
    return this.alertPage(`a.monitor_id = $1`, monitorId, filter);
  }

  /** The caller's alerts (every status unless given), newest first. */
  async alertsOfClients(
    clientIds: string[],
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: MonitorAlertRow[]; total: number }> {
    return this.alertPage(`a.client_id = ANY($1)`, clientIds, filter);
  }

  private async alertPage(
    scope: string,
    scopeValue: unknown,
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: MonitorAlertRow[]; total: number }> {
    const { rows, total } = await pageWithTotal<MonitorAlertRow>(
      this.dataSource,
      {
        select: ALERT,
        // An alert of a blocked request is that request's data (docs/privacy.md): it leaves the lists.
        from: `monitor_alert a WHERE ${scope} AND ($2::text IS NULL OR a.status = $2)
                 AND NOT EXISTS (SELECT 1 FROM candidate_request r WHERE r.id = a.request_id AND r.blocked_at IS NOT NULL)`,
        orderBy: 'a.created_at DESC, a.id DESC',
        params: [scopeValue, filter.status ?? null],
      },
      filter,
    );
    return { rows: rows.map(toAlert), total };
  }

  /** Records a review (who, when, the note); null when the alert is not the caller's. */
  async review(
    id: string,
    clientIds: string[],
    review: { status: AlertReviewStatus; note: string | null; userId: string },
    executor: SqlExecutor = this.dataSource,
  ): Promise<MonitorAlertRow | null> {
    const [row] = await queryRows<MonitorAlertRow>(
      executor,
      `UPDATE monitor_alert a SET status = $3, note = $4, reviewed_by = $5, reviewed_at = now()
        WHERE a.id = $1 AND a.client_id = ANY($2)
          AND NOT EXISTS (SELECT 1 FROM candidate_request r WHERE r.id = a.request_id AND r.blocked_at IS NOT NULL)
        RETURNING ${ALERT}`,
      [id, clientIds, review.status, review.note, review.userId],
    );
    return row ? toAlert(row) : null;
  }

  /** Open alerts of a request (the overview's count). */
  async openAlertCount(executor: SqlExecutor, requestId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      executor,
      `SELECT count(*)::int AS n FROM monitor_alert WHERE request_id = $1 AND status = 'open'`,
      [requestId],
    );
    return row.n;
  }
}
