/**
 * Reviews of findings and disputes (docs/reviews.md) over HTTP against the running stack: the demo
 * candidate Óscar Aispuro Moreno (his RFC is on OFAC and both SAT lists) and a candidate whose name
 * a legal-records person has, registered in a client of their own; decisions recompute the
 * processes' and the request's reviewed result; disputes flag the finding until a later review; the
 * events; the report; dismissal memory across a rectification that runs the processes again; roles
 * and tenancy.
 */
import { readFileSync } from 'node:fs';
import { FinalResult, mostSevere } from '@app/domain';
import { join } from 'node:path';
import { createClient, createUser } from './support/factories';
import { api, eventually, Session, signedIn, signIn, withDb } from './support/helpers';
import { ingestFile, lawsuit, person, runIngest, uniqueWord } from './support/legal-corpus';
import { reportText } from './support/pdf-text';
import { ageBlocking, ageRequests } from './support/retention';
import { byName, candidate, Overview, register, settled, waitForOverview } from './support/screening';
import { ROOT } from './support/stack';

jest.setTimeout(180_000);

const globex = signedIn('ops@globex.test');

const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'data/watch-lists/demo/candidates.json'), 'utf8')) as {
  candidates: Array<{ id: string; registration: Record<string, unknown> }>;
};
const OSCAR = MANIFEST.candidates.find((c) => c.id === 'oscar-aispuro-moreno')!.registration;
const OFAC = { source: 'ofac-sdn', entryId: '36125' };
const SAT_69B = { source: 'sat-69b', entryId: 'AIMO6811069F7' };
const SAT_69 = { source: 'sat-69', entryId: 'AIMO6811069F7' };

let clientId: string;
let admin: Session;
let analyst: Session;
let viewer: Session;

beforeAll(async () => {
  clientId = await createClient('reviews');
  await withDb((db) =>
    db.query(
      `INSERT INTO package (id, client_id, name, processes) SELECT $1, $2, 'Reviews', processes FROM package WHERE id = 'PKG-ACME-BASIC'`,
      [`PKG-${clientId}`, clientId],
    ),
  );
  const [a, b, c] = await Promise.all([
    createUser({ clients: [clientId], role: 'admin' }),
    createUser({ clients: [clientId], role: 'analyst' }),
    createUser({ clients: [clientId], role: 'viewer' }),
  ]);
  [admin, analyst, viewer] = await Promise.all([
    signIn(a.email, a.password),
    signIn(b.email, b.password),
    signIn(c.email, c.password),
  ]);
});

const packageId = () => `PKG-${clientId}`;
const reviewsPath = (uuid: string, processId: string) =>
  `/candidate-requests/${uuid}/processes/${processId}/reviews`;

async function detail(session: Session, uuid: string, processId: string) {
  const response = await api()
    .get(`/candidate-requests/${uuid}/processes/${processId}`)
    .set(session.auth)
    .expect(200);
  return response.body.data;
}

async function review(session: Session, uuid: string, processId: string, body: Record<string, unknown>) {
  return api().post(reviewsPath(uuid, processId)).set(session.auth).send(body);
}

const eventsOf = (type: string, uuid: string) =>
  withDb(async (db) => {
    const { rows } = await db.query(
      `SELECT data FROM event WHERE type = $1 AND data->>'uuid' = $2 ORDER BY tx_id, seq`,
      [type, uuid],
    );
    return rows.map((row) => row.data as Record<string, unknown>);
  });

/** The most severe of each process's reviewed result (its result when it has no review). */
function expectedReviewedResult(view: Overview): string {
  return mostSevere(view.processes.map((p) => (p.review?.reviewedResult ?? p.result) as FinalResult));
}

describe('an OFAC and SAT match, reviewed', () => {
  let uuid: string;
  let view: Overview;
  let gwl: string;
  let sat: string;

  beforeAll(async () => {
    uuid = await register(admin, { ...OSCAR, packageId: packageId() });
    view = await waitForOverview(admin, uuid, settled, 90_000);
    gwl = byName(view, 'Global Watch List').id;
    sat = byName(view, 'Listas negras del SAT').id;
  });

  it('shows a pending review on each process with findings, and the reviewed result equal to the result', () => {
    expect(byName(view, 'Global Watch List').review).toEqual({
      status: 'pending',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
    expect(byName(view, 'Listas negras del SAT').review).toEqual({
      status: 'pending',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
    // Peps found nothing: no findings, no review.
    expect(byName(view, 'Peps').review).toBeUndefined();
    expect(view.result).toBe('Riesgo Alto');
    expect(view.reviewedResult).toBe('Riesgo Alto');
  });

  it('refuses a finding the process does not have (400 naming finding), a viewer (403), another client (404)', async () => {
    const wrong = await review(analyst, uuid, gwl, { finding: SAT_69B, decision: 'dismissed', reason: 'x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'finding', message: expect.stringContaining('sat-69b/AIMO6811069F7') },
    ]);
    const bad = await review(analyst, uuid, gwl, { finding: OFAC, decision: 'maybe', reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['decision', 'reason']);
    const refused = await review(viewer, uuid, gwl, { finding: OFAC, decision: 'dismissed', reason: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('analyst');
    await review(globex, uuid, gwl, { finding: OFAC, decision: 'dismissed', reason: 'x' }).then((r) =>
      expect(r.status).toBe(404),
    );
    await api().get(reviewsPath(uuid, gwl)).set(globex.auth).expect(404);
    await api().get(`/candidate-requests/${uuid}/disputes`).set(globex.auth).expect(404);
    await api()
      .post(`/candidate-requests/${uuid}/disputes`)
      .set(globex.auth)
      .send({ finding: OFAC, statement: 'No soy yo.' })
      .expect(404);
  });

  it('a dismissal stops the finding counting: the process is reviewed and its result recomputed', async () => {
    const before = Date.now();
    const response = await review(analyst, uuid, gwl, {
      finding: OFAC,
      decision: 'dismissed',
      reason: 'Homónimo: fecha de nacimiento distinta.',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      finding: OFAC,
      decision: 'dismissed',
      reason: 'Homónimo: fecha de nacimiento distinta.',
      reviewer: { id: expect.any(String), email: expect.stringContaining('@e2e.test') },
      at: expect.any(Number),
    });
    expect(response.body.at).toBeGreaterThanOrEqual(before - 5_000);
    const after = await waitForOverview(admin, uuid, settled);
    expect(byName(after, 'Global Watch List').review).toEqual({
      status: 'reviewed',
      reviewedResult: 'Aprobado',
      disputed: false,
    });
    expect(byName(after, 'Global Watch List').result).toBe('Riesgo Alto');
    // The SAT process still counts its matches.
    expect(after.reviewedResult).toBe('Riesgo Alto');
    expect((await detail(viewer, uuid, gwl)).review).toEqual(byName(after, 'Global Watch List').review);
  });

  it("dismissing the SAT findings too: the request's reviewed result is worked out over what counts, with its event", async () => {
    const before = await waitForOverview(admin, uuid, settled);
    for (const finding of [SAT_69B, SAT_69])
      expect(
        (await review(admin, uuid, sat, { finding, decision: 'dismissed', reason: 'RFC homónimo.' })).status,
      ).toBe(201);
    const after = await waitForOverview(admin, uuid, settled);
    expect(byName(after, 'Listas negras del SAT').review).toMatchObject({
      status: 'reviewed',
      reviewedResult: 'Aprobado',
    });
    // The other processes (BGC News answers from the sandbox) count as they are.
    expect(after.reviewedResult).toBe(expectedReviewedResult(after));
    const changes = await eventsOf('candidate_request.review_changed', uuid);
    if (after.reviewedResult !== before.reviewedResult)
      expect(changes.at(-1)).toEqual({ uuid, reviewedResult: after.reviewedResult });
    else expect(changes).toEqual([]);
  });

  it('lists the reviews of a process oldest first; a viewer may read them', async () => {
    const list = await api().get(reviewsPath(uuid, sat)).set(viewer.auth).expect(200);
    expect(list.body.data.map((r: { finding: unknown }) => r.finding)).toEqual([SAT_69B, SAT_69]);
    expect(list.body.data[0].at).toBeLessThanOrEqual(list.body.data[1].at);
  });

  it('a confirmation brings a finding back into the result', async () => {
    const before = await waitForOverview(admin, uuid, settled);
    expect(
      (
        await review(analyst, uuid, gwl, {
          finding: OFAC,
          decision: 'confirmed',
          reason: 'RFC idéntico en la INE.',
        })
      ).status,
    ).toBe(201);
    const after = await waitForOverview(admin, uuid, settled);
    expect(byName(after, 'Global Watch List').review).toMatchObject({
      status: 'reviewed',
      reviewedResult: 'Riesgo Alto',
    });
    expect(after.reviewedResult).toBe('Riesgo Alto');
    if (before.reviewedResult !== 'Riesgo Alto')
      expect((await eventsOf('candidate_request.review_changed', uuid)).at(-1)).toEqual({
        uuid,
        reviewedResult: 'Riesgo Alto',
      });
  });

  it('a dispute flags the finding in the detail, the review and the report until a later review decides it', async () => {
    const bad = await api()
      .post(`/candidate-requests/${uuid}/disputes`)
      .set(analyst.auth)
      .send({ finding: { source: 'ofac-sdn', entryId: '1' }, statement: 'No soy yo.' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('finding');
    const opened = await api()
      .post(`/candidate-requests/${uuid}/disputes`)
      .set(analyst.auth)
      .send({ finding: SAT_69B, statement: 'No soy la persona de la lista.' })
      .expect(201);
    expect(opened.body).toEqual({
      id: expect.any(String),
      processId: sat,
      finding: SAT_69B,
      statement: 'No soy la persona de la lista.',
      status: 'open',
      at: expect.any(Number),
    });
    expect(await eventsOf('candidate_request.disputed', uuid)).toEqual([
      { uuid, processId: sat, finding: SAT_69B },
    ]);
    const disputed = await detail(viewer, uuid, sat);
    expect(disputed.review.disputed).toBe(true);
    expect(
      disputed.summary.matches
        .map((m: { source: string; disputed: boolean }) => [m.source, m.disputed])
        .sort(),
    ).toEqual([
      ['sat-69', false],
      ['sat-69b', true],
    ]);
    expect(
      byName(await waitForOverview(admin, uuid, settled), 'Listas negras del SAT').review?.disputed,
    ).toBe(true);
    const text = await reportText(viewer, uuid);
    expect(text).toContain('en disputa');
    expect(text).toContain('Resultado revisado');
    expect(text).toContain('descartada por');
    expect(text).toContain('Homónimo: fecha de nacimiento distinta.');

    // A review made after the dispute decides it.
    await review(analyst, uuid, sat, {
      finding: SAT_69B,
      decision: 'confirmed',
      reason: 'Confirmado con el SAT.',
    });
    const decided = await detail(viewer, uuid, sat);
    expect(decided.review).toEqual({ status: 'reviewed', reviewedResult: 'Riesgo Alto', disputed: false });
    expect(decided.summary.matches.every((m: { disputed: boolean }) => m.disputed === false)).toBe(true);
    const disputes = await api().get(`/candidate-requests/${uuid}/disputes`).set(viewer.auth).expect(200);
    expect(disputes.body.data.map((d: { status: string }) => d.status)).toEqual(['resolved']);
    expect(await reportText(viewer, uuid)).not.toContain('en disputa');
  });
});

describe('a BGC Legal person, reviewed and remembered', () => {
  const given = 'Aurelio';
  const paternal = uniqueWord('Revi');
  const maternal = uniqueWord('Sion');
  let uuid: string;
  let legalId: string;
  let gwlId: string;
  let found: Record<string, unknown>;

  beforeAll(async () => {
    found = person({ givenNames: given, paternalSurname: paternal, maternalSurname: maternal });
    const ingest = await runIngest(
      ingestFile([
        found,
        lawsuit(found.uuid as string, { role: 'Defendant' }),
        lawsuit(found.uuid as string, { role: 'Defendant' }),
      ]),
    );
    expect(ingest.code).toBe(0);
    // The candidate has Óscar's RFC (an OFAC finding) and the person's name (a BGC Legal finding).
    uuid = await register(
      admin,
      candidate({
        ...OSCAR,
        name: given,
        lastName: paternal,
        secondLastName: maternal,
        packageId: packageId(),
      }),
    );
    const view = await waitForOverview(admin, uuid, settled, 90_000);
    legalId = byName(view, 'BGC Legal').id;
    gwlId = byName(view, 'Global Watch List').id;
  });

  it("lists the person among BGC Legal's findings, and its dismissal recomputes BGC Legal's result", async () => {
    const legal = await detail(admin, uuid, legalId);
    expect(legal.summary.persons).toEqual([
      {
        entryId: found.uuid,
        fullName: expect.any(String),
        lawsuits: 2,
        asDefendant: 2,
        categories: ['Civil'],
        disputed: false,
      },
    ]);
    expect(legal.result).toBe('Riesgo Medio');
    expect(legal.review).toEqual({ status: 'pending', reviewedResult: 'Riesgo Medio', disputed: false });
    const dismissed = await review(analyst, uuid, legalId, {
      finding: { source: 'legal-records', entryId: found.uuid },
      decision: 'dismissed',
      reason: 'Otra persona: distinto estado de residencia.',
    });
    expect(dismissed.status).toBe(201);
    expect((await detail(admin, uuid, legalId)).review).toEqual({
      status: 'reviewed',
      reviewedResult: 'Aprobado',
      disputed: false,
    });
    expect(
      (
        await review(analyst, uuid, gwlId, {
          finding: OFAC,
          decision: 'dismissed',
          reason: 'Homónimo por RFC.',
        })
      ).status,
    ).toBe(201);
  });

  it('a rectification runs the processes again: dismissed entries unchanged stay out, the rest come back to review', async () => {
    const before = await waitForOverview(admin, uuid, settled);
    const sat = byName(before, 'Listas negras del SAT');
    const request = await api()
      .post('/privacy-requests')
      .set(admin.auth)
      .send({
        right: 'rectification',
        subject: { rfc: OSCAR.rfc },
        receivedAt: '2026-09-10',
        channel: 'email',
      })
      .expect(201);
    await api()
      .post(`/privacy-requests/${request.body.id}/resolve`)
      .set(admin.auth)
      .send({ decision: 'granted', reason: 'INE presentada.', changes: { birthDate: '1968-11-07' } })
      .expect(200);
    // The SAT process finishes a second time (its end date moves past the first run's).
    const after = await eventually(
      async () => {
        const view = await waitForOverview(admin, uuid, settled, 60_000);
        const again = byName(view, 'Listas negras del SAT');
        return again.status === 'Finalizado' &&
          again.startDate! >= sat.endDate! &&
          view.status === 'Completed'
          ? view
          : undefined;
      },
      90_000,
      'the processes to run again',
    );
    // OFAC's entry was dismissed and is unchanged: the list process no longer raises it.
    const gwl = await detail(admin, uuid, gwlId);
    expect(gwl.summary.matches.map((m: { source: string }) => m.source)).not.toContain('ofac-sdn');
    expect(gwl.result).toBe('Aprobado');
    // The person BGC Legal found was dismissed and has the same lawsuits: BGC Legal finds nothing now.
    const legal = await detail(admin, uuid, legalId);
    expect(legal.summary.persons).toEqual([]);
    expect(legal.result).toBe('Aprobado');
    // The SAT matches were never dismissed: they come back, to be reviewed again.
    expect(byName(after, 'Listas negras del SAT').review).toEqual({
      status: 'pending',
      reviewedResult: 'Riesgo Alto',
      disputed: false,
    });
  });
});

describe("the candidate's reviews and disputes as personal data", () => {
  let uuid: string;
  let gwl: string;
  let sat: string;
  const reason = `Homónimo: INE ${uniqueWord('Ine')}.`;
  const statement = `No soy yo: ${uniqueWord('Yo')}.`;

  beforeAll(async () => {
    uuid = await register(admin, { ...OSCAR, packageId: packageId() });
    const view = await waitForOverview(admin, uuid, settled, 90_000);
    gwl = byName(view, 'Global Watch List').id;
    sat = byName(view, 'Listas negras del SAT').id;
    expect((await review(analyst, uuid, gwl, { finding: OFAC, decision: 'dismissed', reason })).status).toBe(
      201,
    );
    await api()
      .post(`/candidate-requests/${uuid}/disputes`)
      .set(analyst.auth)
      .send({ finding: SAT_69B, statement })
      .expect(201);
  });

  afterAll(() =>
    api().put('/settings/retention').set(admin.auth).send({ activeDays: 365, blockedDays: 730 }),
  );

  it("an access export holds the request's reviews and disputes, with the reason and the statement", async () => {
    const access = await api()
      .post('/privacy-requests')
      .set(admin.auth)
      .send({ right: 'access', subject: { rfc: OSCAR.rfc }, receivedAt: '2026-09-10', channel: 'email' })
      .expect(201);
    await api()
      .post(`/privacy-requests/${access.body.id}/resolve`)
      .set(admin.auth)
      .send({ decision: 'granted', reason: 'INE presentada.' })
      .expect(200);
    const exported = await api()
      .get(`/privacy-requests/${access.body.id}/export`)
      .set(admin.auth)
      .expect(200);
    const held = exported.body.candidateRequests.find((r: { uuid: string }) => r.uuid === uuid);
    expect(held.reviews).toEqual([
      {
        id: expect.any(String),
        processId: gwl,
        alertId: null,
        finding: OFAC,
        decision: 'dismissed',
        reason,
        reviewer: { id: expect.any(String), email: expect.any(String) },
        at: expect.any(Number),
      },
    ]);
    expect(held.disputes).toEqual([
      {
        id: expect.any(String),
        processId: sat,
        finding: SAT_69B,
        statement,
        status: 'open',
        at: expect.any(Number),
      },
    ]);
  });

  it('a suppression erases the reason and the statement, and keeps the decision', async () => {
    await api()
      .put('/settings/retention')
      .set(admin.auth)
      .send({ activeDays: 30, blockedDays: 1 })
      .expect(200);
    await ageRequests([uuid], 31);
    await eventually(
      async () =>
        (await api().get(`/candidate-requests/${uuid}`).set(admin.auth)).status === 410 ? true : undefined,
      30_000,
      'the request to be blocked',
    );
    await ageBlocking([uuid], 2);
    await eventually(
      async () => {
        const response = await api().get(`/candidate-requests/${uuid}`).set(admin.auth).expect(200);
        return response.body.statusCode === 404 ? true : undefined;
      },
      30_000,
      'the request to be suppressed',
    );
    const stored = await withDb(async (db) => {
      const reviews = await db.query(`SELECT decision, reason FROM finding_review WHERE request_id = $1`, [
        uuid,
      ]);
      const disputes = await db.query(`SELECT statement FROM finding_dispute WHERE request_id = $1`, [uuid]);
      const anywhere = await db.query(
        `SELECT (SELECT count(*) FROM finding_review WHERE reason IN ($1, $2))::int
              + (SELECT count(*) FROM finding_dispute WHERE statement IN ($1, $2))::int AS n`,
        [reason, statement],
      );
      return { reviews: reviews.rows, disputes: disputes.rows, anywhere: anywhere.rows[0].n };
    });
    expect(stored).toEqual({
      reviews: [{ decision: 'dismissed', reason: null }],
      disputes: [{ statement: null }],
      anywhere: 0,
    });
  });
});
