import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitoring (CONTRACT 11, issue 25).
 *
 * - `monitor`: one candidate request under watch. At most one active monitor per request (a
 *   partial unique index: a second POST answers 409 without a check-then-insert). `seq` orders
 *   monitors for the processor's reverse-screening index (it files the ones created since it last
 *   looked). `legal_keys`: the request's BGC Legal name query as the corpus's match keys; a person
 *   matches when the monitor's keys are all among the person's (`legal_keys <@ search_keys`).
 * - `monitor_alert`: UNIQUE (fingerprint): monitor, source, entry, kind and the entry's state, so
 *   an activation processed twice, or by two processors, inserts each alert once (ON CONFLICT DO
 *   NOTHING), and a dismissed alert is not raised again until the entry changes.
 * - `monitor_activation`: the work an activated list version leaves for the monitors, written in
 *   the activation's own transaction (with its outbox job): a crash between activation and
 *   alerting loses nothing. `done_at` is set in the transaction that writes its alerts.
 * - `billing_charge` learns `MONITOR_MONTH`: one per monitor and month (`period`, YYYY-MM in
 *   SERVICE_TIMEZONE), unique on (monitor_id, period).
 */
export class Monitoring1764700000000 implements MigrationInterface {
  name = 'Monitoring1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE monitor (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      client_id text NOT NULL REFERENCES client(id),
      request_id uuid NOT NULL REFERENCES candidate_request(id),
      created_by uuid NOT NULL,
      sources text[] NOT NULL,
      legal_keys text[] NOT NULL DEFAULT '{}',
      status text NOT NULL CHECK (status IN ('active', 'stopped', 'expired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz
    )`);
    await q.query(
      `CREATE UNIQUE INDEX monitor_one_active_idx ON monitor (request_id) WHERE status = 'active'`,
    );
    await q.query(`CREATE INDEX monitor_request_idx ON monitor (request_id)`);
    await q.query(`CREATE INDEX monitor_client_idx ON monitor (client_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX monitor_expiry_idx ON monitor (expires_at) WHERE status = 'active'`);
    await q.query(`CREATE INDEX monitor_legal_keys_idx ON monitor USING gin (legal_keys)
      WHERE status = 'active' AND 'legal-records' = ANY (sources)`);

    await q.query(`CREATE TABLE monitor_alert (
      id uuid PRIMARY KEY,
      fingerprint text NOT NULL UNIQUE,
      monitor_id uuid NOT NULL REFERENCES monitor(id),
      client_id text NOT NULL REFERENCES client(id),
      request_id uuid NOT NULL,
      source text NOT NULL,
      version bigint NOT NULL,
      entry_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('new_match', 'status_changed', 'removed')),
      match jsonb NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'confirmed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz,
      reviewed_by uuid,
      note text
    )`);
    await q.query(
      `CREATE INDEX monitor_alert_monitor_idx ON monitor_alert (monitor_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX monitor_alert_client_idx ON monitor_alert (client_id, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX monitor_alert_open_idx ON monitor_alert (request_id) WHERE status = 'open'`);

    await q.query(`CREATE TABLE monitor_activation (
      id bigserial PRIMARY KEY,
      source text NOT NULL,
      version integer NOT NULL,
      version_id integer NOT NULL UNIQUE REFERENCES watch_list_version(id),
      previous_version_id integer REFERENCES watch_list_version(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      added integer,
      changed integer,
      removed integer,
      alerts integer
    )`);
    await q.query(
      `CREATE INDEX monitor_activation_pending_idx ON monitor_activation (id) WHERE done_at IS NULL`,
    );

    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_check
      CHECK (kind IN ('LEGAL_SEARCH', 'LEGAL_RECORD_UNLOCK', 'WATCH_LIST_SCREENING', 'MONITOR_MONTH'))`);
    await q.query(`ALTER TABLE billing_charge ADD COLUMN monitor_id uuid REFERENCES monitor(id),
                                              ADD COLUMN period text`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_subject_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_subject_check CHECK (
      CASE kind WHEN 'WATCH_LIST_SCREENING' THEN screening_id IS NOT NULL AND search_id IS NULL AND monitor_id IS NULL
                WHEN 'MONITOR_MONTH' THEN monitor_id IS NOT NULL AND period IS NOT NULL
                                          AND search_id IS NULL AND screening_id IS NULL
                ELSE search_id IS NOT NULL AND screening_id IS NULL AND monitor_id IS NULL END)`);
    await q.query(`CREATE UNIQUE INDEX billing_charge_monitor_month_idx ON billing_charge (monitor_id, period)
      WHERE kind = 'MONITOR_MONTH'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM billing_charge WHERE kind = 'MONITOR_MONTH'`);
    await q.query(`DROP INDEX billing_charge_monitor_month_idx`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_subject_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_subject_check CHECK (
      CASE kind WHEN 'WATCH_LIST_SCREENING' THEN screening_id IS NOT NULL AND search_id IS NULL
                ELSE search_id IS NOT NULL AND screening_id IS NULL END)`);
    await q.query(`ALTER TABLE billing_charge DROP COLUMN period, DROP COLUMN monitor_id`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_check
      CHECK (kind IN ('LEGAL_SEARCH', 'LEGAL_RECORD_UNLOCK', 'WATCH_LIST_SCREENING'))`);
    await q.query(`DROP TABLE monitor_activation`);
    await q.query(`DROP TABLE monitor_alert`);
    await q.query(`DROP TABLE monitor`);
  }
}
