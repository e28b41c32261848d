import { Injectable } from '@nestjs/common';
import { type AlertMatch, type AlertReviewStatus, type MonitorSource, type MonitorStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { matchKeys, type MatchQuery } from '../legal-corpus/legal-corpus.queries';
import { candidateFields } from './candidate-columns';
import { SqlExecutor } from './executor';
import { hotStatement, rows, scalar } from './hot-sql';
import { col, epochMs, json, pagedRead, readPage, readStatement, type RowOf } from './read-sql';

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

/** A monitor as docs/monitoring.md shows it; times in epoch ms. */
const MONITOR_FIELDS = {
  id: col('uuid', 'm.id'),
  candidateRequestUuid: col('uuid', 'm.request_id'),
  sources: col('text[]', 'm.sources').as<MonitorSource[]>(),
  status: col('text', 'm.status').as<MonitorStatus>(),
  createdAt: epochMs('m.created_at'),
  expiresAt: epochMs('m.expires_at'),
};
export type MonitorRow = RowOf<typeof MONITOR_FIELDS>;

/** An alert as docs/monitoring.md shows it, with its review. */
const ALERT_FIELDS = {
  id: col('uuid', 'a.id'),
  monitorId: col('uuid', 'a.monitor_id'),
  candidateRequestUuid: col('uuid', 'a.request_id'),
  source: col('text', 'a.source').as<MonitorSource>(),
  version: col('int', 'a.version::int'),
  entryId: col('text', 'a.entry_id'),
  kind: col('text', 'a.kind').as<'new_match' | 'status_changed' | 'removed'>(),
  match: json<AlertMatch>('a.match'),
  status: col('text', 'a.status').as<'open' | 'dismissed' | 'confirmed'>(),
  createdAt: epochMs('a.created_at'),
  reviewedAt: epochMs('a.reviewed_at').orNull(),
  reviewedBy: col('uuid', 'a.reviewed_by').orNull(),
  note: col('text', 'a.note').orNull(),
};
export type MonitorAlertRow = RowOf<typeof ALERT_FIELDS>;

/** What stopping a monitor writes: `DELETE /monitors/{id}` and a granted opposition alike. */
const STOPPED = `status = 'stopped', ended_at = now()`;

/**
 * The monitor and the charge of its first month; no row when the request has an active monitor
 * already, one row of NULLs but `blocked` when the request is blocked (see `create`).
 */
export const INSERT_MONITOR = readStatement(
  'monitor-insert',
  {
    id: scalar('uuid'),
    clientId: scalar('text'),
    requestId: scalar('uuid'),
    createdBy: scalar('uuid'),
    sources: scalar('text[]'),
    legalKeys: scalar('text[]'),
    expiresAt: scalar('float8'),
    period: scalar('text'),
    createdAt: scalar('float8'),
  },
  { ...MONITOR_FIELDS, blocked: col('bool', 'false') },
  (
    q,
    select,
  ) => `WITH r AS (SELECT id FROM candidate_request WHERE id = ${q.requestId} AND blocked_at IS NULL FOR SHARE),
     m AS (
       INSERT INTO monitor (id, client_id, request_id, created_by, sources, legal_keys, status, created_at, expires_at)
       SELECT ${q.id}, ${q.clientId}, r.id, ${q.createdBy}, ${q.sources}, ${q.legalKeys}, 'active',
              to_timestamp(${q.createdAt} / 1000), to_timestamp(${q.expiresAt} / 1000)
         FROM r
       ON CONFLICT (request_id) WHERE status = 'active' DO NOTHING
       RETURNING *),
     charge AS (
       INSERT INTO billing_charge (client_id, kind, monitor_id, period)
       SELECT client_id, 'MONITOR_MONTH', id, ${q.period} FROM m
       ON CONFLICT (monitor_id, period) WHERE kind = 'MONITOR_MONTH' DO NOTHING)
SELECT ${select} FROM m
UNION ALL SELECT ${Object.keys(MONITOR_FIELDS)
    .map(() => 'NULL')
    .join(', ')}, true WHERE NOT EXISTS (SELECT 1 FROM r)`,
);

/** One of the caller's monitors. */
export const READ_MONITOR = readStatement(
  'monitor-find',
  { id: scalar('uuid'), clientIds: scalar('text[]') },
  MONITOR_FIELDS,
  (q, select) => `SELECT ${select} FROM monitor m WHERE m.id = ${q.id} AND m.client_id = ANY(${q.clientIds})`,
);

/** The caller's monitors, newest first, of a status or all. */
export const PAGE_MONITORS = pagedRead(
  'monitor-page',
  { clientIds: scalar('text[]'), status: scalar('text') },
  MONITOR_FIELDS,
  (q) =>
    `monitor m WHERE m.client_id = ANY(${q.clientIds}) AND (${q.status} IS NULL OR m.status = ${q.status})`,
  'm.created_at DESC, m.id DESC',
);

/** Stops an active monitor of the caller; a row when the monitor is the caller's (stopped now or not). */
export const STOP_MONITOR = readStatement(
  'monitor-stop',
  { id: scalar('uuid'), clientIds: scalar('text[]') },
  { id: col('uuid', 'id') },
  (q, select) => `WITH s AS (UPDATE monitor SET ${STOPPED}
                 WHERE id = ${q.id} AND client_id = ANY(${q.clientIds}) AND status = 'active' RETURNING id)
SELECT ${select} FROM s UNION ALL SELECT ${select} FROM monitor WHERE id = ${q.id} AND client_id = ANY(${q.clientIds})`,
);

/** Stops the client's active monitors of these requests (an opposition granted). */
export const STOP_WATCHING = readStatement(
  'monitor-stop-watching',
  { clientId: scalar('text'), requestIds: scalar('uuid[]') },
  { id: col('uuid', 'id') },
  (q, select) => `UPDATE monitor SET ${STOPPED}
 WHERE client_id = ${q.clientId} AND request_id = ANY(${q.requestIds}) AND status = 'active' RETURNING ${select}`,
);

/** A monitor's BGC Legal name query, as the corpus's match keys. */
export const SET_LEGAL_KEYS = hotStatement<never>()(
  'monitor-set-legal-keys',
  { id: scalar('uuid'), legalKeys: scalar('text[]') },
  (q) => `UPDATE monitor SET legal_keys = ${q.legalKeys} WHERE id = ${q.id}`,
);

/** These monitors of the client, oldest first, with when they ended (an ARCO access export). */
export const READ_MONITORS_OF_IDS = readStatement(
  'monitor-of-ids',
  { clientId: scalar('text'), ids: scalar('uuid[]') },
  { ...MONITOR_FIELDS, endedAt: epochMs('m.ended_at').orNull() },
  (q, select) => `SELECT ${select}
  FROM monitor m WHERE m.client_id = ${q.clientId} AND m.id = ANY(${q.ids}) ORDER BY m.created_at, m.id`,
);

/** Every alert of these monitors of the client, oldest first (an ARCO access export). */
export const READ_ALERTS_OF_MONITORS = readStatement(
  'monitor-alerts-of-monitors',
  { clientId: scalar('text'), monitorIds: scalar('uuid[]') },
  ALERT_FIELDS,
  (q, select) => `SELECT ${select} FROM monitor_alert a
 WHERE a.client_id = ${q.clientId} AND a.monitor_id = ANY(${q.monitorIds}) ORDER BY a.created_at, a.id`,
);

/** Active monitors whose time is up become `expired`. */
export const EXPIRE_MONITORS = readStatement(
  'monitor-expire',
  {},
  { id: col('uuid', 'id') },
  (_q, select) => `UPDATE monitor SET status = 'expired', ended_at = expires_at
 WHERE status = 'active' AND expires_at <= now() RETURNING ${select}`,
);

/** Monitors that may still owe a month, after a `seq`, with the months the ledger has for each. */
export const READ_CHARGEABLE = readStatement(
  'monitor-chargeable',
  { afterSeq: scalar('bigint'), endedSince: scalar('timestamptz'), page: scalar('int') },
  {
    id: col('uuid', 'm.id'),
    clientId: col('text', 'm.client_id'),
    seq: col('text', 'm.seq::text'),
    createdAt: epochMs('m.created_at'),
    endedAt: epochMs('m.ended_at').orNull(),
    expiresAt: epochMs('m.expires_at'),
    charged: col(
      'text[]',
      `ARRAY(SELECT b.period FROM billing_charge b WHERE b.monitor_id = m.id AND b.kind = 'MONITOR_MONTH')`,
    ),
  },
  (q, select) => `SELECT ${select}
  FROM monitor m
 WHERE m.seq > ${q.afterSeq} AND (m.status = 'active' OR m.ended_at >= ${q.endedSince})
 ORDER BY m.seq LIMIT ${q.page}`,
);

/** Months charged, each once per monitor (the ledger's unique key). */
export const CHARGE_MONTHS = hotStatement<{ id: string }>()(
  'monitor-charge-months',
  {
    charges: rows<{ monitorId: string; clientId: string; period: string }>('t', {
      c: ['text', (c) => c.clientId],
      m: ['uuid', (c) => c.monitorId],
      p: ['text', (c) => c.period],
    }),
  },
  (q) => `INSERT INTO billing_charge (client_id, kind, monitor_id, period)
SELECT c, 'MONITOR_MONTH', m, p FROM ${q.charges.from}
ON CONFLICT (monitor_id, period) WHERE kind = 'MONITOR_MONTH' DO NOTHING
RETURNING id`,
);

/**
 * Alerts newest first, of a status or all, `scope` the monitor or the clients. An alert of a
 * blocked request is that request's data (docs/privacy.md): it leaves the lists.
 */
const alertPage = <P extends 'uuid' | 'text[]'>(name: string, type: P, scope: (value: string) => string) =>
  pagedRead(
    name,
    { scope: scalar(type), status: scalar('text') },
    ALERT_FIELDS,
    (q) => `monitor_alert a WHERE ${scope(q.scope)} AND (${q.status} IS NULL OR a.status = ${q.status})
   AND NOT EXISTS (SELECT 1 FROM candidate_request r WHERE r.id = a.request_id AND r.blocked_at IS NOT NULL)`,
    'a.created_at DESC, a.id DESC',
  );
export const PAGE_ALERTS_OF_MONITOR = alertPage('monitor-alerts-of', 'uuid', (id) => `a.monitor_id = ${id}`);
export const PAGE_ALERTS_OF_CLIENTS = alertPage(
  'monitor-alerts-of-clients',
  'text[]',
  (ids) => `a.client_id = ANY(${ids})`,
);

/** A review of one of the caller's alerts (not of a blocked request's). */
export const REVIEW_ALERT = readStatement(
  'monitor-alert-review',
  {
    id: scalar('uuid'),
    clientIds: scalar('text[]'),
    status: scalar('text'),
    note: scalar('text'),
    userId: scalar('uuid'),
  },
  ALERT_FIELDS,
  (
    q,
    select,
  ) => `UPDATE monitor_alert a SET status = ${q.status}, note = ${q.note}, reviewed_by = ${q.userId}, reviewed_at = now()
 WHERE a.id = ${q.id} AND a.client_id = ANY(${q.clientIds})
   AND NOT EXISTS (SELECT 1 FROM candidate_request r WHERE r.id = a.request_id AND r.blocked_at IS NOT NULL)
 RETURNING ${select}`,
);

/** Open alerts of a request (the overview's count). */
export const COUNT_OPEN_ALERTS = readStatement(
  'monitor-open-alert-count',
  { requestId: scalar('uuid') },
  { n: col('int', 'count(*)::int') },
  (q, select) => `SELECT ${select} FROM monitor_alert WHERE request_id = ${q.requestId} AND status = 'open'`,
);

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
    const [row] = await INSERT_MONITOR.query(this.dataSource, {
      id: monitor.id,
      clientId: monitor.clientId,
      requestId: monitor.requestId,
      createdBy: monitor.createdBy,
      sources: monitor.sources,
      legalKeys: monitor.legalQuery ? matchKeys(monitor.legalQuery) : [],
      expiresAt: monitor.expiresAt,
      period: monitor.period,
      createdAt: monitor.createdAt,
    });
    if (!row) return null;
    const { blocked, ...created } = row;
    return blocked ? 'blocked' : created;
  }

  async find(id: string, clientIds: string[]): Promise<MonitorRow | null> {
    const [row] = await READ_MONITOR.query(this.dataSource, { id, clientIds });
    return row ?? null;
  }

  /** Newest first. */
  async list(
    clientIds: string[],
    filter: { status?: MonitorStatus; page: number; limit: number },
  ): Promise<{ rows: MonitorRow[]; total: number }> {
    return readPage(this.dataSource, PAGE_MONITORS, { clientIds, status: filter.status ?? null }, filter);
  }

  /** Stops an active monitor (a stopped or expired one stays as it is); false when not the caller's. */
  async stop(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await STOP_MONITOR.query(this.dataSource, { id, clientIds });
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
    const rows = await STOP_WATCHING.query(executor, { clientId, requestIds });
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
      await SET_LEGAL_KEYS.query(executor, { id: monitor.id, legalKeys: query ? matchKeys(query) : [] });
    }
    return watched.map((monitor) => monitor.id);
  }

  /** These monitors of the client (an ARCO access export), oldest first, with when they ended. */
  async ofIds(
    clientId: string,
    ids: readonly string[],
  ): Promise<Array<MonitorRow & { endedAt: number | null }>> {
    if (ids.length === 0) return [];
    return READ_MONITORS_OF_IDS.query(this.dataSource, { clientId, ids });
  }

  /** Every alert of these monitors of the client, oldest first (an ARCO access export). */
  async alertsOfMonitors(clientId: string, monitorIds: readonly string[]): Promise<MonitorAlertRow[]> {
    if (monitorIds.length === 0) return [];
    return READ_ALERTS_OF_MONITORS.query(this.dataSource, { clientId, monitorIds });
  }

  /** Active monitors whose time is up become `expired`; answers how many. */
  async expire(): Promise<number> {
    const rows = await EXPIRE_MONITORS.query(this.dataSource, {});
    return rows.length;
  }

  /**
   * Monitors that may still owe a month, a page at a time in `seq` order: the active ones and those
   * ended since `endedSince`, each with the months the ledger already has for it.
   */
  async *chargeable(endedSince: Date, page = 10_000): AsyncGenerator<ChargeableMonitor[]> {
    let after = '0';
    for (;;) {
      const rows = await READ_CHARGEABLE.query(this.dataSource, { afterSeq: after, endedSince, page });
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
    const rows = await CHARGE_MONTHS.query(this.dataSource, { charges });
    return rows.length;
  }

  /** A monitor's alerts (every status unless given), newest first. */
  async alertsOf(
    monitorId: string,
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: MonitorAlertRow[]; total: number }> {
    return readPage(
      this.dataSource,
      PAGE_ALERTS_OF_MONITOR,
      { scope: monitorId, status: filter.status ?? null },
      filter,
    );
  }

  /** The caller's alerts (every status unless given), newest first. */
  async alertsOfClients(
    clientIds: string[],
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ rows: MonitorAlertRow[]; total: number }> {
    return readPage(
      this.dataSource,
      PAGE_ALERTS_OF_CLIENTS,
      { scope: clientIds, status: filter.status ?? null },
      filter,
    );
  }

  /** Records a review (who, when, the note); null when the alert is not the caller's. */
  async review(
    id: string,
    clientIds: string[],
    review: { status: AlertReviewStatus; note: string | null; userId: string },
    executor: SqlExecutor = this.dataSource,
  ): Promise<MonitorAlertRow | null> {
    const [row] = await REVIEW_ALERT.query(executor, {
      id,
      clientIds,
      status: review.status,
      note: review.note,
      userId: review.userId,
    });
    return row ?? null;
  }

  /** Open alerts of a request (the overview's count). */
  async openAlertCount(executor: SqlExecutor, requestId: string): Promise<number> {
    const [row] = await COUNT_OPEN_ALERTS.query(executor, { requestId });
    return row.n;
  }
}
