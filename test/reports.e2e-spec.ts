import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { createUser } from './support/factories';
import { api, Session, signedIn, signIn, withDb } from './support/helpers';
import { documentedViolations } from './support/openapi';
import { binaryBody, pdfText } from './support/pdf-text';
import { ROOT } from './support/stack';
import { byName, candidate, fullCandidate, register, settled, waitForOverview } from './support/screening';

const SEARCHES = '/risks/legal-records/searches';
const ZONE = 'America/Mexico_City';
const acme = signedIn('demo@acme.test');
const globex = signedIn('ops@globex.test');
const multi = signedIn('multi@acme.test');

/** A client of its own with one user: its ledger and searches are this test's alone. */
async function freshClient(): Promise<{ clientId: string; session: Session }> {
  const clientId = `rpt-${randomUUID().slice(0, 8)}`;
  await withDb((db) => db.query(`INSERT INTO client (id, name) VALUES ($1, 'Reportes E2E')`, [clientId]));
  const user = await createUser({ clients: [clientId] });
  return { clientId, session: await signIn(user.email, user.password) };
}

async function createSearch(session: Session, body: object) {
  const response = await api().post(SEARCHES).set(session.auth).send(body).expect(200);
  return response.body.data as { searchId: string; records: Array<{ uuid: string }> };
}

/** Moves a search (and its charges) to another instant, as if it had been made then. */
async function backdate(searchId: string, instant: string): Promise<void> {
  await withDb(async (db) => {
    await db.query(`UPDATE legal_search SET created_at = $2 WHERE id = $1`, [searchId, instant]);
    await db.query(`UPDATE billing_charge SET charged_at = $2 WHERE search_id = $1`, [searchId, instant]);
  });
}

function downloadReport(session: Session, uuid: string) {
  return api().get(`/candidate-requests/${uuid}/report`).set(session.auth).buffer(true).parse(binaryBody);
}

const withoutGeneratedAt = (text: string) => text.replace(/Generado el [^\n]*\(hora [^)]*\)/g, '');
/** pdf-parse breaks a long line where the page does: compare text with single spaces. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /candidate-requests/{uuid}/report', () => {
  it('reports a finished request: every process and result, the RFC and CURP masked and nothing unmasked', async () => {
    const body = candidate();
    const uuid = await register(acme, body);
    const overview = await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const response = await downloadReport(acme, uuid).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="candidate-request-${uuid}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { text, pages } = await pdfText(response.body as Buffer);
    for (const expected of [
      'Acme Recursos Humanos',
      'PKG-ACME-BASIC',
      `${body.name} Hernández López`,
      'HELJ*********',
      'HELJ**************',
      'Resultado general',
      overview.result,
      `Procesos (${overview.processes.length})`,
      ...overview.processes.flatMap((p) => [p.processName, p.result]),
      `Página 1 de ${pages}`,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(hora del centro de México\)/);
    expect(text).not.toContain('America/Mexico_City');
    for (const secret of [body.rfc as string, body.curp as string, 'HELJ900517'])
      expect(text).not.toContain(secret);
    // Summaries are sentences, never field names.
    expect(text).not.toMatch(/isPep|totalHits|articlesFound|providerAnswered|\{"/);
  });

  it('reports a request waiting for candidate documents, saying what each open process waits for', async () => {
    const uuid = await register(acme, fullCandidate());
    const overview = await waitForOverview(acme, uuid, settled);
    expect(byName(overview, 'Documentos').status).toBe('Pendiente Candidato');
    const { text } = await pdfText((await downloadReport(acme, uuid).expect(200)).body as Buffer);
    for (const expected of [
      'En espera del candidato',
      'Pendiente Candidato',
      'En espera de que el candidato entregue sus documentos.',
      'Con dependencia',
      'Comenzará cuando termine el proceso Documentos.',
      'Sin terminar',
      'Validación de estudios',
      'Geolocalización',
      'Reporte de Crédito',
    ])
      expect(text).toContain(expected);
  });

  it('is final once every process has finished: no PRELIMINAR; a legend, the zone in words, and the confidentiality notice on every page', async () => {
    const uuid = await register(acme, candidate());
    await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const { text, pageTexts } = await pdfText((await downloadReport(acme, uuid).expect(200)).body as Buffer);
    expect(text).not.toContain('PRELIMINAR');
    expect(text).toContain('Reporte de verificación de antecedentes');
    expect(text).toContain('Cómo leer los resultados');
    for (const words of ['Riesgo Alto', '(rojo)', 'Aprobado', '(verde)', 'No disponible', 'Pendiente'])
      expect(text).toContain(words);
    expect(text).toContain('hora del centro de México');
    for (const page of pageTexts)
      expect(squeeze(page)).toContain(
        'Confidencial. Contiene datos personales tratados conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares; uso exclusivo de Acme Recursos Humanos',
      );
  });

  it('says PRELIMINAR in the title and on every page of a request that has not finished', async () => {
    const uuid = await register(acme, fullCandidate());
    const overview = await waitForOverview(acme, uuid, settled);
    const open = overview.processes.filter((p) => p.status !== 'Finalizado').length;
    expect(open).toBeGreaterThan(0);
    const { text, pages, pageTexts } = await pdfText(
      (await downloadReport(acme, uuid).expect(200)).body as Buffer,
    );
    expect(text).toContain('Reporte PRELIMINAR de verificación de antecedentes');
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const page of pageTexts)
      expect(squeeze(page)).toContain(
        `PRELIMINAR: ${open} procesos sin terminar de ${overview.processes.length}; los resultados pueden cambiar.`,
      );
  });

  it('prints names outside Latin-1 as they were registered (the font is embedded)', async () => {
    const uuid = await register(
      acme,
      candidate({ name: 'Łukasz Zoë', lastName: 'Nguyễn', secondLastName: 'Παπαδόπουλος' }),
    );
    await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const { text } = await pdfText((await downloadReport(acme, uuid).expect(200)).body as Buffer);
    expect(text).toContain('Łukasz Zoë Nguyễn Παπαδόπουλος');
  });

  it('prints a name in any script, CJK, Cyrillic and Arabic included, so that it reads back as text', async () => {
    const uuid = await register(
      acme,
      candidate({ name: '小明 Иван', lastName: '王', secondLastName: 'محمد' }),
    );
    await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const pdf = (await downloadReport(acme, uuid).expect(200)).body as Buffer;
    // The glyphs are there and map back to their characters (ToUnicode): not boxes.
    const { text } = await pdfText(pdf);
    expect(text).toContain('小明 Иван 王 محمد');
    // Each fallback font is embedded as a subset of the few glyphs used: the report stays small.
    expect(pdf.toString('latin1').match(/\/FontFile2/g)!.length).toBeGreaterThanOrEqual(3);
    expect(pdf.length).toBeLessThan(150_000);
  });

  it('explains each list match: its reasons in words and the candidate beside the entry, field by field', async () => {
    const oscar = JSON.parse(
      readFileSync(join(ROOT, 'data/watch-lists/demo/candidates.json'), 'utf8'),
    ).candidates.find((c: { id: string }) => c.id === 'oscar-aispuro-moreno');
    const uuid = await register(acme, oscar.registration);
    await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const { text } = await pdfText((await downloadReport(acme, uuid).expect(200)).body as Buffer);
    const printed = squeeze(text);
    for (const expected of [
      'Coincidencia con «AISPURO MORENO, Oscar» en OFAC, lista SDN',
      'Motivos: RFC idéntico.',
      'Campo Candidato En la lista ¿Coincide?',
      'Nombre(s) Óscar Oscar Sí',
      'Apellido paterno Aispuro AISPURO Sí',
      'Apellido materno Moreno MORENO Sí',
      'Fecha de nacimiento 6 de noviembre de 1968 6 de noviembre de 1968 Sí',
      'RFC AIMO********* AIMO********* Sí',
    ])
      expect(printed).toContain(expected);
    expect(text).not.toContain('AIMO6811069F7');
  });

  it('answers the same report for the same data, but for the generated-at line', async () => {
    const uuid = await register(acme, candidate());
    await waitForOverview(acme, uuid, (o) => o.globalEndDate !== null);
    const [first, second] = await Promise.all([downloadReport(acme, uuid), downloadReport(acme, uuid)]);
    const [a, b] = await Promise.all([pdfText(first.body as Buffer), pdfText(second.body as Buffer)]);
    expect(withoutGeneratedAt(a.text)).toBe(withoutGeneratedAt(b.text));
  });

  it("answers a real 404 for another client's request, an unknown uuid and a malformed one", async () => {
    const uuid = await register(acme, candidate());
    for (const [session, id] of [
      [globex, uuid],
      [acme, randomUUID()],
      [acme, 'not-a-uuid'],
    ] as const) {
      const response = await api().get(`/candidate-requests/${id}/report`).set(session.auth).expect(404);
      expect(response.body).toEqual({ code: 404, message: 'Candidate request not found.' });
    }
    await api().get(`/candidate-requests/${uuid}/report`).expect(401);
  });
});

describe('GET /risks/legal-records/searches', () => {
  let mine: { clientId: string; session: Session };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    mine = await freshClient();
    ids.jose = (await createSearch(mine.session, { name: 'José', lastName: 'Hernández' })).searchId;
    ids.maria = (
      await createSearch(mine.session, { name: 'María', lastName: 'Núñez', secondLastName: 'García' })
    ).searchId;
    ids.ana = (await createSearch(mine.session, { name: 'Ana', secondLastName: 'Pérez' })).searchId;
    // 23:30 on 9 January in Mexico City is already 10 January in UTC.
    await backdate(ids.jose, '2026-01-10T05:30:00Z');
    await backdate(ids.maria, '2026-02-01T12:00:00Z');
  });

  const list = (session: Session, query = '') => api().get(`${SEARCHES}${query}`).set(session.auth);
  const idsOf = (response: Response) =>
    (response.body.data as Array<{ searchId: string }>).map((s) => s.searchId);

  it("lists the client's searches newest first, in the documented shape", async () => {
    const response = await list(mine.session).expect(200);
    expect(response.body).toEqual({ data: expect.any(Array), page: 1, limit: 100, total: 3 });
    expect(idsOf(response)).toEqual([ids.ana, ids.maria, ids.jose]);
    expect(response.body.data[1]).toEqual({
      searchId: ids.maria,
      name: 'María',
      lastName: 'Núñez',
      secondLastName: 'García',
      outcome: expect.stringMatching(/^(SUCCESS|EMPTY)$/),
      totalMatches: expect.any(Number),
      createdAt: '2026-02-01T12:00:00.000Z',
      recoverableUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(response.body.data[0].lastName).toBeNull();
    expect(await documentedViolations(SEARCHES, response.body)).toEqual([]);
    const paged = await list(mine.session, '?limit=1&page=2').expect(200);
    expect(paged.body).toEqual({
      data: [expect.objectContaining({ searchId: ids.maria })],
      page: 2,
      limit: 1,
      total: 3,
    });
  });

  it.each([
    ['NUNEZ', ['maria']],
    ['núñez', ['maria']],
    ['hernandez', ['jose']],
    ['Jos', ['jose']],
    ['garcía', ['maria']],
    ['  PÉREZ ', ['ana']],
    ['a', ['ana', 'maria', 'jose']],
    ['xochitl', []],
    ['%', []],
  ])(
    'filters by name %p, case- and accent-insensitively, in any of the three fields',
    async (name, expected) => {
      const response = await list(mine.session, `?name=${encodeURIComponent(name)}`).expect(200);
      expect(idsOf(response)).toEqual(expected.map((key) => ids[key]));
      expect(response.body.total).toBe(expected.length);
    },
  );

  it.each([
    ['?from=2026-01-09&to=2026-01-09', ['jose']],
    ['?from=2026-01-10&to=2026-01-31', []],
    ['?to=2026-01-09', ['jose']],
    ['?from=2026-01-10&to=2026-02-01', ['maria']],
    ['?from=2026-01-01&to=2026-02-28&name=hernandez', ['jose']],
    ['?from=2026-02-02', ['ana']],
  ])('filters by calendar days in SERVICE_TIMEZONE: %s', async (query, expected) => {
    const response = await list(mine.session, query).expect(200);
    expect(idsOf(response)).toEqual(expected.map((key) => ids[key]));
    expect(response.body.total).toBe(expected.length);
  });

  it("shows only the caller's client: multi-client users name it, a foreign one is 403", async () => {
    const ours = idsOf(await list(mine.session).expect(200));
    expect(idsOf(await list(acme).expect(200))).not.toEqual(expect.arrayContaining([ours[0]]));
    await list(mine.session, '?clientId=acme').expect(403);
    const missing = await list(multi).expect(400);
    expect(missing.body.errors).toEqual([
      { field: 'clientId', message: expect.stringContaining('required') },
    ]);
    const asGlobex = await createSearch(globex, { name: 'Juan', lastName: 'Hernández' });
    const globexList = idsOf(await list(multi, '?clientId=globex&limit=300').expect(200));
    expect(globexList).toContain(asGlobex.searchId);
    expect(idsOf(await list(multi, '?clientId=acme&limit=300').expect(200))).not.toContain(asGlobex.searchId);
    await list(globex, '?clientId=acme').expect(403);
  });

  it('answers 400 listing every bad parameter, and keeps GET /searches/{searchId} working', async () => {
    const response = await list(
      mine.session,
      '?page=0&limit=301&name=%20&from=2026-13-01&to=2026-02-30',
    ).expect(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'limit',
      'page',
      'name',
      'from',
      'to',
    ]);
    const reversed = await list(mine.session, '?from=2026-02-02&to=2026-02-01').expect(400);
    expect(reversed.body.errors).toEqual([{ field: 'from', message: expect.stringContaining('after') }]);
    await list(mine.session, '?sort=asc').expect(400);
    await api().get(`${SEARCHES}/${ids.ana}`).set(mine.session.auth).expect(200);
  });
});

describe('GET /usage', () => {
  let mine: { clientId: string; session: Session };

  /** The ledger of the client, counted per local day: what every statement must add up to. */
  async function ledgerPerDay(clientId: string): Promise<Array<{ day: string; kind: string; n: number }>> {
    return withDb(
      async (db) =>
        (
          await db.query(
            `SELECT to_char(charged_at AT TIME ZONE $2, 'YYYY-MM-DD') AS day, kind, count(*)::int AS n
               FROM billing_charge WHERE client_id = $1 GROUP BY 1, 2`,
            [clientId, ZONE],
          )
        ).rows,
    );
  }

  function expectedRows(
    ledger: Array<{ day: string; kind: string; n: number }>,
    period: (day: string) => string,
  ) {
    type Row = {
      period: string;
      searches: number;
      recordUnlocks: number;
      watchListScreenings: number;
      monitorMonths: number;
    };
    const column: Record<string, 'searches' | 'recordUnlocks' | 'watchListScreenings' | 'monitorMonths'> = {
      LEGAL_SEARCH: 'searches',
      LEGAL_RECORD_UNLOCK: 'recordUnlocks',
      WATCH_LIST_SCREENING: 'watchListScreenings',
      MONITOR_MONTH: 'monitorMonths',
    };
    const rows = new Map<string, Row>();
    for (const { day, kind, n } of ledger) {
      const key = period(day);
      const row = rows.get(key) ?? {
        period: key,
        searches: 0,
        recordUnlocks: 0,
        watchListScreenings: 0,
        monitorMonths: 0,
      };
      row[column[kind]] += n;
      rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => a.period.localeCompare(b.period));
  }

  const usage = (session: Session, query: string) => api().get(`/usage${query}`).set(session.auth);
  const nonZero = (
    rows: Array<{
      searches: number;
      recordUnlocks: number;
      watchListScreenings: number;
      monitorMonths: number;
    }>,
  ) =>
    rows.filter((row) => row.searches + row.recordUnlocks + row.watchListScreenings + row.monitorMonths > 0);

  beforeAll(async () => {
    mine = await freshClient();
    const first = await createSearch(mine.session, { name: 'Juan', lastName: 'Hernández' });
    const second = await createSearch(mine.session, { name: 'María', lastName: 'García' });
    await createSearch(mine.session, { name: 'Ana', secondLastName: 'Pérez' });
    for (const uuid of first.records.slice(0, 2).map((r) => r.uuid))
      await api().get(`${SEARCHES}/${first.searchId}/records/${uuid}`).set(mine.session.auth).expect(200);
    // A second reading of an unlocked record is free: the ledger (and the statement) ignore it.
    await api()
      .get(`${SEARCHES}/${first.searchId}/records/${first.records[0].uuid}`)
      .set(mine.session.auth)
      .expect(200);
    await api()
      .get(`${SEARCHES}/${second.searchId}/records/${second.records[0].uuid}`)
      .set(mine.session.auth)
      .expect(200);
    // History: 23:30 on 28 February in Mexico City is 1 March in UTC.
    await backdate(first.searchId, '2026-03-01T05:30:00Z');
    await backdate(second.searchId, '2026-01-15T18:00:00Z');
  });

  it('by day: equals the ledger rows, periods in SERVICE_TIMEZONE, every day of the range listed', async () => {
    const ledger = await ledgerPerDay(mine.clientId);
    const response = await usage(mine.session, '?from=2026-01-01&to=2026-03-31&groupBy=day').expect(200);
    const expected = expectedRows(ledger, (day) => day).filter(
      (row) => row.period >= '2026-01-01' && row.period <= '2026-03-31',
    );
    expect(response.body).toEqual({
      clientId: mine.clientId,
      from: '2026-01-01',
      to: '2026-03-31',
      groupBy: 'day',
      rows: expect.any(Array),
      totals: {
        searches: expected.reduce((n, row) => n + row.searches, 0),
        recordUnlocks: expected.reduce((n, row) => n + row.recordUnlocks, 0),
        watchListScreenings: expected.reduce((n, row) => n + row.watchListScreenings, 0),
        monitorMonths: expected.reduce((n, row) => n + row.monitorMonths, 0),
      },
    });
    expect(response.body.rows).toHaveLength(90);
    expect(response.body.rows[0].period).toBe('2026-01-01');
    expect(nonZero(response.body.rows)).toEqual(expected);
    expect(nonZero(response.body.rows)).toEqual(
      expect.arrayContaining([
        { period: '2026-01-15', searches: 1, recordUnlocks: 1, watchListScreenings: 0, monitorMonths: 0 },
        { period: '2026-02-28', searches: 1, recordUnlocks: 2, watchListScreenings: 0, monitorMonths: 0 },
      ]),
    );
    expect(await documentedViolations('/usage', response.body)).toEqual([]);
  });

  it('by month, and with the current month by default: totals equal the whole ledger', async () => {
    const ledger = await ledgerPerDay(mine.clientId);
    const byMonth = await usage(mine.session, '?from=2025-12-01&to=2099-12-31&groupBy=month').expect(400);
    expect(byMonth.body.errors).toEqual([{ field: 'to', message: expect.stringContaining('120 months') }]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const months = await usage(mine.session, `?from=2026-01-01&to=${today}&groupBy=month`).expect(200);
    expect(nonZero(months.body.rows)).toEqual(expectedRows(ledger, (day) => day.slice(0, 7)));
    expect(months.body.totals).toEqual({
      searches: ledger.filter((r) => r.kind === 'LEGAL_SEARCH').reduce((n, r) => n + r.n, 0),
      recordUnlocks: ledger.filter((r) => r.kind === 'LEGAL_RECORD_UNLOCK').reduce((n, r) => n + r.n, 0),
      watchListScreenings: ledger
        .filter((r) => r.kind === 'WATCH_LIST_SCREENING')
        .reduce((n, r) => n + r.n, 0),
      monitorMonths: ledger.filter((r) => r.kind === 'MONITOR_MONTH').reduce((n, r) => n + r.n, 0),
    });
    const current = await usage(mine.session, '').expect(200);
    expect(current.body.from).toBe(`${today.slice(0, 7)}-01`);
    expect(current.body.groupBy).toBe('day');
    expect(nonZero(current.body.rows)).toEqual(
      expectedRows(ledger, (day) => day).filter((r) => r.period.startsWith(today.slice(0, 7))),
    );
  });

  it('answers the same rows as CSV with Accept: text/csv, as a download named after the client and range', async () => {
    for (const groupBy of ['day', 'month']) {
      const query = `?from=2026-01-01&to=2026-03-31&groupBy=${groupBy}`;
      const json = await usage(mine.session, query).expect(200);
      expect(json.headers['content-disposition']).toBeUndefined();
      const csv = await usage(mine.session, query).set('Accept', 'text/csv').expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="usage-${mine.clientId}-2026-01-01-2026-03-31.csv"`,
      );
      expect(csv.headers.vary).toMatch(/Accept/i);
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('period,searches,recordUnlocks,watchListScreenings,monitorMonths');
      expect(lines.slice(1)).toEqual(
        json.body.rows.map(
          (r: {
            period: string;
            searches: number;
            recordUnlocks: number;
            watchListScreenings: number;
            monitorMonths: number;
          }) => `${r.period},${r.searches},${r.recordUnlocks},${r.watchListScreenings},${r.monitorMonths}`,
        ),
      );
    }
  });

  it('answers 400 listing every problem, and 403 for a client that is not the caller’s', async () => {
    const bad = await usage(mine.session, '?from=2026-03-10&to=2026-03-01&groupBy=week').expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['from', 'groupBy']);
    const dates = await usage(mine.session, '?from=2026-02-30&to=yesterday').expect(400);
    expect(dates.body.errors.map((e: { field: string }) => e.field)).toEqual(['from', 'to']);
    const long = await usage(mine.session, '?from=2025-01-01&to=2026-01-02&groupBy=day').expect(400);
    expect(long.body.errors).toEqual([{ field: 'to', message: expect.stringContaining('366 days') }]);
    await usage(mine.session, '?from=2025-01-01&to=2026-01-01&groupBy=day').expect(200);
    await usage(mine.session, '?from=2026-01-01').expect(400);
    await usage(mine.session, '?clientId=acme').expect(403);
    await usage(globex, '?clientId=acme').expect(403);
    const missing = await usage(multi, '').expect(400);
    expect(missing.body.errors).toEqual([
      { field: 'clientId', message: expect.stringContaining('required') },
    ]);
    expect((await usage(multi, '?clientId=globex').expect(200)).body.clientId).toBe('globex');
  });
});
