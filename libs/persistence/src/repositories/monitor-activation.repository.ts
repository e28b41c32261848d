import type { AlertDecision, MonitorSource, ScreeningSubject, WatchListSource } from '@app/domain';
import { subjectOfCandidate } from '@app/domain';
import { DataSource, EntityManager } from 'typeorm';
import { candidateFields } from './candidate-columns';
import { queryRows, SqlExecutor } from './executor';
import { scalar } from './hot-sql';
import { APPEND_CLIENT_EVENTS, type ClientEvent, INSERT_ALERTS } from './hot-statements';
import type { OutboxJob } from './outbox.repository';
import { col, jsonObject, readStatement } from './read-sql';

/** The work an activated version left for the monitors (docs/monitoring.md). */
export interface PendingActivation {
  id: string;
  source: WatchListSource;
  version: number;
  versionId: number;
  previousVersionId: number | null;
}

/** A monitored candidate as the reverse-screening index files it. */
export interface MonitoredRow {
  monitorId: string;
  seq: string;
  subject: ScreeningSubject;
}

/** A monitor an alert is for. */
export interface AlertTarget {
  monitorId: string;
  clientId: string;
  requestId: string;
}

/** An alert to insert (once: its fingerprint is unique). */
export interface NewAlert extends AlertTarget {
  id: string;
  fingerprint: string;
  source: MonitorSource;
  version: number;
  decision: AlertDecision;
}

/** What a legal ingest changed for a person some active monitor's BGC Legal query matches. */
export interface LegalPairRow extends AlertTarget {
  personUuid: string;
  personChange: 'added' | 'replaced' | null;
  lawsuitsAdded: string[];
  fullName: string;
  givenNames: string;
  lastName: string;
  secondLastName: string | null;
  nameKey: string;
  lawsuitCount: number;
  /** The monitored candidate, to compare with the person field by field. */
  subject: ScreeningSubject;
}

/** The advisory lock class of activation claims ('MACT'); the activation's id is the object. */
const ACTIVATION_LOCK_CLASS = 1296122708;

/**
 * What a monitor compares with a list's entries or a legal person (domain `subjectOfCandidate`):
 * who the candidate is; not the contact details, the consent NIP or the regime.
 */
const SUBJECT_CANDIDATE = {
  personType: true,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: true,
  nationality: true,
  gender: true,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: true,
  email: false,
  phone: false,
} as const;
const SUBJECT_FIELDS = candidateFields('c', SUBJECT_CANDIDATE);

/** Monitors filed after a `seq`, in `seq` order, a page at a time (active ones only), with their candidates. */
export const READ_MONITORED_SINCE = readStatement(
  'monitored-since',
  { afterSeq: scalar('bigint'), page: scalar('int') },
  { monitorId: col('uuid', 'm.id'), seq: col('text', 'm.seq::text'), ...SUBJECT_FIELDS },
  (q, select) => `SELECT ${select}
  FROM monitor m JOIN candidate c ON c.request_id = m.request_id
 WHERE m.seq > ${q.afterSeq} AND m.status = 'active'
 ORDER BY m.seq LIMIT ${q.page}`,
);

/** Of these monitors, the active ones watching a source, with their candidates. */
export const READ_ACTIVE_WATCHING = readStatement(
  'monitors-active-watching',
  { monitorIds: scalar('uuid[]'), source: scalar('text') },
  {
    monitorId: col('uuid', 'm.id'),
    clientId: col('text', 'm.client_id'),
    requestId: col('uuid', 'm.request_id'),
    ...SUBJECT_FIELDS,
  },
  (q, select) => `SELECT ${select}
  FROM monitor m JOIN candidate c ON c.request_id = m.request_id
 WHERE m.id = ANY(${q.monitorIds}) AND m.status = 'active' AND m.expires_at > now() AND ${q.source} = ANY (m.sources)`,
);

/** The (monitor, person) pairs of a legal ingest (see `legalPairs`). */
export const READ_LEGAL_PAIRS = readStatement(
  'monitor-legal-pairs',
  { version: scalar('bigint') },
  {
    monitorId: col('uuid', 'm.id'),
    clientId: col('text', 'm.client_id'),
    requestId: col('uuid', 'm.request_id'),
    personUuid: col('uuid', 'ip.person_uuid'),
    personChange: col('text', 'ip.person_change').orNull().as<'added' | 'replaced' | null>(),
    lawsuitsAdded: col('text[]', 'ip.lawsuits_added::text[]'),
    fullName: col('text', 'p.full_name'),
    givenNames: col('text', 'p.given_names'),
    lastName: col('text', 'p.last_name'),
    secondLastName: col('text', 'p.second_last_name').orNull(),
    nameKey: col('text', 'p.name_key'),
    lawsuitCount: col('int', 'p.lawsuit_count'),
    candidate: jsonObject(SUBJECT_FIELDS),
  },
  (q, select) => `SELECT ${select}
  FROM legal_corpus_ingest_person ip
  JOIN legal_person p ON p.uuid = ip.person_uuid
  JOIN monitor m ON m.legal_keys <@ p.search_keys
                AND m.status = 'active' AND 'legal-records' = ANY (m.sources)
  JOIN candidate c ON c.request_id = m.request_id
 WHERE ip.version = ${q.version} AND (ip.person_change IS NOT NULL OR cardinality(ip.lawsuits_added) > 0)
   AND cardinality(m.legal_keys) > 0 AND m.expires_at > now()
 ORDER BY ip.person_uuid, m.id`,
);

/**
 * Monitoring's side of activations and ingests: the durable work rows, the monitors' subjects,
 * and the alerts with their events. Free of Nest: the import CLI records activations with it.
 */
export class MonitorActivationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inside the activation's transaction (WatchListRepository.activateVersion's hook): the work row
   * and the outbox job that starts it, so the work exists exactly when the version became active.
   */
  async record(
    tx: EntityManager,
    versionId: number,
    previousVersionId: number | null,
    job: (activationId: string) => OutboxJob,
  ): Promise<string> {
    const [{ id }] = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO monitor_activation (source, version, version_id, previous_version_id)
       SELECT source, version, id, $2 FROM watch_list_version WHERE id = $1 RETURNING id::text`,
      [versionId, previousVersionId],
    );
    const outbox = job(id);
    await tx.query(
      `INSERT INTO outbox_job (queue, job_name, job_id, payload, available_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (job_id) DO NOTHING`,
      [
        outbox.queue,
        outbox.jobName,
        outbox.jobId,
        JSON.stringify(outbox.payload),
        outbox.availableAt ?? null,
      ],
    );
    return id;
  }

  /** Activations not yet compared, oldest first (the sweep's catch-up). */
  async pendingIds(olderThanMs: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id::text FROM monitor_activation
        WHERE done_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond') ORDER BY id LIMIT 20`,
      [olderThanMs],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Runs `work` on a pending activation no one else is comparing, or answers null (done already,
   * or held by another processor, which the sweep leaves to it).
   *
   * The claim is a session advisory lock, not a transaction holding the row: the comparison writes
   * its alerts in parts, each committed on its own, and a transaction open for the whole comparison
   * would hold an id all along, which stops the event log's readers (see event-horizon.ts) for every
   * client until it ends. A crash ends the session and frees the claim; the parts committed stay,
   * and the retry raises only what they lack (fingerprints are unique).
   */
  async withClaimed<T>(
    activationId: string,
    work: (activation: PendingActivation) => Promise<T>,
  ): Promise<T | null> {
    const session = this.dataSource.createQueryRunner();
    await session.connect();
    try {
      const [{ claimed }] = await queryRows<{ claimed: boolean }>(
        session,
        `SELECT pg_try_advisory_lock(${ACTIVATION_LOCK_CLASS}, ($1::bigint % 2147483647)::int) AS claimed`,
        [activationId],
      );
      if (!claimed) return null;
      try {
        // Read after the claim: a processor that finished it just before has marked it done.
        const [row] = await queryRows<PendingActivation>(
          this.dataSource,
          `SELECT id::text, source, version, version_id AS "versionId", previous_version_id AS "previousVersionId"
             FROM monitor_activation WHERE id = $1 AND done_at IS NULL`,
          [activationId],
        );
        return row ? await work(row) : null;
      } finally {
        await session.query(
          `SELECT pg_advisory_unlock(${ACTIVATION_LOCK_CLASS}, ($1::bigint % 2147483647)::int)`,
          [activationId],
        );
      }
    } finally {
      await session.release();
    }
  }

  /**
   * One part of an activation's alerts in a transaction of its own (raise), counted on the
   * activation's row in the same commit. Answers how many were new and the transaction's id, by
   * which the part's events are found in the log (their tx_id).
   */
  async raisePart(
    activationId: string,
    alerts: readonly NewAlert[],
  ): Promise<{ raised: number; position: string }> {
    return this.dataSource.transaction(async (tx) => {
      const raised = await this.raise(tx, alerts);
      const [{ position }] = await queryRows<{ position: string }>(
        tx,
        `UPDATE monitor_activation SET alerts = coalesce(alerts, 0) + $2 WHERE id = $1
         RETURNING pg_current_xact_id()::text AS position`,
        [activationId, raised],
      );
      return { raised, position };
    });
  }

  /** The activation compared: its counts (the alerts were counted part by part), once. */
  async markDone(
    activationId: string,
    counts: { added: number; changed: number; removed: number },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE monitor_activation SET done_at = clock_timestamp(), added = $2, changed = $3, removed = $4,
              alerts = coalesce(alerts, 0)
        WHERE id = $1 AND done_at IS NULL`,
      [activationId, counts.added, counts.changed, counts.removed],
    );
  }

  /** Every entry's key and fingerprint of a version (what the delta compares). */
  async fingerprints(versionId: number): Promise<Array<{ key: string; fingerprint: string }>> {
    return queryRows(this.dataSource, `SELECT key, fingerprint FROM watch_list_entry WHERE version_id = $1`, [
      versionId,
    ]);
  }

  /** Monitors filed after `afterSeq`, in `seq` order, a page at a time (active ones only). */
  async *monitoredSince(afterSeq: string, page = 20_000): AsyncGenerator<MonitoredRow[]> {
    let after = afterSeq;
    for (;;) {
      const rows = await READ_MONITORED_SINCE.query(this.dataSource, { afterSeq: after, page });
      if (rows.length === 0) return;
      yield rows.map((row) => ({ monitorId: row.monitorId, seq: row.seq, subject: subjectOfCandidate(row) }));
      if (rows.length < page) return;
      after = rows[rows.length - 1].seq;
    }
  }

  /** The newest monitor's `seq` ('0' with none). */
  async lastSeq(): Promise<string> {
    const [row] = await queryRows<{ seq: string }>(
      this.dataSource,
      `SELECT coalesce(max(seq), 0)::text AS seq FROM monitor`,
    );
    return row.seq;
  }

  /** Of these monitors, the active ones watching `source`, with their candidates. */
  async activeWatching(
    monitorIds: readonly string[],
    source: MonitorSource,
  ): Promise<Array<AlertTarget & { subject: ScreeningSubject }>> {
    if (monitorIds.length === 0) return [];
    const rows = await READ_ACTIVE_WATCHING.query(this.dataSource, { monitorIds, source });
    return rows.map((row) => ({
      monitorId: row.monitorId,
      clientId: row.clientId,
      requestId: row.requestId,
      subject: subjectOfCandidate(row),
    }));
  }

  /**
   * Inserts the alerts, each once (ON CONFLICT on the fingerprint, never a check first), and one
   * `monitor.alert_raised` event per alert actually inserted, in the caller's transaction: an
   * event exists exactly when its alert does. Answers how many were new.
   */
  async raise(tx: SqlExecutor, alerts: readonly NewAlert[]): Promise<number> {
    if (alerts.length === 0) return 0;
    const inserted = await INSERT_ALERTS.query(tx, { alerts });
    if (inserted.length === 0) return 0;
    // In the order the alerts were decided, so a request's events follow its alerts' order.
    const order = new Map(alerts.map((a, at) => [a.id, at]));
    inserted.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const events: ClientEvent[] = inserted.map((row) => ({
      clientId: row.client_id,
      event: {
        type: 'monitor.alert_raised',
        data: {
          monitorId: row.monitor_id,
          alertId: row.id,
          candidateRequestUuid: row.request_id,
          source: row.source,
          kind: row.kind,
        },
      },
    }));
    await APPEND_CLIENT_EVENTS.query(tx, { events });
    return inserted.length;
  }

  /** Ingests not yet compared with the monitors, oldest first. */
  async pendingIngests(): Promise<string[]> {
    const rows = await queryRows<{ version: string }>(
      this.dataSource,
      `SELECT version::text FROM legal_corpus_ingest WHERE monitors_compared_at IS NULL ORDER BY version LIMIT 20`,
    );
    return rows.map((r) => r.version);
  }

  /**
   * Runs `work` in one transaction holding the ingest's row while it is not yet compared (SKIP
   * LOCKED: a second processor moves on); the row is marked compared in the same commit. Its work is
   * one query and one insert, so unlike an activation it holds the event log back only briefly.
   */
  async withPendingIngest<T>(version: string, work: (tx: EntityManager) => Promise<T>): Promise<T | null> {
    return this.dataSource.transaction(async (tx) => {
      const [row] = await queryRows<{ version: string }>(
        tx,
        `SELECT version FROM legal_corpus_ingest WHERE version = $1 AND monitors_compared_at IS NULL
           FOR UPDATE SKIP LOCKED`,
        [version],
      );
      if (!row) return null;
      const result = await work(tx);
      await tx.query(`UPDATE legal_corpus_ingest SET monitors_compared_at = now() WHERE version = $1`, [
        version,
      ]);
      return result;
    });
  }

  /**
   * The (monitor, person) pairs of an ingest: persons it added or changed whom an active monitor
   * with `legal-records` matches by its BGC Legal query (every key of the query among the
   * person's keys, the search's own rule), found through the monitors' key index.
   */
  async legalPairs(tx: SqlExecutor, version: string): Promise<LegalPairRow[]> {
    const rows = await READ_LEGAL_PAIRS.query(tx, { version });
    return rows.map(({ candidate, ...row }) => ({ ...row, subject: subjectOfCandidate(candidate) }));
  }
}
