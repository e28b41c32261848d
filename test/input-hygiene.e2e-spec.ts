/**
 * Input as integrators really send it (issue 23): spreadsheet CSV in Excel's encodings with the
 * line of every item error, JSON bodies that are not UTF-8 or not an object, and names holding
 * control, bidirectional or invisible characters. Each refusal happens before anything is stored
 * or billed.
 */
import { randomUUID } from 'node:crypto';
import * as iconv from 'iconv-lite';
import { api, countRows, signedIn, state, withDb } from './support/helpers';
import { candidate } from './support/screening';

const BATCH = '/candidate-requests/batch';
const SEARCHES = '/risks/legal-records/searches';
const acme = signedIn('demo@acme.test');

const HEADER = 'packageId,name,lastName,secondLastName,birthDate,nationality,gender';
const row = (name: string, lastName: string, birthDate = '1990-05-17') =>
  `PKG-ACME-BASIC,${name},${lastName},,${birthDate},MX,H`;

const charges = () => countRows(`SELECT count(*)::int AS n FROM billing_charge`);
const requests = () => countRows(`SELECT count(*)::int AS n FROM candidate_request`);
const batches = () => countRows(`SELECT count(*)::int AS n FROM candidate_request_batch`);

function postCsv(body: Buffer | string, contentType = 'text/csv', query = '') {
  return api()
    .post(`${BATCH}${query}`)
    .set({ ...acme.auth, 'Content-Type': contentType })
    .send(Buffer.isBuffer(body) ? body : Buffer.from(body));
}

async function storedNames(uuids: string[]): Promise<string[]> {
  return withDb(async (db) => {
    const { rows } = await db.query(
      `SELECT c.name || ' ' || c.last_name AS name FROM candidate c
        WHERE c.request_id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], c.request_id)`,
      [uuids],
    );
    return rows.map((r: { name: string }) => r.name);
  });
}

const uuidsOf = (body: { items: Array<{ uuid?: string }> }) => body.items.map((item) => item.uuid as string);

describe('CSV batches as spreadsheets write them', () => {
  const run = randomUUID().slice(0, 6);
  const names = [`Raúl ${run}`, `Núñez Peña`];
  const text = `${HEADER}\r\n${row(names[0], names[1])}\r\n`;

  it.each([
    ["Excel's Windows-1252, no charset", iconv.encode(text, 'windows-1252'), 'text/csv'],
    ['Windows-1252, declared', iconv.encode(text, 'windows-1252'), 'text/csv; charset=windows-1252'],
    ['ISO-8859-1, declared', iconv.encode(text, 'latin1'), 'text/csv; charset=ISO-8859-1'],
    ["UTF-8 with Excel's byte-order mark", Buffer.from(`\uFEFF${text}`), 'text/csv'],
    ['UTF-8 with a byte-order mark, declared', Buffer.from(`\uFEFF${text}`), 'text/csv; charset=utf-8'],
    ['UTF-16LE with its byte-order mark', iconv.encode(text, 'utf-16le', { addBOM: true }), 'text/csv'],
  ])('stores the names of %s letter for letter', async (_label, body, contentType) => {
    const response = await postCsv(body, contentType).expect(202);
    expect(response.body.accepted).toBe(1);
    expect(await storedNames(uuidsOf(response.body))).toEqual([`${names[0]} ${names[1]}`]);
  });

  it.each([
    [
      'UTF-8 declared, Latin-1 sent',
      iconv.encode(text, 'latin1'),
      'text/csv; charset=utf-8',
      /not valid UTF-8, although Content-Type says charset=utf-8/,
    ],
    ['an unknown charset', Buffer.from(text), 'text/csv; charset=x-klingon', /charset "x-klingon"/],
    [
      'a byte Windows-1252 does not define',
      Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from([0x81]), Buffer.from(row('A', 'B'))]),
      'text/csv',
      /not characters of Windows-1252/,
    ],
  ])('refuses %s with a 400 that says how to save the sheet', async (_label, body, contentType, problem) => {
    const before = await batches();
    const response = await postCsv(body, contentType).expect(400);
    expect(response.body).toEqual({ code: 400, message: expect.stringMatching(problem) });
    expect(response.body.message).toContain('CSV UTF-8 (Comma delimited)');
    expect(await batches()).toBe(before);
  });

  it('still answers 415 for CSV on an endpoint that reads JSON only, whatever its bytes', async () => {
    await api()
      .post('/candidate-requests')
      .set({ ...acme.auth, 'Content-Type': 'text/csv; charset=utf-8' })
      .send(iconv.encode(text, 'latin1'))
      .expect(415);
  });
});

describe('the CSV line of every item error', () => {
  // Line 1 header, 2 valid, 3 blank, 4-5 a quoted line break, 6 underage, 7 valid, 8 underage.
  const csv = [
    HEADER,
    row('Ana', 'García'),
    '',
    'PKG-ACME-BASIC,"Juan',
    'Carlos",Hernández,,1990-05-17,MX,H',
    row('Luis', 'Pérez', '2015-01-01'),
    row('Eva', 'Soto'),
    row('Rita', 'Cano', '2016-02-02'),
    '',
  ];

  it.each([
    ['LF', '\n'],
    ['CR LF', '\r\n'],
  ])(
    'reports the line a rejected record starts on (%s); accepted items keep their shape',
    async (_l, eol) => {
      const response = await postCsv(csv.join(eol)).expect(202);
      expect(response.body.items).toEqual([
        { index: 0, uuid: expect.any(String) },
        {
          index: 1,
          line: 4,
          errors: [{ field: 'name', message: expect.stringContaining('control characters') }],
        },
        { index: 2, line: 6, errors: [{ field: 'birthDate', message: expect.any(String) }] },
        { index: 3, uuid: expect.any(String) },
        { index: 4, line: 8, errors: [{ field: 'birthDate', message: expect.any(String) }] },
      ]);
    },
  );

  it('gives every error its line in the ?atomic=true 400, and registers nothing', async () => {
    const before = await requests();
    const response = await postCsv(csv.join('\r\n'), 'text/csv', '?atomic=true').expect(400);
    expect(response.body).toEqual({
      code: 400,
      message: 'The request has 3 invalid fields.',
      errors: [
        { field: 'items[1].name', message: expect.any(String), line: 4 },
        { field: 'items[2].birthDate', message: expect.any(String), line: 6 },
        { field: 'items[4].birthDate', message: expect.any(String), line: 8 },
      ],
    });
    expect(await requests()).toBe(before);
  });

  it('has no line in a JSON batch', async () => {
    const partial = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate(), candidate({ birthDate: '2015-01-01' })] })
      .expect(202);
    expect(partial.body.items[1]).toEqual({
      index: 1,
      errors: [expect.objectContaining({ field: 'birthDate' })],
    });
    const atomic = await api()
      .post(`${BATCH}?atomic=true`)
      .set(acme.auth)
      .send({ items: [candidate(), candidate({ birthDate: '2015-01-01' })] })
      .expect(400);
    expect(atomic.body.errors).toEqual([{ field: 'items[1].birthDate', message: expect.any(String) }]);
  });
});

/** Every endpoint that reads a JSON body, with a path that reaches it. */
const JSON_ENDPOINTS: Array<[string, string]> = [
  ['post', '/signin'],
  ['post', '/signin/refresh'],
  ['post', '/signout'],
  ['post', '/candidate-requests'],
  ['post', BATCH],
  ['post', `/candidate-requests/${randomUUID()}/processes/${randomUUID()}/candidate-input`],
  ['post', SEARCHES],
  ['post', '/webhook-endpoints'],
  ['patch', `/webhook-endpoints/${randomUUID()}`],
];

/**
 * The bytes exactly as given, with Content-Type: application/json (supertest would serialise a
 * Buffer as JSON itself).
 */
async function sendJson(method: string, path: string, body: Buffer | string) {
  const response = await fetch(`http://127.0.0.1:${state().apiPort}${path}`, {
    method: method.toUpperCase(),
    headers: { ...acme.auth, 'Content-Type': 'application/json' },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('JSON bodies that are not UTF-8', () => {
  it.each(JSON_ENDPOINTS)('%s %s answers 400 saying the body must be UTF-8', async (method, path) => {
    const latin1 = iconv.encode(JSON.stringify({ name: 'José', lastName: 'Núñez' }), 'latin1');
    const response = await sendJson(method, path, latin1);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, message: expect.stringContaining('not valid UTF-8') });
  });

  it('bills no search for "Jos\uFFFD"', async () => {
    const before = await charges();
    const body = iconv.encode(JSON.stringify({ name: 'José', lastName: 'Hernández' }), 'latin1');
    expect((await sendJson('post', SEARCHES, body)).status).toBe(400);
    expect(await charges()).toBe(before);
  });

  it('reads UTF-8 with a byte-order mark', async () => {
    const body = Buffer.from(`\uFEFF${JSON.stringify({ name: 'José', lastName: 'Hernández' })}`);
    expect((await sendJson('post', SEARCHES, body)).status).toBe(200);
  });
});

describe('JSON bodies that are not an object', () => {
  const cases = JSON_ENDPOINTS.flatMap(([method, path]) =>
    [
      ['null', 'null'],
      ['[]', 'an array'],
      ['[{"name":"Juan"}]', 'an array'],
      ['"Juan"', 'a string'],
      ['42', 'a number'],
      ['true', 'a boolean'],
    ].map(([body, what]) => [method, path, body, what] as const),
  );

  it.each(cases)('%s %s with %s answers 400', async (method, path, body, what) => {
    const response = await sendJson(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 400,
      message: `The request body must be a JSON object ({ "field": value, ... }), not ${what}.`,
    });
  });

  it('answers 400 for a batch without a body', async () => {
    const response = await api().post(BATCH).set(acme.auth).expect(400);
    expect(response.body.errors).toEqual([{ field: 'body', message: expect.stringContaining('text/csv') }]);
  });
});

describe('control, bidirectional and invisible characters in names', () => {
  it.each([
    ['name', 'Juan\u0007'],
    ['name', 'Juan\nCarlos'],
    ['lastName', '\tHernández'],
    ['secondLastName', 'López\u007f'],
    ['lastName', 'Hern\u00e1ndez\u0085'],
    ['name', '\u202enauJ'],
    ['name', 'Juan\u2066'],
    ['lastName', 'Her\u200bnández'],
  ])('registration: %s %j answers 400 naming the field', async (field, value) => {
    const before = await requests();
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ [field]: value }))
      .expect(400);
    expect(response.body.errors).toEqual([
      { field, message: expect.stringMatching(new RegExp(`^${field} must not contain`)) },
    ]);
    expect(await requests()).toBe(before);
  });

  it('registration: a corporate businessName and regime', async () => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send({
        packageId: 'PKG-ACME-BASIC',
        personType: 'corporate',
        nationality: 'MX',
        businessName: 'Transportes\u001b[2J del Bajío',
        regime: 'General\u200d de Ley',
      })
      .expect(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual(['businessName', 'regime']);
  });

  it('batch items: the error names the item and the field', async () => {
    const response = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate(), candidate({ secondLastName: 'L\u00f3pez\r\n' })] })
      .expect(202);
    expect(response.body.items[1]).toEqual({
      index: 1,
      errors: [{ field: 'secondLastName', message: expect.stringContaining('control characters') }],
    });
  });

  it.each([
    [{ name: 'Jos\u0007', lastName: 'Hernández' }, 'name'],
    [{ name: 'José', lastName: 'Hernández\u202e' }, 'lastName'],
    [{ name: 'José', secondLastName: 'L\u00f3pez\u00ad' }, 'secondLastName'],
  ])('search %j answers 400 naming %s, and bills nothing', async (body, field) => {
    const before = await charges();
    const response = await api().post(SEARCHES).set(acme.auth).send(body).expect(400);
    expect(response.body.errors).toEqual([{ field, message: expect.stringContaining('must not contain') }]);
    expect(await charges()).toBe(before);
  });

  it('webhook description: control and bidi characters answer 400, an emoji does not', async () => {
    for (const description of ['Producción\n', 'a\u001b[31m', 'x\u0085', 'a\u202eb']) {
      const response = await api()
        .post('/webhook-endpoints')
        .set(acme.auth)
        .send({ url: 'http://127.0.0.1:9/hooks', description })
        .expect(400);
      expect(response.body.errors).toEqual([
        { field: 'description', message: expect.stringContaining('must not contain') },
      ]);
    }
    const created = await api()
      .post('/webhook-endpoints')
      .set(acme.auth)
      .send({ url: 'http://127.0.0.1:9/hooks', description: 'RRHH 🚨', events: ['legal_record.unlocked'] })
      .expect(201);
    await api().delete(`/webhook-endpoints/${created.body.id}`).set(acme.auth).expect(204);
  });

  it('accepts names in any script', async () => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ name: 'Łukasz Zoë', lastName: 'Nguyễn', secondLastName: 'Παπαδόπουλος' }))
      .expect(202);
    expect(await storedNames([response.body.uuid])).toEqual(['Łukasz Zoë Nguyễn']);
  });
});
