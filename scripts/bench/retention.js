'use strict';
// Retention of personal data (docs/privacy.md): `requests` candidate requests (default 1,000,000)
// generated with SQL over three years as a steady state leaves them (the older ones blocked), with
// their candidates and three finished processes each, plus 1,000 old requests kept unblocked by an
// active monitor and 100,000 searches. Then, with the processor stopped, the built sweep
// (RetentionSweepUseCase over RetentionRepository) runs in this process:
//   1. a sweep with nothing due: its database time, summed over its statements as the driver saw
//      them, and the same statements run again under EXPLAIN (ANALYZE) (target <= 1 s);
//   2. one subject's 1,000 requests (and a search) made due for suppression, with what a subject
//      leaves behind (summaries, raw details, candidate input, events, webhook deliveries, a
//      monitor and an alert, idempotency records, outbox rows): one sweep (target <= 5 s), checked
//      for every request suppressed once with one event, and no trace of the subject's name;
//   3. 2,000 requests made due for blocking, swept by two sweeps at once: each blocked once, one
//      event each.
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const pg = require('pg');
const { DataSource } = require('typeorm');
const { ROOT } = require('./lib/stack');

const DIST = path.join(ROOT, 'dist');
const { dataSourceOptions } = require(path.join(DIST, 'libs/persistence/src/data-source-options'));
const { RetentionRepository } = require(
  path.join(DIST, 'libs/persistence/src/repositories/retention.repository'),
);
const { PersonalDataEraser } = require(
  path.join(DIST, 'libs/persistence/src/repositories/personal-data-eraser'),
);
const { RetentionSweepUseCase } = require(
  path.join(DIST, 'apps/processor/src/privacy/retention-sweep.use-case'),
);

const DAY = `interval '1 day'`;
/**
 * Whole days of age over three years, none of 364 or 365: a row a day short of its cut-off would
 * become due while the bench runs, and the sweep measured must have nothing to do.
 */
const AGE_DAYS = `(CASE WHEN g % 1090 IN (364, 365) THEN 363 ELSE g % 1090 END)`;
const SUBJECT = { name: 'Benchsubjectname', lastName: 'Benchsubjectlast', rfc: 'BEXS310228AB1' };

/** Every statement the driver runs while `on`: its text, parameters and round-trip time. */
const recorder = { on: false, statements: [] };
function recordStatements() {
  const original = pg.Client.prototype.query;
  if (original.recording) return;
  const patched = function (config, values, callback) {
    if (!recorder.on) return original.call(this, config, values, callback);
    const started = process.hrtime.bigint();
    const text = typeof config === 'string' ? config : config && config.text;
    const params = typeof config === 'object' && config && config.values ? config.values : values;
    const record = () =>
      recorder.statements.push({
        text,
        params: Array.isArray(params) ? params : undefined,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    if (typeof callback === 'function')
      return original.call(this, config, values, (error, result) => {
        record();
        callback(error, result);
      });
    if (typeof values === 'function')
      return original.call(this, config, (error, result) => {
        record();
        values(error, result);
      });
    const result = original.call(this, config, values);
    return result && typeof result.finally === 'function' ? result.finally(record) : result;
  };
  patched.recording = true;
  pg.Client.prototype.query = patched;
}

async function timed(work) {
  recorder.statements = [];
  recorder.on = true;
  const started = process.hrtime.bigint();
  try {
    const value = await work();
    return {
      value,
      wallMs: Number(process.hrtime.bigint() - started) / 1e6,
      statements: recorder.statements,
    };
  } finally {
    recorder.on = false;
  }
}

/** The statements again under EXPLAIN (ANALYZE), rolled back: the server's planning + execution time. */
async function serverMs(db, statements) {
  let total = 0;
  for (const { text, params } of statements) {
    if (!/^\s*(SELECT|WITH|UPDATE|INSERT|DELETE)/i.test(text)) continue;
    await db.query('BEGIN');
    try {
      const [{ 'QUERY PLAN': plan }] = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params))
        .rows;
      total += plan[0]['Planning Time'] + plan[0]['Execution Time'];
    } finally {
      await db.query('ROLLBACK');
    }
  }
  return total;
}

async function fill(db, requests) {
  const users = (await db.query(`SELECT id FROM app_user ORDER BY email LIMIT 1`)).rows;
  const userId = users[0].id;
  await db.query(`UPDATE client SET retention_active_days = 365, retention_blocked_days = 730`);
  // Ages spread over three years; a request whose last finish is past 365 days was blocked then (a
  // steady state: nothing is due). Nothing is suppressed yet (that takes 1,095 days).
  await db.query(
    `INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, created_at, status, blocked_at)
     SELECT id, client_id, package_id, $2, 'individual', created_at, 'Completed',
            CASE WHEN created_at + interval '1 hour' + 365 * ${DAY} <= now()
                 THEN created_at + interval '1 hour' + 365 * ${DAY} END
       FROM (SELECT md5('bench-r' || g)::uuid AS id,
                    CASE WHEN g % 2 = 0 THEN 'acme' ELSE 'globex' END AS client_id,
                    CASE WHEN g % 2 = 0 THEN 'PKG-ACME-BASIC' ELSE 'PKG-GLOBEX-FULL' END AS package_id,
                    now() - ${AGE_DAYS} * ${DAY} - (g % 86000) * interval '1 second' AS created_at
               FROM generate_series(1, $1::int) g) t`,
    [requests, userId],
  );
  await db.query(
    `INSERT INTO candidate (id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality,
                            gender, rfc, curp, email, phone)
     SELECT md5('bench-c' || g)::uuid, md5('bench-r' || g)::uuid, 'individual', 'Nombre' || g, 'Apellido' || (g % 9973),
            'Segundo' || (g % 7919), date '1960-01-01' + (g % 15000), 'MX', 'H', 'XAXX' || lpad((g % 1000000)::text, 6, '0') || 'AB1',
            NULL, 'persona' || g || '@example.com', '+52' || (5500000000 + g)
       FROM generate_series(1, $1::int) g`,
    [requests],
  );
  await db.query(
    `INSERT INTO request_process (id, request_id, name, position, status, result, start_date, end_date, summary, updated_at)
     SELECT md5('bench-p' || g || '-' || k)::uuid, r.id, (ARRAY['Peps', 'Global Watch List', 'BGC News'])[k], k,
            'Finalizado', 'Aprobado', r.created_at + interval '30 minutes', r.created_at + interval '1 hour',
            '{"summary": "sin hallazgos"}', r.created_at + interval '1 hour'
       FROM generate_series(1, $1::int) g
       JOIN candidate_request r ON r.id = md5('bench-r' || g)::uuid
      CROSS JOIN generate_series(1, 3) k`,
    [requests],
  );
  // 1,000 old requests an active monitor keeps unblocked: candidates the sweep reads every time.
  await db.query(
    `WITH r AS (
       INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, created_at, status)
       SELECT md5('bench-m' || g)::uuid, 'acme', 'PKG-ACME-BASIC', $1, 'individual', now() - 500 * ${DAY}, 'Completed'
         FROM generate_series(1, 1000) g RETURNING id, created_at),
     c AS (INSERT INTO candidate (id, request_id, person_type, name, last_name, nationality)
           SELECT md5(r.id::text || 'c')::uuid, r.id, 'individual', 'Vigilado', 'Monitor', 'MX' FROM r),
     p AS (INSERT INTO request_process (id, request_id, name, position, status, result, start_date, end_date)
           SELECT md5(r.id::text || 'p')::uuid, r.id, 'Peps', 1, 'Finalizado', 'Aprobado', r.created_at,
                  r.created_at + interval '1 hour' FROM r)
     INSERT INTO monitor (id, client_id, request_id, created_by, sources, status, created_at, expires_at)
     SELECT md5(r.id::text || 'm')::uuid, 'acme', r.id, $1, '{ofac-sdn}', 'active', now() - ${DAY}, now() + 300 * ${DAY}
       FROM r`,
    [userId],
  );
  await db.query(
    `INSERT INTO legal_search (id, client_id, created_by, search_query, outcome, total_in_source, kpis, slow_response,
                               created_at, recoverable_until, name_key, blocked_at)
     SELECT md5('bench-s' || g)::uuid, CASE WHEN g % 2 = 0 THEN 'acme' ELSE 'globex' END, $1,
            jsonb_build_object('name', 'Nombre' || g, 'lastName', 'Apellido' || g), 'EMPTY', 0, '{}', false,
            now() - ${AGE_DAYS} * ${DAY}, now() - ${AGE_DAYS} * ${DAY} + 30 * ${DAY}, 'nombre' || g || ' apellido' || g,
            CASE WHEN ${AGE_DAYS} >= 365 THEN now() - (${AGE_DAYS} - 365) * ${DAY} END
       FROM generate_series(1, 100000) g`,
    [userId],
  );
  await db.query('ANALYZE');
  return userId;
}

/** One subject's 1,000 requests with everything a subject leaves behind; blocked, not yet due. */
async function fillSubject(db, userId) {
  const ids = Array.from({ length: 1000 }, () => randomUUID());
  const endpointId = randomUUID();
  await db.query(`SELECT set_config('event_log.writer', 'on', false)`);
  await db.query(
    `INSERT INTO webhook_endpoint (id, client_id, url, secret, enabled)
     VALUES ($1, 'acme', 'http://127.0.0.1:9/hooks', '\\x00', false)`,
    [endpointId],
  );
  await db.query(
    `WITH r AS (
       INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, created_at, status, blocked_at)
       SELECT id, 'acme', 'PKG-ACME-BASIC', $2, 'individual', now() - 1100 * ${DAY}, 'Completed', now() - 700 * ${DAY}
         FROM unnest($1::uuid[]) id RETURNING id, created_at),
     c AS (INSERT INTO candidate (id, request_id, person_type, name, last_name, birth_date, nationality, gender, rfc, email, phone)
           SELECT gen_random_uuid(), r.id, 'individual', $3, $4, '1931-02-28', 'MX', 'H', $5, 'bench.subject@example.com',
                  '+525599990000' FROM r)
     INSERT INTO request_process (id, request_id, name, position, status, result, start_date, end_date, summary,
                                  raw_details, candidate_input)
     SELECT gen_random_uuid(), r.id, n.name, n.k, 'Finalizado', 'Aprobado', r.created_at, r.created_at + interval '1 hour',
            jsonb_build_object('nombre', $3), jsonb_build_object('query', $3 || ' ' || $4, 'rfc', $5),
            CASE WHEN n.k = 1 THEN jsonb_build_object('references', jsonb_build_array(jsonb_build_object('name', $3))) END
       FROM r CROSS JOIN unnest(ARRAY['Peps', 'Global Watch List', 'BGC Legal']) WITH ORDINALITY AS n(name, k)`,
    [ids, userId, SUBJECT.name, SUBJECT.lastName, SUBJECT.rfc],
  );
  // Five events each (one carrying a field the catalogue does not know), and their deliveries.
  await db.query(
    `WITH e AS (
       INSERT INTO event (client_id, type, subject, data, created_at)
       SELECT 'acme', 'process.finished', r::text,
              jsonb_build_object('uuid', r, 'processId', gen_random_uuid(), 'processName', 'Peps', 'result', 'Aprobado',
                                 'legacyName', $2::text), now() - ${DAY}
         FROM unnest($1::uuid[]) r CROSS JOIN generate_series(1, 5) RETURNING tx_id, seq, type, subject, created_at)
     INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, attempts)
     SELECT gen_random_uuid(), $3, e.tx_id, e.seq, e.type, e.created_at, e.subject, 'succeeded',
            jsonb_build_array(jsonb_build_object('at', 1, 'httpStatus', 200, 'durationMs', 5, 'error', NULL, 'echo', $2::text))
       FROM e`,
    [ids, SUBJECT.name, endpointId],
  );
  await db.query(
    `WITH m AS (
       INSERT INTO monitor (id, client_id, request_id, created_by, sources, legal_keys, status, created_at, expires_at, ended_at)
       VALUES (gen_random_uuid(), 'acme', $1, $2, '{legal-records}', ARRAY['gl:' || lower($3) || '|' || lower($4)],
               'stopped', now() - 900 * ${DAY}, now() - 800 * ${DAY}, now() - 800 * ${DAY}) RETURNING id, request_id)
     INSERT INTO monitor_alert (id, fingerprint, monitor_id, client_id, request_id, source, version, entry_id, kind, match, note)
     SELECT gen_random_uuid(), md5(m.id::text), m.id, 'acme', m.request_id, 'legal-records', 1, gen_random_uuid()::text,
            'new_match', jsonb_build_object('name', $3 || ' ' || $4), 'Es ' || $3 FROM m`,
    [ids[0], userId, SUBJECT.name, SUBJECT.lastName],
  );
  await db.query(
    `INSERT INTO idempotency_record (user_id, operation, key, request_hash, status_code, response_body)
     SELECT $2, 'createCandidateRequest', 'bench-' || r, md5(r::text), 202, json_build_object('uuid', r)
       FROM unnest($1::uuid[]) r`,
    [ids, userId],
  );
  await db.query(
    `INSERT INTO outbox_job (queue, job_name, job_id, payload, published_at)
     SELECT 'screening', 'run-process', 'bench-' || r, jsonb_build_object('requestId', r, 'processId', r, 'generation', 0), now()
       FROM unnest($1::uuid[]) r`,
    [ids],
  );
  const searchId = randomUUID();
  await db.query(
    `INSERT INTO legal_search (id, client_id, created_by, search_query, outcome, total_in_source, kpis, slow_response,
                               created_at, recoverable_until, name_key, blocked_at)
     VALUES ($1, 'acme', $2, jsonb_build_object('name', $3::text, 'lastName', $4::text), 'EMPTY', 0, '{}', false,
             now() - 1100 * ${DAY}, now() - 1070 * ${DAY}, lower($3 || ' ' || $4), now() - 700 * ${DAY})`,
    [searchId, userId, SUBJECT.name, SUBJECT.lastName],
  );
  await db.query('ANALYZE');
  return { ids, searchId };
}

/** Text columns of the tables a subject's data reaches that still hold its name or RFC. */
async function traces(db) {
  const checks = {
    candidate: `name = $1 OR rfc = $2`,
    request_process: `summary::text LIKE '%' || $1 || '%' OR raw_details::text LIKE '%' || $1 || '%' OR candidate_input::text LIKE '%' || $1 || '%'`,
    event: `data::text LIKE '%' || $1 || '%'`,
    webhook_delivery: `attempts::text LIKE '%' || $1 || '%'`,
    monitor: `array_to_string(legal_keys, ' ') LIKE '%' || lower($1) || '%'`,
    monitor_alert: `match::text LIKE '%' || $1 || '%' OR note LIKE '%' || $1 || '%'`,
    legal_search: `search_query::text LIKE '%' || $1 || '%' OR name_key LIKE '%' || lower($1) || '%'`,
  };
  const found = [];
  for (const [table, where] of Object.entries(checks)) {
    const params = where.includes('$2') ? [SUBJECT.name, SUBJECT.rfc] : [SUBJECT.name];
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
    if (rows[0].n > 0) found.push(`${table} (${rows[0].n})`);
  }
  return found;
}

const say = (message) => process.stdout.write(`  ... ${message}\n`);

async function runRetentionBench(stack, { requests = 1_000_000 } = {}) {
  // The stack's own processor would sweep meanwhile: the sweeps measured here are the only ones.
  await stack.stopProcessor();
  recordStatements();
  const databaseUrl = stack.env.DATABASE_URL;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dataSources = [];
  const sweeper = async () => {
    const dataSource = new DataSource(dataSourceOptions(databaseUrl, { poolSize: 4, eventWriter: true }));
    await dataSource.initialize();
    dataSources.push(dataSource);
    return new RetentionSweepUseCase(new RetentionRepository(dataSource, new PersonalDataEraser()));
  };
  try {
    const fillStarted = Date.now();
    say(`generating ${requests.toLocaleString('en-US')} requests with SQL`);
    const userId = await fill(db, requests);
    const subject = await fillSubject(db, userId);
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    say('sweeping with nothing due');
    const sweep = await sweeper();
    await sweep.execute(); // warms the pool and the plans
    const idle = [];
    for (let run = 0; run < 3; run++) {
      const { value, wallMs, statements } = await timed(() => sweep.execute());
      if (Object.values(value).some((n) => n > 0))
        throw new Error(`a sweep with nothing due did ${JSON.stringify(value)}`);
      idle.push({
        wallMs,
        statements: statements.length,
        dbMs: statements.reduce((sum, s) => sum + s.ms, 0),
        serverMs: await serverMs(db, statements),
      });
    }
    idle.sort((a, b) => a.dbMs - b.dbMs);
    const nothingDue = idle[1];

    say("suppressing one subject's requests");
    await db.query(`UPDATE candidate_request SET blocked_at = now() - 731 * ${DAY} WHERE id = ANY($1)`, [
      subject.ids,
    ]);
    await db.query(`UPDATE legal_search SET blocked_at = now() - 731 * ${DAY} WHERE id = $1`, [
      subject.searchId,
    ]);
    const suppression = await timed(() => sweep.execute());
    const suppressedEvents = (
      await db.query(
        `SELECT count(*)::int AS n FROM event WHERE type = 'candidate_request.suppressed' AND subject = ANY($1)`,
        [subject.ids],
      )
    ).rows[0].n;
    const suppressedRows = (
      await db.query(
        `SELECT count(*)::int AS n FROM candidate_request WHERE id = ANY($1) AND suppressed_at IS NOT NULL`,
        [subject.ids],
      )
    ).rows[0].n;
    const left = await traces(db);

    say('two sweeps at once');
    // Two processors at once: 2,000 requests of the last year made due for blocking.
    const due = (
      await db.query(
        `UPDATE candidate_request r SET created_at = r.created_at - 400 * ${DAY}
           FROM (SELECT id FROM candidate_request WHERE blocked_at IS NULL AND client_id = 'acme'
                    AND created_at > now() - 300 * ${DAY} AND id NOT IN (SELECT request_id FROM monitor) LIMIT 2000) d
          WHERE r.id = d.id RETURNING r.id`,
      )
    ).rows.map((row) => row.id);
    await db.query(
      `UPDATE request_process SET start_date = start_date - 400 * ${DAY}, end_date = end_date - 400 * ${DAY}
        WHERE request_id = ANY($1)`,
      [due],
    );
    const other = await sweeper();
    const concurrentStarted = Date.now();
    const [a, b] = await Promise.all([sweep.execute(), other.execute()]);
    const concurrentMs = Date.now() - concurrentStarted;
    const blockedEvents = (
      await db.query(
        `SELECT count(*)::int AS n, count(DISTINCT subject)::int AS subjects FROM event
          WHERE type = 'candidate_request.blocked' AND subject = ANY($1)`,
        [due],
      )
    ).rows[0];

    return {
      requests,
      fillSeconds,
      nothingDue,
      suppression: {
        wallMs: suppression.wallMs,
        dbMs: suppression.statements.reduce((sum, s) => sum + s.ms, 0),
        statements: suppression.statements.length,
        requests: subject.ids.length,
        suppressedRows,
        suppressedEvents,
        traces: left,
      },
      twoAtOnce: {
        due: due.length,
        blockedBySweeps: [a.requestsBlocked, b.requestsBlocked],
        events: blockedEvents.n,
        subjects: blockedEvents.subjects,
        wallMs: concurrentMs,
      },
    };
  } finally {
    await Promise.all(dataSources.map((ds) => ds.destroy()));
    await db.end();
    stack.startProcessor();
  }
}

module.exports = { runRetentionBench };
