/**
 * ARCO requests (docs/privacy.md, "ARCO requests") over HTTP against the running stack: recording
 * (shapes, each field's 400, due dates across a rest day), finding a person's data by RFC, CURP or
 * name and birth date, searches and monitors, each right's decision applied (access export,
 * rectification screened again, cancellation blocked, opposition unmonitored), the events, roles and
 * tenancy. The requests live in a client of their own, so that what a subject matches is exactly what
 * the test registered there.
 */
import { randomBytes } from 'node:crypto';
import { addDays, calendarDateIn, IDENTITY_PROCESS_NAMES } from '@app/domain';
import { createClient, createUser } from './support/factories';
import { api, eventually, Session, signedIn, signIn, withDb } from './support/helpers';
import { documentedViolations } from './support/openapi';
import { reportText } from './support/pdf-text';
import { candidate, register, settled, waitForOverview } from './support/screening';
import { CREATE_PRIVACY_REQUEST_EXAMPLES } from '../apps/api/src/privacy-requests/privacy-requests.examples';

jest.setTimeout(120_000);

const acmeAnalyst = signedIn('analyst@acme.test');
const acmeViewer = signedIn('viewer@acme.test');
const globex = signedIn('ops@globex.test');

/** Consonants only: no name rule refuses them and nothing else in the database holds them. */
const word = (length = 8) => Array.from(randomBytes(length), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
const upper = (length: number) => word(length).toUpperCase();

/** A person of their own: unique names, RFC and CURP (RFC and CURP share their first 10 characters). */
function person(birthDate = '1985-01-01') {
  const yymmdd = birthDate.slice(2).replace(/-/g, '');
  const letters = `${upper(1)}A${upper(2)}`;
  return {
    name: `José ${capitalized(word())}`,
    lastName: `Núñez${word(5)}`,
    secondLastName: `Ávila${word(5)}`,
    birthDate,
    rfc: `${letters}${yymmdd}${upper(2)}1`,
    curp: `${letters}${yymmdd}HDF${upper(3)}A9`,
  };
}
const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);
/** The name written another way: upper case, accents dropped, spaces doubled. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/ /g, '  ');

let clientId: string;
let packageId: string;
let admin: Session;

beforeAll(async () => {
  clientId = await createClient('arco');
  packageId = `PKG-${clientId}`;
  await withDb((db) =>
    db.query(
      `INSERT INTO package (id, client_id, name, processes) SELECT $1, $2, 'ARCO', processes FROM package WHERE id = 'PKG-ACME-BASIC'`,
      [packageId, clientId],
    ),
  );
  const user = await createUser({ clients: [clientId], role: 'admin' });
  admin = await signIn(user.email, user.password);
});

type Person = ReturnType<typeof person>;

async function registered(who: Partial<Person>, overrides: Record<string, unknown> = {}): Promise<string> {
  return register(admin, candidate({ packageId, ...who, ...overrides }));
}

const REQUEST = { right: 'access', receivedAt: '2026-09-10', channel: 'email' };

async function create(body: Record<string, unknown>, session: Session = admin) {
  return api()
    .post('/privacy-requests')
    .set(session.auth)
    .send({ ...REQUEST, ...body });
}

/** A billed legal-records search of the person's full name in the test's client (200 asserted). */
function searchFor(who: { name: string; lastName: string; secondLastName: string }) {
  return api()
    .post('/risks/legal-records/searches')
    .query({ clientId })
    .set(admin.auth)
    .send({ name: who.name, lastName: who.lastName, secondLastName: who.secondLastName })
    .expect(200);
}

/** A monitor of the request (201 asserted). */
function monitorOf(candidateRequestUuid: string) {
  return api().post('/monitors').set(admin.auth).send({ candidateRequestUuid }).expect(201);
}

async function created(body: Record<string, unknown>) {
  const response = await create(body);
  expect(response.status).toBe(201);
  return response.body as PrivacyRequest;
}

async function resolve(id: string, body: Record<string, unknown>) {
  return api().post(`/privacy-requests/${id}/resolve`).set(admin.auth).send(body);
}

interface PrivacyRequest {
  id: string;
  right: string;
  status: string;
  receivedAt: string;
  dueDate: string;
  matches: Array<{ type: string; id: string }>;
  decision: string | null;
  reason: string | null;
  resolvedAt: number | null;
}

/** The client's events of these types about one privacy request (or request), oldest first. */
async function eventsOf(types: string[], subject: string) {
  const response = await api()
    .get('/events')
    .query({ types: types.join(','), limit: '500' })
    .set(admin.auth)
    .expect(200);
  return (response.body.data as Array<{ type: string; data: Record<string, unknown> }>).filter(
    (event) => event.data.privacyRequestId === subject || event.data.uuid === subject,
  );
}

describe('POST /privacy-requests', () => {
  it('records the request, open, due 20 business days later across 16 September, and says so in an event', async () => {
    const who = person();
    const requestId = await registered(who);
    const response = await create({ subject: { rfc: who.rfc }, details: 'Copia de mis datos.' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      right: 'access',
      status: 'open',
      subject: { rfc: who.rfc },
      receivedAt: '2026-09-10',
      // 10 Sept 2026 + 20 business days: 16 September (a rest day) and the weekends are skipped.
      dueDate: '2026-10-09',
      channel: 'email',
      details: 'Copia de mis datos.',
      matches: [{ type: 'candidate_request', id: requestId }],
      decision: null,
      reason: null,
      changes: null,
      createdAt: expect.any(Number),
      resolvedAt: null,
    });
    expect(await documentedViolations('/privacy-requests', response.body, 'post', '201')).toEqual([]);
    const stored = await withDb(async (db) => {
      const { rows } = await db.query(
        `SELECT to_char(due_soon_date, 'YYYY-MM-DD') AS "dueSoon", client_id AS "clientId" FROM privacy_request WHERE id = $1`,
        [response.body.id],
      );
      return rows[0];
    });
    expect(stored).toEqual({ dueSoon: '2026-10-02', clientId });
    expect(await eventsOf(['privacy_request.received'], response.body.id)).toEqual([
      expect.objectContaining({
        type: 'privacy_request.received',
        data: { privacyRequestId: response.body.id, right: 'access' },
      }),
    ]);
  });

  it.each([
    ['a request received on a Saturday (25 December rests)', '2025-12-20', '2026-01-20'],
    ['a request received on New Year’s Eve (1 January rests)', '2025-12-31', '2026-01-29'],
  ])('counts business days for %s', async (_label, receivedAt, dueDate) => {
    const body = await created({ subject: { rfc: person().rfc }, receivedAt });
    expect(body.dueDate).toBe(dueDate);
  });

  it('refuses each field that breaks its rule, naming it, and records nothing', async () => {
    const tomorrow = addDays(calendarDateIn('America/Mexico_City', new Date()), 1);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ right: 'erase' }, ['right']],
      [{ right: undefined }, ['right']],
      [{ subject: undefined }, ['subject']],
      [{ subject: 'HEGJ850101AB1' }, ['subject']],
      [{ subject: {} }, ['subject']],
      [{ subject: { name: 'Juan', lastName: 'Pérez' } }, ['subject']],
      [{ subject: { rfc: 'NOT-AN-RFC' } }, ['subject.rfc']],
      [{ subject: { curp: 'HEGJ850101' } }, ['subject.curp']],
      [{ subject: { rfc: 'HEGJ850101AB1', nickname: 'Juanito' } }, ['subject.nickname']],
      [{ subject: { name: 'Ju\u0007an', lastName: 'Pérez', birthDate: '1985-01-01' } }, ['subject.name']],
      [{ subject: { name: 'Juan', lastName: 'Pérez', birthDate: '1985-02-30' } }, ['subject.birthDate']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, receivedAt: '10/09/2026' }, ['receivedAt']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, receivedAt: tomorrow }, ['receivedAt']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, channel: 'fax' }, ['channel']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, details: 'x'.repeat(2001) }, ['details']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, details: 42 }, ['details']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, clientId: 7 }, ['clientId']],
      [{ subject: { rfc: 'HEGJ850101AB1' }, extra: true }, ['extra']],
    ];
    const before = await countRequests();
    for (const [body, fields] of cases) {
      const response = await create({ subject: { rfc: 'HEGJ850101AB1' }, ...body });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect({ body, fields: response.body.errors.map((e: { field: string }) => e.field) }).toEqual({
        body,
        fields,
      });
    }
    const empty = await api().post('/privacy-requests').set(admin.auth).send({}).expect(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'right',
      'subject',
      'receivedAt',
      'channel',
    ]);
    expect(await countRequests()).toBe(before);
  });
});

const countRequests = () =>
  withDb(async (db) => {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM privacy_request WHERE client_id = $1`, [
      clientId,
    ]);
    return rows[0].n as number;
  });

describe('matches', () => {
  it('an RFC decides: the candidate with it, not a namesake born the same day with another RFC', async () => {
    const who = person('1979-03-14');
    const mine = await registered(who);
    const namesake = await registered({
      ...person('1979-03-14'),
      name: who.name,
      lastName: who.lastName,
      secondLastName: who.secondLastName,
    });
    const body = await created({ subject: { rfc: who.rfc.toLowerCase(), name: who.name } });
    expect(body.matches).toEqual([{ type: 'candidate_request', id: mine }]);
    expect(body.matches.map((m) => m.id)).not.toContain(namesake);
  });

  it('a CURP decides too', async () => {
    const who = person();
    const mine = await registered(who);
    const body = await created({ subject: { curp: who.curp } });
    expect(body.matches).toEqual([{ type: 'candidate_request', id: mine }]);
  });

  it('without either, the full name (case, accents and spacing aside) and the birth date; a search of that name; a monitor', async () => {
    const who = person('1992-07-08');
    const first = await registered(who);
    const second = await registered({ ...who, rfc: undefined, curp: undefined });
    // Another birth date, or another second surname: someone else.
    await registered({
      ...person('1992-07-09'),
      name: who.name,
      lastName: who.lastName,
      secondLastName: who.secondLastName,
    });
    await registered({ ...person('1992-07-08'), name: who.name, lastName: who.lastName });
    const search = await searchFor(who);
    const searchId = search.body.data.searchId as string;
    // The same two names without the second surname is another name.
    await api()
      .post('/risks/legal-records/searches')
      .query({ clientId })
      .set(admin.auth)
      .send({ name: who.name, lastName: who.lastName })
      .expect(200);
    const monitor = await monitorOf(first);
    const body = await created({
      subject: {
        name: folded(who.name).toLowerCase(),
        lastName: folded(who.lastName),
        secondLastName: ` ${folded(who.secondLastName)} `,
        birthDate: who.birthDate,
      },
    });
    expect(body.matches).toEqual([
      { type: 'candidate_request', id: first },
      { type: 'candidate_request', id: second },
      { type: 'search', id: searchId },
      { type: 'monitor', id: monitor.body.id },
    ]);
  });

  it('leaves out suppressed requests and searches, and still finds blocked ones (their data is still held)', async () => {
    const who = person();
    const suppressed = await registered(who);
    const blocked = await registered(who);
    const searches = await Promise.all([0, 1].map(() => searchFor(who)));
    const [suppressedSearch, blockedSearch] = searches.map((r) => r.body.data.searchId as string);
    await withDb(async (db) => {
      await db.query(
        `UPDATE candidate_request SET blocked_at = now(), suppressed_at = CASE WHEN id = $1 THEN now() END WHERE id = ANY($2)`,
        [suppressed, [suppressed, blocked]],
      );
      await db.query(
        `UPDATE legal_search SET blocked_at = now(), suppressed_at = CASE WHEN id = $1 THEN now() END WHERE id = ANY($2)`,
        [suppressedSearch, [suppressedSearch, blockedSearch]],
      );
    });
    const body = await created({
      subject: { rfc: who.rfc, name: who.name, lastName: who.lastName, secondLastName: who.secondLastName },
    });
    expect(body.matches).toEqual([
      { type: 'candidate_request', id: blocked },
      { type: 'search', id: blockedSearch },
    ]);
  });

  it('finds nothing of another client: the same person registered by acme is not this client’s data', async () => {
    const who = person();
    await register(admin, candidate({ packageId, ...person() }));
    const acmeAdmin = await signIn('demo@acme.test');
    await register(acmeAdmin, candidate({ ...who }));
    const body = await created({ subject: { rfc: who.rfc } });
    expect(body.matches).toEqual([]);
  });
});

describe('reading ARCO requests', () => {
  it('lists the client’s requests newest first with their status, pages them, and reads one', async () => {
    const older = await created({ subject: { rfc: person().rfc } });
    const newer = await created({ subject: { rfc: person().rfc }, right: 'opposition' });
    const page = await api().get('/privacy-requests').query({ limit: 2 }).set(admin.auth).expect(200);
    expect(page.body).toEqual({
      data: [expect.any(Object), expect.any(Object)],
      page: 1,
      limit: 2,
      total: expect.any(Number),
    });
    expect(page.body.data.map((r: PrivacyRequest) => r.id)).toEqual([newer.id, older.id]);
    expect(await documentedViolations('/privacy-requests', page.body)).toEqual([]);
    const open = await api()
      .get('/privacy-requests')
      .query({ status: 'open', limit: 100 })
      .set(admin.auth)
      .expect(200);
    expect(open.body.data.every((r: PrivacyRequest) => r.status === 'open')).toBe(true);
    const one = await api().get(`/privacy-requests/${older.id}`).set(admin.auth).expect(200);
    expect(one.body).toEqual(older);
    for (const query of [{ status: 'closed' }, { page: 0 }, { limit: 101 }])
      await api().get('/privacy-requests').query(query).set(admin.auth).expect(400);
  });

  it('answers 404 for another client’s request, an unknown id and one that is not a uuid, to every operation', async () => {
    const mine = await created({ subject: { rfc: person().rfc } });
    const globexAnswers = await Promise.all([
      api().get(`/privacy-requests/${mine.id}`).set(globex.auth),
      api()
        .post(`/privacy-requests/${mine.id}/resolve`)
        .set(globex.auth)
        .send({ decision: 'granted', reason: 'x' }),
      api().get(`/privacy-requests/${mine.id}/export`).set(globex.auth),
      api().get('/privacy-requests/00000000-0000-4000-8000-000000000000').set(admin.auth),
      api().get('/privacy-requests/not-a-uuid').set(admin.auth),
    ]);
    for (const answer of globexAnswers)
      expect(answer.body).toEqual({ code: 404, message: 'Privacy request not found.' });
    const list = await api().get('/privacy-requests').query({ limit: 100 }).set(globex.auth).expect(200);
    expect(list.body.data.map((r: PrivacyRequest) => r.id)).not.toContain(mine.id);
  });

  it('refuses analysts and viewers, naming the admin role', async () => {
    for (const session of [acmeAnalyst, acmeViewer]) {
      const refused = await Promise.all([
        api().get('/privacy-requests').set(session.auth),
        api()
          .post('/privacy-requests')
          .set(session.auth)
          .send({ ...REQUEST, subject: { rfc: 'HEGJ850101AB1' } }),
        api().get('/privacy-requests/00000000-0000-4000-8000-000000000000').set(session.auth),
        api()
          .post('/privacy-requests/00000000-0000-4000-8000-000000000000/resolve')
          .set(session.auth)
          .send({ decision: 'granted', reason: 'x' }),
        api().get('/privacy-requests/00000000-0000-4000-8000-000000000000/export').set(session.auth),
      ]);
      for (const answer of refused) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toMatch(/needs the admin role/);
      }
    }
  });
});

describe('resolving', () => {
  it('grants access once (409 after), with its event; the export holds everything the client has about the person', async () => {
    const who = person();
    const requestId = await registered(who);
    await waitForOverview(admin, requestId, settled, 60_000);
    const search = await searchFor(who);
    const monitor = await monitorOf(requestId);
    const request = await created({
      subject: { rfc: who.rfc, name: who.name, lastName: who.lastName, secondLastName: who.secondLastName },
    });

    await api().get(`/privacy-requests/${request.id}/export`).set(admin.auth).expect(409);
    const resolved = await resolve(request.id, {
      decision: 'granted',
      reason: ' Identidad acreditada con INE. ',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({
      ...request,
      status: 'resolved',
      decision: 'granted',
      reason: 'Identidad acreditada con INE.',
      resolvedAt: expect.any(Number),
    });
    expect(await documentedViolations('/privacy-requests/{id}/resolve', resolved.body, 'post')).toEqual([]);
    const again = await resolve(request.id, { decision: 'denied', reason: 'Otra vez.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/resolved already/);
    expect((await eventsOf(['privacy_request.resolved'], request.id)).map((e) => e.data)).toEqual([
      { privacyRequestId: request.id, right: 'access', decision: 'granted' },
    ]);

    const exported = await api().get(`/privacy-requests/${request.id}/export`).set(admin.auth).expect(200);
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="privacy-request-${request.id}.json"`,
    );
    expect(await documentedViolations('/privacy-requests/{id}/export', exported.body)).toEqual([]);
    const body = exported.body;
    expect(body.privacyRequest).toEqual(resolved.body);
    expect(body.candidateRequests).toHaveLength(1);
    const [held] = body.candidateRequests;
    expect(held).toMatchObject({
      uuid: requestId,
      packageId,
      status: 'Completed',
      candidate: {
        name: who.name,
        lastName: who.lastName,
        rfc: who.rfc,
        curp: who.curp,
        birthDate: who.birthDate,
      },
      consent: null,
    });
    expect(held.processes.map((p: { processName: string }) => p.processName).sort()).toEqual([
      'BGC Legal',
      'BGC News',
      'Global Watch List',
      'Listas negras del SAT',
      'Peps',
    ]);
    for (const process of held.processes) {
      expect(process.status).toBe('Finalizado');
      expect(process.result).not.toBe('Pendiente');
      expect(process.summary).toEqual(expect.any(Object));
    }
    expect(body.searches).toEqual([
      expect.objectContaining({
        searchId: search.body.data.searchId,
        search_query: search.body.data.search_query,
        records: search.body.data.records,
        unlockedRecords: [],
      }),
    ]);
    expect(body.monitors).toEqual([
      expect.objectContaining({ id: monitor.body.id, status: 'active', endedAt: null }),
    ]);
    expect(body.alerts).toEqual([]);
    // The reads of the request's overview while it ran, the search and the monitor, by whom.
    const audited = body.auditEvents.map(
      (e: { action: string; subject: { id: string } }) => `${e.action} ${e.subject.id}`,
    );
    expect(audited).toEqual(
      expect.arrayContaining([
        `createCandidateRequest ${requestId}`,
        `getCandidateRequest ${requestId}`,
        `createLegalSearch ${search.body.data.searchId}`,
        `createMonitor ${monitor.body.id}`,
      ]),
    );
  });

  it('refuses an export of a denied access request and of any other right (409)', async () => {
    const denied = await created({ subject: { rfc: person().rfc } });
    await resolve(denied.id, { decision: 'denied', reason: 'No se acreditó la identidad.' }).then((r) =>
      expect(r.status).toBe(200),
    );
    const refused = await api().get(`/privacy-requests/${denied.id}/export`).set(admin.auth).expect(409);
    expect(refused.body.message).toMatch(/denied/);
    const opposition = await created({ subject: { rfc: person().rfc }, right: 'opposition' });
    await resolve(opposition.id, { decision: 'granted', reason: 'ok' });
    await api().get(`/privacy-requests/${opposition.id}/export`).set(admin.auth).expect(409);
  });

  it('refuses a decision that breaks its rules: no reason, changes where they do not belong, a granted rectification without them', async () => {
    const access = await created({ subject: { rfc: person().rfc } });
    const rectification = await created({ subject: { rfc: person().rfc }, right: 'rectification' });
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      [access.id, { decision: 'granted' }, ['reason']],
      [access.id, { decision: 'maybe', reason: 'x' }, ['decision']],
      [access.id, { decision: 'granted', reason: '   ' }, ['reason']],
      [access.id, { decision: 'granted', reason: 'x', changes: { name: 'Juan' } }, ['changes']],
      [rectification.id, { decision: 'granted', reason: 'x' }, ['changes']],
      [
        rectification.id,
        { decision: 'granted', reason: 'x', changes: { nationality: 'MX' } },
        ['changes.nationality'],
      ],
      [
        rectification.id,
        { decision: 'granted', reason: 'x', changes: { birthDate: '1985-13-01' } },
        ['changes.birthDate'],
      ],
      [rectification.id, { decision: 'denied', reason: 'x', changes: { name: 'Juan' } }, ['changes']],
      [rectification.id, { decision: 'granted', reason: 'x', extra: 1 }, ['extra']],
    ];
    for (const [id, body, fields] of cases) {
      const response = await resolve(id, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect({ body, fields: response.body.errors.map((e: { field: string }) => e.field) }).toEqual({
        body,
        fields,
      });
    }
    for (const id of [access.id, rectification.id])
      expect((await api().get(`/privacy-requests/${id}`).set(admin.auth).expect(200)).body.status).toBe(
        'open',
      );
  });

  it('rectifies: the candidate’s data changes, its list processes and BGC Legal run again to a result, its monitor watches the new name', async () => {
    const who = person();
    const requestId = await registered(who);
    const before = await waitForOverview(admin, requestId, settled, 60_000);
    const monitor = await monitorOf(requestId);
    const request = await created({ subject: { rfc: who.rfc }, right: 'rectification' });
    const newName = `Josué ${capitalized(word())}`;
    const resolved = await resolve(request.id, {
      decision: 'granted',
      reason: 'Acta de nacimiento presentada.',
      changes: { name: ` ${newName} `, curp: who.curp.toLowerCase() },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.changes).toEqual({ name: newName, curp: who.curp });

    // Each identity process is started and finished once more, with the usual events.
    const rerun = before.processes.filter((p) =>
      (IDENTITY_PROCESS_NAMES as readonly string[]).includes(p.processName),
    );
    expect(rerun).toHaveLength(4);
    const after = await eventually(
      async () => {
        const events = await eventsOf(
          ['process.started', 'process.finished', 'candidate_request.finished'],
          requestId,
        );
        const finishedTwice = rerun.every(
          (p) =>
            events.filter((e) => e.type === 'process.finished' && e.data.processId === p.id).length === 2,
        );
        return finishedTwice ? events : undefined;
      },
      60_000,
      'the identity processes to finish again',
    );
    for (const p of rerun)
      expect(after.filter((e) => e.type === 'process.started' && e.data.processId === p.id)).toHaveLength(2);
    const news = before.processes.find((p) => p.processName === 'BGC News')!;
    expect(after.filter((e) => e.data.processId === news.id)).toHaveLength(2);
    expect(after.filter((e) => e.type === 'candidate_request.finished')).toHaveLength(2);
    const view = await waitForOverview(admin, requestId, settled, 60_000);
    for (const p of view.processes) {
      expect(p.status).toBe('Finalizado');
      expect(p.result).not.toBe('Pendiente');
    }
    const rerunBefore = new Map(rerun.map((p) => [p.id, p.endDate!]));
    for (const p of view.processes.filter((p) => rerunBefore.has(p.id)))
      expect(p.startDate!).toBeGreaterThanOrEqual(rerunBefore.get(p.id)!);

    // The candidate as stored, and as the report prints it.
    const stored = await withDb(async (db) => {
      const { rows } = await db.query(`SELECT name, curp FROM candidate WHERE request_id = $1`, [requestId]);
      return rows[0];
    });
    expect(stored).toEqual({ name: newName, curp: who.curp });
    // The monitor watches the legal-records corpus for the corrected name: its keys hold the new given name.
    const keys = await withDb(async (db) => {
      const { rows } = await db.query(`SELECT legal_keys AS keys FROM monitor WHERE id = $1`, [
        monitor.body.id,
      ]);
      return (rows[0].keys as string[]).join(' ');
    });
    expect(keys).toContain(newName.split(' ')[1].toLowerCase());
    expect(keys).not.toContain(who.name.split(' ')[1].toLowerCase());
    expect(await reportText(admin, requestId)).toContain(newName);
  });

  it('cancels: the matched request and search are blocked at once (410), their monitor stopped', async () => {
    const who = person();
    const requestId = await registered(who);
    await waitForOverview(admin, requestId, settled, 60_000);
    const search = await searchFor(who);
    const searchId = search.body.data.searchId as string;
    const monitor = await monitorOf(requestId);
    const request = await created({
      subject: { curp: who.curp, name: who.name, lastName: who.lastName, secondLastName: who.secondLastName },
      right: 'cancellation',
    });
    expect(request.matches).toEqual([
      { type: 'candidate_request', id: requestId },
      { type: 'search', id: searchId },
      { type: 'monitor', id: monitor.body.id },
    ]);
    expect((await resolve(request.id, { decision: 'granted', reason: 'Sin relación vigente.' })).status).toBe(
      200,
    );
    const gone = await api().get(`/candidate-requests/${requestId}`).set(admin.auth);
    expect(gone.status).toBe(410);
    await api()
      .get(`/risks/legal-records/searches/${searchId}`)
      .query({ clientId })
      .set(admin.auth)
      .expect(410);
    const blocked = await withDb(async (db) => {
      const { rows } = await db.query(
        `SELECT (SELECT blocked_at IS NOT NULL FROM candidate_request WHERE id = $1) AS request,
                (SELECT blocked_at IS NOT NULL FROM legal_search WHERE id = $2) AS search`,
        [requestId, searchId],
      );
      return rows[0];
    });
    expect(blocked).toEqual({ request: true, search: true });
    expect((await api().get(`/monitors/${monitor.body.id}`).set(admin.auth).expect(200)).body.status).toBe(
      'stopped',
    );
    expect((await eventsOf(['candidate_request.blocked'], requestId)).map((e) => e.type)).toEqual([
      'candidate_request.blocked',
    ]);
  });

  it('a denied cancellation blocks nothing', async () => {
    const who = person();
    const requestId = await registered(who);
    const request = await created({ subject: { rfc: who.rfc }, right: 'cancellation' });
    await resolve(request.id, { decision: 'denied', reason: 'Obligación legal de conservarlos.' });
    await api().get(`/candidate-requests/${requestId}`).set(admin.auth).expect(200);
  });

  it('opposes: the person’s monitors stop as DELETE stops them, and no new monitor may watch them (409)', async () => {
    const who = person('1988-02-29');
    const requestId = await registered(who);
    const monitor = await monitorOf(requestId);
    const request = await created({
      subject: {
        name: who.name,
        lastName: who.lastName,
        secondLastName: who.secondLastName,
        birthDate: who.birthDate,
      },
      right: 'opposition',
    });
    expect(request.matches).toEqual([
      { type: 'candidate_request', id: requestId },
      { type: 'monitor', id: monitor.body.id },
    ]);
    // Open: nothing changes yet.
    await api().post('/monitors').set(admin.auth).send({ candidateRequestUuid: requestId }).expect(409);
    expect((await resolve(request.id, { decision: 'granted', reason: 'Oposición procedente.' })).status).toBe(
      200,
    );
    const stopped = await api().get(`/monitors/${monitor.body.id}`).set(admin.auth).expect(200);
    expect(stopped.body.status).toBe('stopped');
    const endedAt = await withDb(async (db) => {
      const { rows } = await db.query(`SELECT ended_at IS NOT NULL AS ended FROM monitor WHERE id = $1`, [
        monitor.body.id,
      ]);
      return rows[0].ended as boolean;
    });
    expect(endedAt).toBe(true);

    const again = await api()
      .post('/monitors')
      .set(admin.auth)
      .send({ candidateRequestUuid: requestId })
      .expect(409);
    expect(again.body).toEqual({
      code: 409,
      message: expect.stringContaining(`privacy request ${request.id}, opposition granted`),
    });
    // The same person registered again is still the person who opposed.
    const later = await registered(who);
    await api().post('/monitors').set(admin.auth).send({ candidateRequestUuid: later }).expect(409);
    // Someone else is monitored as usual.
    const other = await registered(person('1988-02-29'));
    await api().post('/monitors').set(admin.auth).send({ candidateRequestUuid: other }).expect(201);
  });
});

describe('privacy_request.due_soon', () => {
  it('announces once an open request 5 business days from its due date, and neither one with time left nor one resolved', async () => {
    const fresh = await created({
      subject: { rfc: person().rfc },
      receivedAt: calendarDateIn('America/Mexico_City', new Date()),
    });
    // Resolved while its due-soon date was still ahead (received today, so no sweep may announce it
    // before it is resolved), then that date moved into the past.
    const resolved = await created({
      subject: { rfc: person().rfc },
      receivedAt: calendarDateIn('America/Mexico_City', new Date()),
    });
    expect(
      (await resolve(resolved.id, { decision: 'denied', reason: 'No se acreditó la identidad.' })).status,
    ).toBe(200);
    await withDb((db) =>
      db.query(`UPDATE privacy_request SET due_soon_date = '2026-01-26' WHERE id = $1`, [resolved.id]),
    );
    const old = await created({
      subject: { rfc: person().rfc },
      receivedAt: '2026-01-05',
      right: 'cancellation',
    });
    expect(old.dueDate).toBe('2026-02-03');
    const events = await eventually(
      async () => {
        const found = await eventsOf(['privacy_request.due_soon'], old.id);
        return found.length > 0 ? found : undefined;
      },
      20_000,
      'the due_soon event',
    );
    expect(events.map((e) => e.data)).toEqual([{ privacyRequestId: old.id, right: 'cancellation' }]);
    // The sweep that announced it looked at the other two as well: they were recorded before it.
    const announced = await withDb(async (db) => {
      const { rows } = await db.query(
        `SELECT due_soon_announced_at IS NOT NULL AS announced FROM privacy_request WHERE id = ANY($1) ORDER BY created_at`,
        [[fresh.id, resolved.id, old.id]],
      );
      return rows.map((row) => row.announced as boolean);
    });
    expect(announced).toEqual([false, false, true]);
    expect(await eventsOf(['privacy_request.due_soon'], fresh.id)).toEqual([]);
    expect(await eventsOf(['privacy_request.due_soon'], resolved.id)).toEqual([]);
  });
});

describe('the examples of the document', () => {
  it('records each documented example as it stands, for the demo admin', async () => {
    const demo = await signIn('demo@acme.test');
    for (const example of Object.values(CREATE_PRIVACY_REQUEST_EXAMPLES))
      await api().post('/privacy-requests').set(demo.auth).send(example.value).expect(201);
  });
});
