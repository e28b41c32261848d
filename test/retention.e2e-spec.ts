/**
 * Retention of personal data (docs/privacy.md, "Retention: blocking, then suppression"): a client's
 * settings, a request and a search blocked `activeDays` after their last finish / creation (410,
 * out of the lists, the `candidate_request.blocked` event), then suppressed `blockedDays` later
 * (read as unknown, the `suppressed` event) with the subject's personal data gone from every column
 * of every table; a monitor active on a request keeps it unblocked. Times are moved by SQL: the
 * stack's processor sweeps every PRIVACY_SWEEP_MS (500 ms), and the tests poll to a deadline.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createClient, createUser } from './support/factories';
import { api, eventually, Session, signIn, state, withDb } from './support/helpers';
import { ageBlocking, ageRequests } from './support/retention';
import { settled, waitForOverview } from './support/screening';
import { createEndpoint, deleteCreatedEndpoints, Receiver } from './support/webhooks';

jest.setTimeout(180_000);

const BLOCKED = /blocked under the client's retention policy/;
const DAY_SQL = `interval '1 day'`;

/** Letters only, so the name rules accept them and nothing else in the database can contain them. */
const word = (length = 10) => Array.from(randomBytes(length), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
const upper = (length: number) => word(length).toUpperCase();

/** A subject whose every value is a string of its own, so a scan for them is exact. */
function uniqueSubject(packageId: string) {
  // A CURP's second letter is a vowel or X.
  const letters = `${upper(1)}X${upper(2)}`;
  const rfc = `${letters}310228${upper(2)}7`;
  return {
    packageId,
    name: `Zq${word()}`,
    lastName: `Zq${word()}`,
    secondLastName: `Zq${word()}`,
    birthDate: '1931-02-28',
    nationality: 'MX',
    gender: 'H',
    rfc,
    curp: `${letters}310228HDFRPN09`,
    email: `zq${word()}@privacy.test`,
    phone: `+52${String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999_999))}`,
  };
}

let clientId: string;
let packageId: string;
let admin: Session;
let analyst: Session;
let receiver: Receiver;

beforeAll(async () => {
  clientId = await createClient('retention');
  packageId = `PKG-${clientId}`;
  await withDb((db) =>
    db.query(
      `INSERT INTO package (id, client_id, name, processes) SELECT $1, $2, 'Retention', processes FROM package WHERE id = 'PKG-ACME-BASIC'`,
      [packageId, clientId],
    ),
  );
  const [adminUser, analystUser] = await Promise.all([
    createUser({ clients: [clientId], role: 'admin' }),
    createUser({ clients: [clientId], role: 'analyst' }),
  ]);
  [admin, analyst] = await Promise.all([
    signIn(adminUser.email, adminUser.password),
    signIn(analystUser.email, analystUser.password),
  ]);
  receiver = await Receiver.start();
  await createEndpoint(admin, { url: receiver.url });
});

afterAll(async () => {
  await deleteCreatedEndpoints();
  await receiver.close();
});

async function eventsOf(type: string): Promise<Array<{ type: string; data: { uuid: string } }>> {
  const response = await api().get(`/events?types=${type}&limit=100`).set(admin.auth).expect(200);
  return response.body.data;
}

/**
 * Every text, varchar, json, jsonb and array column of every table (and the date columns of the
 * subject's own rows) searched for each value, case-insensitively; answers "table.column: value".
 */
async function whereStored(values: string[], birthDate: string, requestId: string): Promise<string[]> {
  return withDb(async (db) => {
    const columns = (
      await db.query<{ table: string; column: string; kind: string }>(
        `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS kind
           FROM information_schema.columns c JOIN information_schema.tables t
             ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
          WHERE c.table_schema = 'public'
            AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'date')
          ORDER BY 1, 2`,
      )
    ).rows;
    const found: string[] = [];
    const patterns = [...values, birthDate].map((v) => `%${v.replace(/[\\%_]/g, '\\$&')}%`);
    const byTable = new Map<string, typeof columns>();
    for (const column of columns) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
    for (const [table, cols] of byTable) {
      const text = cols.filter((c) => c.kind !== 'date');
      if (text.length > 0) {
        const checks = text.map(
          (c, i) =>
            `bool_or(${c.kind === 'ARRAY' ? `array_to_string("${c.column}", ' ')` : `"${c.column}"::text`} ILIKE ANY($1)) AS c${i}`,
        );
        const [row] = (await db.query(`SELECT ${checks.join(', ')} FROM "${table}"`, [patterns])).rows;
        text.forEach((c, i) => {
          if (row[`c${i}`]) found.push(`${table}.${c.column}`);
        });
      }
      // A date column holds the birth date only in the subject's own rows.
      const dates = cols.filter((c) => c.kind === 'date');
      const scope = cols.some((c) => c.column === 'request_id')
        ? `request_id::text = $2`
        : table === 'candidate_request'
          ? `id::text = $2`
          : null;
      if (dates.length > 0 && scope) {
        for (const c of dates) {
          const { rows } = await db.query(
            `SELECT count(*)::int AS n FROM "${table}" WHERE ${scope} AND "${c.column}" = $1::date`,
            [birthDate, requestId],
          );
          if (rows[0].n > 0) found.push(`${table}.${c.column} (date)`);
        }
      }
    }
    return found;
  });
}

describe('retention settings', () => {
  it('answers the defaults, changes what is given, and refuses out-of-bounds values naming the field', async () => {
    const client = await createClient('retention-settings');
    const user = await createUser({ clients: [client], role: 'admin' });
    const own = await signIn(user.email, user.password);
    expect((await api().get('/settings/retention').set(own.auth).expect(200)).body).toEqual({
      activeDays: 365,
      blockedDays: 730,
    });
    expect(
      (await api().put('/settings/retention').set(own.auth).send({ activeDays: 90 }).expect(200)).body,
    ).toEqual({ activeDays: 90, blockedDays: 730 });
    expect(
      (await api().put('/settings/retention').set(own.auth).send({ blockedDays: 0 }).expect(200)).body,
    ).toEqual({ activeDays: 90, blockedDays: 0 });
    for (const [body, field] of [
      [{ activeDays: 29 }, 'activeDays'],
      [{ activeDays: 3651 }, 'activeDays'],
      [{ activeDays: 45.5 }, 'activeDays'],
      [{ blockedDays: -1 }, 'blockedDays'],
      [{ blockedDays: '30' }, 'blockedDays'],
    ] as const) {
      const refused = await api().put('/settings/retention').set(own.auth).send(body).expect(400);
      expect(refused.body.code).toBe(400);
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    await api().put('/settings/retention').set(own.auth).send({}).expect(400);
    await api().put('/settings/retention').set(own.auth).send({ activeDays: 60, color: 'red' }).expect(400);
    // Nothing refused changed anything.
    expect((await api().get('/settings/retention').set(own.auth).expect(200)).body).toEqual({
      activeDays: 90,
      blockedDays: 0,
    });
  });

  it('lets an analyst read the settings but not change them, and acts per client (clientId)', async () => {
    expect((await api().get('/settings/retention').set(analyst.auth).expect(200)).body).toEqual({
      activeDays: 365,
      blockedDays: 730,
    });
    const refused = await api()
      .put('/settings/retention')
      .set(analyst.auth)
      .send({ activeDays: 60 })
      .expect(403);
    expect(refused.body.message).toContain('admin');
    await api().get('/settings/retention?clientId=globex').set(admin.auth).expect(403);
  });
});

describe('retention of a candidate request and a search', () => {
  it('blocks them (410, out of the lists, an event), keeps a monitored request, then suppresses them everywhere', async () => {
    const subject = uniqueSubject(packageId);
    const registered = await api()
      .post('/candidate-requests')
      .set(analyst.auth)
      .set('Idempotency-Key', `retention-${randomUUID()}`)
      .send(subject)
      .expect(202);
    const uuid = registered.body.uuid as string;
    const keptBody = uniqueSubject(packageId);
    const kept = (await api().post('/candidate-requests').set(analyst.auth).send(keptBody).expect(202)).body
      .uuid as string;
    // One more, registered in a batch: a blocked request leaves its batch's listing too.
    const batch = await api()
      .post('/candidate-requests/batch')
      .set(analyst.auth)
      .send({ items: [uniqueSubject(packageId)] })
      .expect(202);
    const batchId = batch.body.batchId as string;
    const batched = batch.body.items[0].uuid as string;
    await waitForOverview(analyst, uuid, settled);
    await waitForOverview(analyst, kept, settled);
    await waitForOverview(analyst, batched, settled);

    // A monitor on the subject, ended before the blocking; one still active on the other request.
    const monitor = await api()
      .post('/monitors')
      .set(analyst.auth)
      .send({ candidateRequestUuid: uuid })
      .expect(201);
    await api().delete(`/monitors/${monitor.body.id}`).set(analyst.auth).expect(204);
    await api().post('/monitors').set(analyst.auth).send({ candidateRequestUuid: kept }).expect(201);

    // A legal-records search on the same name (a match set computed for it on first use).
    const search = await api()
      .post('/risks/legal-records/searches')
      .set(analyst.auth)
      .set('Idempotency-Key', `retention-${randomUUID()}`)
      .send({ name: subject.name, lastName: subject.lastName, secondLastName: subject.secondLastName })
      .expect(200);
    const searchId = search.body.data.searchId as string;
    const processId = (await api().get(`/candidate-requests/${uuid}`).set(analyst.auth).expect(200)).body.data
      .processes[0].id as string;

    await api()
      .put('/settings/retention')
      .set(admin.auth)
      .send({ activeDays: 30, blockedDays: 1 })
      .expect(200);
    await ageRequests([uuid, kept, batched], 31);
    await withDb((db) =>
      db.query(`UPDATE legal_search SET created_at = created_at - 31 * ${DAY_SQL} WHERE id = $1`, [searchId]),
    );

    // Blocked: every read answers 410 saying why.
    const gone = await eventually(
      async () => {
        const response = await api().get(`/candidate-requests/${uuid}`).set(analyst.auth);
        return response.status === 410 ? response : undefined;
      },
      20_000,
      'the request to be blocked',
    );
    expect(gone.body).toEqual({ code: 410, message: expect.stringMatching(BLOCKED) });
    for (const [method, path, body] of [
      ['get', `/candidate-requests/${uuid}/processes/${processId}?detail=true`, undefined],
      ['get', `/candidate-requests/${uuid}/report`, undefined],
      ['post', `/candidate-requests/${uuid}/processes/${processId}/candidate-input`, { documents: [] }],
      ['post', '/monitors', { candidateRequestUuid: uuid }],
    ] as const) {
      const response = await api()[method](path).set(analyst.auth).send(body);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 410,
        body: { code: 410, message: expect.stringMatching(BLOCKED) },
      });
    }
    const listed = (await api().get('/candidate-requests?limit=100').set(analyst.auth).expect(200)).body;
    expect(listed.data.map((r: { uuid: string }) => r.uuid)).toEqual([kept]);

    await eventually(
      async () => {
        const response = await api().get(`/risks/legal-records/searches/${searchId}`).set(analyst.auth);
        return response.status === 410 ? true : undefined;
      },
      20_000,
      'the search to be blocked',
    );
    const record = await api()
      .get(`/risks/legal-records/searches/${searchId}/records/${randomUUID()}`)
      .set(analyst.auth)
      .expect(410);
    expect(record.body.message).toMatch(BLOCKED);
    const searches = (await api().get('/risks/legal-records/searches').set(analyst.auth).expect(200)).body;
    expect(searches.data.map((s: { searchId: string }) => s.searchId)).not.toContain(searchId);
    expect(searches.total).toBe(0);

    await eventually(
      async () =>
        (await api().get(`/candidate-requests/${batched}`).set(analyst.auth)).status === 410
          ? true
          : undefined,
      20_000,
      'the batched request to be blocked',
    );
    const listedBatch = (
      await api().get(`/candidate-request-batches/${batchId}`).set(analyst.auth).expect(200)
    ).body;
    expect(JSON.stringify(listedBatch)).not.toContain(batched);
    const blockedEvents = (await eventsOf('candidate_request.blocked')).map((e) => e.data.uuid);
    expect(blockedEvents.sort()).toEqual([uuid, batched].sort());
    await receiver.waitFor((r) => r.event.type === 'candidate_request.blocked' && r.event.data.uuid === uuid);

    // The monitored request, as old, stays readable.
    await api().get(`/candidate-requests/${kept}`).set(analyst.auth).expect(200);

    // Suppressed blockedDays (1) after the blocking.
    await ageBlocking([uuid], 2);
    await withDb(async (db) => {
      await db.query(`UPDATE legal_search SET blocked_at = blocked_at - 2 * ${DAY_SQL} WHERE id = $1`, [
        searchId,
      ]);
    });
    const unknown = await eventually(
      async () => {
        const response = await api().get(`/candidate-requests/${uuid}`).set(analyst.auth).expect(200);
        return response.body.statusCode === 404 ? response.body : undefined;
      },
      20_000,
      'the request to be suppressed',
    );
    expect(unknown).toEqual({
      isSuccess: true,
      statusCode: 404,
      message: 'Candidate request not found',
      data: {},
    });
    await eventually(
      async () => {
        const response = await api().get(`/risks/legal-records/searches/${searchId}`).set(analyst.auth);
        return response.status === 404 ? true : undefined;
      },
      20_000,
      'the search to be suppressed',
    );
    await api().get(`/candidate-requests/${uuid}/report`).set(analyst.auth).expect(404);
    expect((await eventsOf('candidate_request.suppressed')).map((e) => e.data)).toEqual([{ uuid }]);
    await receiver.waitFor(
      (r) => r.event.type === 'candidate_request.suppressed' && r.event.data.uuid === uuid,
    );
    // Each event once, however many sweeps ran meanwhile.
    expect((await eventsOf('candidate_request.blocked')).length).toBe(2);
    expect((await eventsOf('candidate_request.suppressed')).length).toBe(1);

    // What stays: ids, statuses, dates, counts and charges.
    const stays = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT r.status, r.blocked_at IS NOT NULL AS blocked, r.suppressed_at IS NOT NULL AS suppressed,
                    (SELECT count(*)::int FROM request_process p WHERE p.request_id = r.id AND p.end_date IS NOT NULL) AS finished,
                    (SELECT count(*)::int FROM billing_charge b WHERE b.search_id = $2) AS charges
               FROM candidate_request r WHERE r.id = $1`,
            [uuid, searchId],
          )
        ).rows[0],
    );
    expect(stays).toEqual({ status: 'Completed', blocked: true, suppressed: true, finished: 5, charges: 1 });

    const values = [
      subject.name,
      subject.lastName,
      subject.secondLastName,
      subject.rfc,
      subject.curp,
      subject.email,
      subject.phone,
    ];
    expect(await whereStored(values, subject.birthDate, uuid)).toEqual([]);
    // The scan does find what is still kept: the monitored request's candidate.
    expect(await whereStored([keptBody.rfc], '1800-01-01', kept)).toEqual(['candidate.rfc']);

    await api().get(`/candidate-requests/${kept}`).set(analyst.auth).expect(200);
  });
});

/** RetentionRepository.blockNow, built, as the cancellation right calls it (test/fixtures/block-now-probe.js). */
function blockNow(target: { requestIds: string[]; searchIds: string[] }): {
  requestIds: string[];
  searchIds: string[];
} {
  const probe = spawnSync(process.execPath, [join(__dirname, 'fixtures/block-now-probe.js')], {
    env: {
      ...process.env,
      DATABASE_URL: state().databaseUrl,
      REQUEST_IDS: target.requestIds.join(','),
      SEARCH_IDS: target.searchIds.join(','),
    },
    encoding: 'utf8',
  });
  expect(probe.stderr).toBe('');
  return JSON.parse(probe.stdout);
}

describe('blocking at once (the cancellation right)', () => {
  it('blocks a fresh request and search at once, stops its monitor, and the sweep suppresses them blockedDays later', async () => {
    const client = await createClient('retention-now');
    const pkg = `PKG-${client}`;
    await withDb((db) =>
      db.query(
        `INSERT INTO package (id, client_id, name, processes) SELECT $1, $2, 'Now', processes FROM package WHERE id = 'PKG-ACME-BASIC'`,
        [pkg, client],
      ),
    );
    const user = await createUser({ clients: [client], role: 'admin' });
    const own = await signIn(user.email, user.password);
    const subject = uniqueSubject(pkg);
    const uuid = (await api().post('/candidate-requests').set(own.auth).send(subject).expect(202)).body
      .uuid as string;
    await waitForOverview(own, uuid, settled);
    const monitor = await api()
      .post('/monitors')
      .set(own.auth)
      .send({ candidateRequestUuid: uuid })
      .expect(201);
    const searchId = (
      await api()
        .post('/risks/legal-records/searches')
        .set(own.auth)
        .send({ name: subject.name, lastName: subject.lastName })
        .expect(200)
    ).body.data.searchId as string;

    expect(blockNow({ requestIds: [uuid], searchIds: [searchId] })).toEqual({
      requestIds: [uuid],
      searchIds: [searchId],
    });
    // At once: no sweep needed.
    expect((await api().get(`/candidate-requests/${uuid}`).set(own.auth).expect(410)).body.message).toMatch(
      BLOCKED,
    );
    await api().get(`/risks/legal-records/searches/${searchId}`).set(own.auth).expect(410);
    expect((await api().get(`/monitors/${monitor.body.id}`).set(own.auth).expect(200)).body.status).toBe(
      'stopped',
    );
    // Again: nothing newly blocked, no second event.
    expect(blockNow({ requestIds: [uuid], searchIds: [searchId] })).toEqual({
      requestIds: [],
      searchIds: [],
    });
    const events = await api()
      .get('/events?types=candidate_request.blocked&limit=100')
      .set(own.auth)
      .expect(200);
    expect(events.body.data.map((e: { data: { uuid: string } }) => e.data.uuid)).toEqual([uuid]);

    // blockedDays 0: suppressed by the next sweep.
    await api().put('/settings/retention').set(own.auth).send({ blockedDays: 0 }).expect(200);
    await eventually(
      async () => {
        const response = await api().get(`/candidate-requests/${uuid}`).set(own.auth);
        return response.status === 200 && response.body.statusCode === 404 ? true : undefined;
      },
      20_000,
      'the request to be suppressed',
    );
    await api().get(`/risks/legal-records/searches/${searchId}`).set(own.auth).expect(404);
    expect(await whereStored([subject.name, subject.rfc, subject.email], subject.birthDate, uuid)).toEqual(
      [],
    );
  });
});
