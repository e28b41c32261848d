'use strict';
// Monitoring (issue 25): `monitors` generated active monitors (default 1,000,000), then two OFAC SDN
// versions imported with the CLI as an operator would:
//   1. a version adding 1,000 entries that concern nobody (names no monitored candidate has): from
//      the import's commit to the activation marked compared (target <= 10 s);
//   2. a version adding 1,000 entries named after monitored candidates (same name and birth date):
//      from the commit to every alert written (target <= 60 s), how many monitors were scored;
//   3. the alerts' `monitor.alert_raised` webhooks: from each alert's insert to its delivery at a
//      local receiver (target <= 5 s);
//   4. registration req/s and legal-records search p95, the same 5 s load idle and then while a
//      third version (the same 1,000 entries under another program) is compared: no regression.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { Client } = require('pg');
const { load, percentile } = require('./lib/measure');
const { call, registrationLoad, waitUntil } = require('./lib/workload');
const { ROOT } = require('./lib/stack');

const GIVEN = [
  'Juan',
  'José',
  'Luis',
  'Carlos',
  'Jorge',
  'Miguel',
  'Pedro',
  'Francisco',
  'Alejandro',
  'Fernando',
  'Ricardo',
  'Roberto',
  'Eduardo',
  'Javier',
  'Sergio',
  'Daniel',
  'Raúl',
  'Héctor',
  'Arturo',
  'Manuel',
  'María',
  'Guadalupe',
  'Ana',
  'Laura',
  'Patricia',
  'Rosa',
  'Elena',
  'Gabriela',
  'Verónica',
  'Claudia',
  'Adriana',
  'Sofía',
  'Mónica',
  'Leticia',
  'Silvia',
  'Teresa',
  'Alicia',
  'Martha',
  'Lucía',
  'Isabel',
];
const SURNAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Ramos',
  'Domínguez',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Muñoz',
  'Rojas',
  'Contreras',
  'Salazar',
  'Luna',
  'Ortega',
  'Santiago',
  'Guerrero',
  'Estrada',
  'Bautista',
  'Cortés',
  'Soto',
  'Alvarado',
  'Espinoza',
  'Lara',
  'Ávila',
  'Ríos',
  'Cervantes',
  'Silva',
  'Delgado',
  'Vega',
  'Márquez',
  'Sandoval',
  'Fernández',
  'León',
  'Carrillo',
  'Mejía',
  'Solís',
  'Núñez',
  'Rosas',
  'Valdez',
  'Ibarra',
  'Campos',
  'Santos',
  'Camacho',
  'Navarro',
  'Peña',
  'Maldonado',
  'Rosales',
  'Acosta',
  'Miranda',
  'Trejo',
  'Valencia',
  'Nava',
  'Pacheco',
  'Huerta',
  'Padilla',
  'Molina',
  'Ayala',
  'Fuentes',
  'Cabrera',
  'Montes',
  'Robles',
  'Cárdenas',
  'Zamora',
  'Orozco',
  'Villanueva',
  'Rangel',
  'Esquivel',
  'Salinas',
  'Beltrán',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;
/** The warm-up version's one added entry (kept in the later versions: they add 1,000 each). */
const WARM = `960000,"WARMUP ENTRY, Nadie","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1900."`;
const BASE_DATE = Date.UTC(1950, 0, 1);

/** The n-th generated candidate (the SQL below computes the same). */
function nth(g) {
  return {
    given: GIVEN[g % GIVEN.length],
    paternal: SURNAMES[Math.floor(g / GIVEN.length) % SURNAMES.length],
    maternal: SURNAMES[Math.floor(g / (GIVEN.length * SURNAMES.length)) % SURNAMES.length],
    birth: new Date(BASE_DATE + ((g * 7919) % 20000) * DAY_MS),
  };
}

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]::text[]`;

/** `count` requests, candidates and active monitors of client acme, in batches of SQL. */
async function seedMonitors(db, count) {
  const [{ id: userId }] = (await db.query(`SELECT id FROM app_user WHERE email = 'demo@acme.test'`)).rows;
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, status)
       SELECT md5('bench-request-' || g)::uuid, 'acme', 'PKG-ACME-BASIC', $3, 'individual', 'Completed'
         FROM generate_series($1::int, $2::int) g`,
      [from, to, userId],
    );
    await db.query(
      `INSERT INTO candidate (id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality)
       SELECT md5('bench-candidate-' || g)::uuid, md5('bench-request-' || g)::uuid, 'individual',
              (${sqlArray(GIVEN)})[1 + g % ${GIVEN.length}],
              (${sqlArray(SURNAMES)})[1 + (g / ${GIVEN.length}) % ${SURNAMES.length}],
              (${sqlArray(SURNAMES)})[1 + (g / ${GIVEN.length * SURNAMES.length}) % ${SURNAMES.length}],
              date '1950-01-01' + ((g::bigint * 7919) % 20000)::int, 'MX'
         FROM generate_series($1::int, $2::int) g`,
      [from, to],
    );
    await db.query(
      `INSERT INTO monitor (id, client_id, request_id, created_by, sources, status, expires_at)
       SELECT md5('bench-monitor-' || g)::uuid, 'acme', md5('bench-request-' || g)::uuid, $3,
              ARRAY['sat-69b','sat-69','ofac-sdn','un-consolidated','peps'], 'active', now() + interval '1 year'
         FROM generate_series($1::int, $2::int) g`,
      [from, to, userId],
    );
    await db.query('COMMIT');
  }
  // A million monitors gather over months, vacuumed as they go; freshly inserted pages instead make
  // the first statements that touch them write hint bits and full-page images (the "idle" load
  // below ran at a third of the load during an activation that followed it).
  await db.query('VACUUM (ANALYZE) candidate_request, candidate, monitor');
}

/** The demo SDN files plus these rows (OFAC's legacy CSV), in a directory of their own. */
function sdnVersion(dir, rows) {
  fs.mkdirSync(dir, { recursive: true });
  const demoDir = path.join(ROOT, 'data/watch-lists/demo/ofac-sdn');
  const demo = fs.readFileSync(path.join(demoDir, 'sdn.csv'), 'latin1').replace(String.fromCharCode(26), '');
  fs.writeFileSync(path.join(dir, 'sdn.csv'), demo + rows.map((r) => `${r}\r\n`).join(''), 'latin1');
  for (const file of ['alt.csv', 'add.csv']) fs.copyFileSync(path.join(demoDir, file), path.join(dir, file));
  return ['sdn.csv', 'alt.csv', 'add.csv'].map((f) => path.join(dir, f));
}

const sdnRow = (key, name, remarks) =>
  `${key},"${name}","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${remarks}"`;
const dob = (d) =>
  `DOB ${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** `lists:import` in the background (the activation it starts is what the load runs beside). */
function importSdnAsync(databaseUrl, files) {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/lists-import.js'), '--source', 'ofac-sdn', '--force', ...files],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'ignore' },
  );
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lists:import exited ${code}`)))),
  );
}

const LOAD_SECONDS = 5;

/**
 * Registrations (autocannon, 20 connections) and, beside them, legal-records searches one after
 * the other, both for LOAD_SECONDS: registration req/s and search p50/p95.
 */
async function registrationAndSearch(stack, token) {
  const searches = [];
  let searching = true;
  const searcher = (async () => {
    for (let i = 0; searching; i++) {
      const started = process.hrtime.bigint();
      await call(stack.base, token, 'POST', '/risks/legal-records/searches', {
        name: GIVEN[i % GIVEN.length],
        lastName: SURNAMES[i % SURNAMES.length],
      });
      searches.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  })();
  const registration = await load(registrationLoad(stack.base, token, { duration: LOAD_SECONDS }));
  searching = false;
  await searcher;
  return {
    registrationRps: registration.rps,
    registrationP99: registration.p99,
    non2xx: registration.non2xx,
    searches: searches.length,
    searchP50: percentile(searches, 50),
    searchP95: percentile(searches, 95),
  };
}

/**
 * Until the processor has screened every registration of the load (each phase starts alike). Only
 * processes it can move on count: earlier parts of a whole run leave FULL requests whose processes
 * wait for the candidate (`Pendiente Candidato`, and those depending on them), which never finish.
 */
const drained = (db) =>
  waitUntil(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE status = 'En proceso') AS done`,
    [],
    600_000,
    500,
  );

/** The load idle, then while an activation is compared (from its row's insert on), side by side. */
async function loadBesideActivation(stack, token, db, files) {
  // Unmeasured: the first load after the alerts' burst pays for what the burst left (the api's and
  // PostgreSQL's caches), which would count against "idle" only.
  await registrationAndSearch(stack, token);
  await drained(db);
  const idle = await registrationAndSearch(stack, token);
  await drained(db);
  const before = await latestActivation(db);
  const importing = importSdnAsync(stack.env.DATABASE_URL, files);
  for (let at = Date.now(); (await latestActivation(db)) === before;)
    if (Date.now() - at > 120_000) throw new Error('the third version was not activated');
    else await new Promise((r) => setTimeout(r, 20));
  const activation = await latestActivation(db);
  const during = await registrationAndSearch(stack, token);
  const { rows } = await db.query(
    `SELECT done_at IS NULL AS running, extract(epoch FROM coalesce(done_at, now()) - created_at) * 1000 AS ms, alerts
       FROM monitor_activation WHERE id = $1`,
    [activation],
  );
  await importing;
  const done = await waitDone(db, activation, 300_000);
  await drained(db);
  return {
    idle,
    during,
    activation: { stillRunningAtEnd: rows[0].running, alerts: done.alerts, dbMs: done.dbMs },
  };
}

function importSdn(databaseUrl, files) {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/lists-import.js'), '--source', 'ofac-sdn', '--force', ...files],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`lists:import failed: ${run.stdout}${run.stderr}`);
}

async function latestActivation(db) {
  return (await db.query(`SELECT max(id)::text AS id FROM monitor_activation`)).rows[0].id;
}

async function waitDone(db, activationId, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const { rows } = await db.query(
      `SELECT done_at, alerts, extract(epoch FROM done_at - created_at) * 1000 AS ms FROM monitor_activation WHERE id = $1`,
      [activationId],
    );
    if (rows[0]?.done_at)
      return { wallMs: Date.now() - started, dbMs: Number(rows[0].ms), alerts: rows[0].alerts };
    if (Date.now() - started > timeoutMs) return { wallMs: null, dbMs: null, alerts: null };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A receiver recording when each alert's webhook arrived. */
function startReceiver(port) {
  const arrivals = new Map();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      const at = Date.now();
      try {
        const event = JSON.parse(body);
        if (event.type === 'monitor.alert_raised') arrivals.set(event.data.alertId, at);
      } catch {
        // not ours
      }
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, arrivals })));
}

async function runMonitorsBench(stack, token, { monitors = 1_000_000 } = {}) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const receiverPort = Number(stack.env.PORT) + 95;
  const receiver = await startReceiver(receiverPort);
  try {
    const endpoint = await fetch(`${stack.base}/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://127.0.0.1:${receiverPort}/hooks`,
        events: ['monitor.alert_raised'],
      }),
    });
    if (endpoint.status !== 201)
      throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);

    const seedStarted = Date.now();
    await seedMonitors(db, monitors);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    // Until the processor's sweep has filed them (the index is built outside activations).
    const dir = path.join(ROOT, '.bench', 'monitors');
    fs.rmSync(dir, { recursive: true, force: true });
    const nobody = Array.from({ length: 1000 }, (_, i) =>
      sdnRow(
        980000 + i,
        `ZYXW${i}QV KLMN${i}TR, ${GIVEN[i % GIVEN.length]}`,
        `${dob(new Date(BASE_DATE + i * DAY_MS))}.`,
      ),
    );
    const concerning = Array.from({ length: 1000 }, (_, i) => {
      const c = nth(1 + i * Math.max(1, Math.floor(monitors / 1000)));
      return sdnRow(
        970000 + i,
        `${c.paternal.toUpperCase()} ${c.maternal.toUpperCase()}, ${c.given}`,
        `${dob(c.birth)}; nationality Mexico.`,
      );
    });

    // Warm-up: an activation that changes nothing for anyone, so the index is built before timing.
    const indexStarted = Date.now();
    importSdn(stack.env.DATABASE_URL, sdnVersion(path.join(dir, 'warm'), [WARM]));
    const warm = await waitDone(db, await latestActivation(db), 600_000);
    const indexSeconds = (Date.now() - indexStarted) / 1000;

    importSdn(stack.env.DATABASE_URL, sdnVersion(path.join(dir, 'nobody'), [WARM, ...nobody]));
    const nobodyRun = await waitDone(db, await latestActivation(db), 120_000);

    importSdn(
      stack.env.DATABASE_URL,
      sdnVersion(path.join(dir, 'concerning'), [WARM, ...nobody, ...concerning]),
    );
    const activation = await latestActivation(db);
    const concerningRun = await waitDone(db, activation, 300_000);
    const scored = (
      await db.query(
        `SELECT count(*)::int AS n FROM monitor_alert WHERE version = (SELECT version FROM monitor_activation WHERE id = $1) AND source = 'ofac-sdn'`,
        [activation],
      )
    ).rows[0].n;

    // Webhooks: until every alert's delivery arrived (or a minute), then the delays.
    const alerts = (
      await db.query(
        `SELECT id, (extract(epoch FROM created_at) * 1000)::bigint AS at FROM monitor_alert
          WHERE source = 'ofac-sdn' AND version = (SELECT version FROM monitor_activation WHERE id = $1)`,
        [activation],
      )
    ).rows;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && alerts.some((a) => !receiver.arrivals.has(a.id)))
      await new Promise((r) => setTimeout(r, 200));
    const delays = alerts
      .filter((a) => receiver.arrivals.has(a.id))
      .map((a) => receiver.arrivals.get(a.id) - Number(a.at))
      .sort((a, b) => a - b);

    // A third version: the same 1,000 entries under another program (1,000 status_changed alerts).
    const reprogrammed = concerning.map((row) => row.replace('"SDNTK"', '"SDGT"'));
    const beside = await loadBesideActivation(
      stack,
      token,
      db,
      sdnVersion(path.join(dir, 'reprogrammed'), [WARM, ...nobody, ...reprogrammed]),
    );
    // Leave the stack as the parts after this one expect it: no monitor active (the watch-lists
    // part's real-size imports would otherwise be screened against a million of them while it
    // measures) and a processor whose index holds none.
    await db.query(`UPDATE monitor SET status = 'stopped' WHERE status = 'active'`);
    await stack.restartProcessor();
    return {
      monitors,
      seedSeconds,
      indexSeconds,
      warm,
      nobody: nobodyRun,
      concerning: { ...concerningRun, alertsStored: scored },
      webhooks: {
        delivered: delays.length,
        of: alerts.length,
        p50: percentile(delays, 50),
        p95: percentile(delays, 95),
        max: delays.length ? delays[delays.length - 1] : undefined,
      },
      beside,
    };
  } finally {
    receiver.server.close();
    await db.end();
  }
}

module.exports = { runMonitorsBench };
