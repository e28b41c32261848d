import { api, countRows, Session, signedIn, withDb } from './support/helpers';

const SEARCHES = '/risks/legal-records/searches';
const URI = /^https?:\/\/[\x21-\x7e]+$/;
const acme = signedIn('demo@acme.test');
const globex = signedIn('ops@globex.test');
const multi = signedIn('multi@acme.test');

async function createSearch(session: Session, body: object, query = '') {
  const response = await api().post(`${SEARCHES}${query}`).set(session.auth).send(body);
  if (response.status !== 200)
    throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function charges(searchId: string): Promise<Array<{ kind: string; person_uuid: string | null }>> {
  return withDb(
    async (db) =>
      (
        await db.query(`SELECT kind, person_uuid FROM billing_charge WHERE search_id = $1 ORDER BY id`, [
          searchId,
        ])
      ).rows,
  );
}

describe('POST /risks/legal-records/searches', () => {
  it('caps Juan Hernández at 300 matches with the full universe in kpis and meta', async () => {
    // Whole seconds: the stored instant may be rounded down to one.
    const sentAt = Math.floor(Date.now() / 1000) * 1000;
    const response = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .send({ name: 'Juan', lastName: 'Hernández' })
      .expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({ isSuccess: true, statusCode: 200, message: expect.any(String) }),
    );
    const answeredAt = Date.now();
    const data = response.body.data;
    expect(data.outcome).toBe('SUCCESS');
    expect(data.search_query).toEqual({
      name: 'Juan',
      lastName: 'Hernández',
      full_name_searched: 'Juan Hernández',
    });
    expect(data.kpis.total_matches).toBeGreaterThan(300);
    expect(data.kpis.top_categories.length).toBeGreaterThan(0);
    expect(data.kpis.top_categories.length).toBeLessThanOrEqual(10);
    expect(data.kpis.top_states[0]).toEqual({ state: expect.any(String), count: expect.any(Number) });
    expect(data.records).toHaveLength(100);
    expect(data.meta).toEqual({
      searchId: data.searchId,
      outcome: 'SUCCESS',
      cap: { max_matches: 300, total_records_in_source: data.kpis.total_matches, truncated: true },
      pagination: {
        total_records_found: 300,
        current_page: 1,
        limit: 100,
        total_pages: 3,
        has_next: true,
        has_previous: false,
      },
      unlocked_uuids: [],
      charged: true,
      recoverable_until: expect.any(String),
      slow_response: false,
    });
    // Recoverable for 30 days from its creation, which happened while the request was answered.
    const until = Date.parse(data.meta.recoverable_until);
    expect(until).toBeGreaterThanOrEqual(sentAt + 30 * 86_400_000);
    expect(until).toBeLessThanOrEqual(answeredAt + 30 * 86_400_000);
    const record = data.records[0];
    expect(record).toEqual(
      expect.objectContaining({
        uuid: expect.any(String),
        name: expect.any(String),
        categories: expect.any(Array),
        state: expect.any(String),
      }),
    );
    expect(record.agreement_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    // Most lawsuits first.
    const counts = (data.records as Array<{ count: number }>).map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(await charges(data.searchId)).toEqual([{ kind: 'LEGAL_SEARCH', person_uuid: null }]);
  });

  it('matches regardless of case, accents and spacing', async () => {
    const plain = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const messy = await createSearch(acme, { name: '  JUAN ', lastName: 'hernandez' });
    expect(messy.kpis.total_matches).toBe(plain.kpis.total_matches);
  });

  it('answers EMPTY for a name nobody has', async () => {
    const data = await createSearch(acme, { name: 'Zzyzx', lastName: 'Qwertyuiop' });
    expect(data.outcome).toBe('EMPTY');
    expect(data.records).toEqual([]);
    expect(data.meta.cap).toEqual({ max_matches: 300, total_records_in_source: 0, truncated: false });
    expect(data.meta.pagination).toEqual(
      expect.objectContaining({ total_records_found: 0, has_next: false }),
    );
  });

  it.each([
    ['name + lastName', { name: 'Juan', lastName: 'Hernández' }],
    ['name + secondLastName', { name: 'Juan', secondLastName: 'Hernández' }],
    ['all three', { name: 'Juan', lastName: 'Hernández', secondLastName: 'García' }],
  ])('accepts %s', async (_label, body) => {
    await api().post(SEARCHES).set(acme.auth).send(body).expect(200);
  });

  it.each([
    ['name alone', { name: 'Juan' }, 'lastName'],
    ['no name', { lastName: 'Hernández' }, 'name'],
    ['an empty surname', { name: 'Juan', lastName: '' }, 'lastName'],
    ['an empty name', { name: ' ', lastName: 'Hernández' }, 'name'],
    ['an unknown field', { name: 'Juan', lastName: 'Hernández', age: 3 }, 'age'],
  ])('refuses %s with 400', async (_label, body, field) => {
    const response = await api().post(SEARCHES).set(acme.auth).send(body).expect(400);
    expect((response.body.errors as Array<{ field: string }>).map((e) => e.field)).toContain(field);
  });

  it('lists every name rule at once: an empty body misses the name and a surname', async () => {
    const response = await api().post(SEARCHES).set(acme.auth).send({}).expect(400);
    expect(response.body).toEqual({
      code: 400,
      message: expect.any(String),
      errors: [
        { field: 'name', message: expect.any(String) },
        { field: 'lastName', message: expect.stringContaining('surname') },
      ],
    });
  });

  it('refuses a name made only of accents, which would otherwise match every Hernández', async () => {
    const response = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .send({ name: '\u0301', lastName: 'Hernández' })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'name', message: 'name must contain letters.' }]);
  });

  it.each(['limit=0', 'limit=301', 'limit=abc', 'page=0', 'page=-1', 'page=99999999999999999999'])(
    'refuses %s with 400',
    async (query) => {
      await api()
        .post(`${SEARCHES}?${query}`)
        .set(acme.auth)
        .send({ name: 'Juan', lastName: 'Hernández' })
        .expect(400);
    },
  );

  it('pages: page 2 and a page past the last', async () => {
    const first = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' }, '?limit=120');
    const second = (
      await api().get(`${SEARCHES}/${first.searchId}?limit=120&page=2`).set(acme.auth).expect(200)
    ).body.data;
    expect(second.records).toHaveLength(120);
    expect(second.meta.pagination).toEqual({
      total_records_found: 300,
      current_page: 2,
      limit: 120,
      total_pages: 3,
      has_next: true,
      has_previous: true,
    });
    expect(second.meta.charged).toBe(false);
    const firstIds = new Set((first.records as Array<{ uuid: string }>).map((r) => r.uuid));
    expect((second.records as Array<{ uuid: string }>).some((r) => firstIds.has(r.uuid))).toBe(false);
    const third = (
      await api().get(`${SEARCHES}/${first.searchId}?limit=120&page=3`).set(acme.auth).expect(200)
    ).body.data;
    expect(third.records).toHaveLength(60);
    const past = (
      await api().get(`${SEARCHES}/${first.searchId}?limit=120&page=4`).set(acme.auth).expect(200)
    ).body.data;
    expect(past.records).toEqual([]);
    expect(past.meta.pagination.has_next).toBe(false);
    const farPast = (
      await api().get(`${SEARCHES}/${first.searchId}?page=9007199254740991`).set(acme.auth).expect(200)
    ).body.data;
    expect(farPast.records).toEqual([]);
    expect(farPast.meta.pagination.current_page).toBe(9007199254740991);
    const uuid = first.records[0].uuid as string;
    const detailFarPast = (
      await api()
        .get(`${SEARCHES}/${first.searchId}/records/${uuid}?page=9007199254740991`)
        .set(acme.auth)
        .expect(200)
    ).body.data;
    expect(detailFarPast.records).toEqual([]);
    expect(await charges(first.searchId)).toHaveLength(2);
  });

  it('filters stored matches by category and state without touching kpis or charging', async () => {
    const created = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const category = created.kpis.top_categories[0].category as string;
    const state = created.kpis.top_states[0].state as string;
    const byCategory = (
      await api()
        .get(`${SEARCHES}/${created.searchId}?categories=${encodeURIComponent(category)}`)
        .set(acme.auth)
        .expect(200)
    ).body.data;
    expect(byCategory.kpis).toEqual(created.kpis);
    expect(byCategory.meta.charged).toBe(false);
    expect(
      (byCategory.records as Array<{ categories: string[] }>).every((r) => r.categories.includes(category)),
    ).toBe(true);
    expect(byCategory.meta.pagination.total_records_found).toBeLessThanOrEqual(300);
    const byState = (
      await api()
        .get(`${SEARCHES}/${created.searchId}?states=${encodeURIComponent(state)},Nowhere`)
        .set(acme.auth)
        .expect(200)
    ).body.data;
    expect((byState.records as Array<{ state: string }>).every((r) => r.state === state)).toBe(true);
    expect(byState.meta.pagination.total_records_found).toBe(
      byState.records.length > 0 ? byState.meta.pagination.total_records_found : 0,
    );
    expect(byState.meta.cap).toEqual(created.meta.cap);
    expect(await charges(created.searchId)).toHaveLength(1);
  });
});

describe('GET /risks/legal-records/searches/{searchId}/records/{uuid}', () => {
  it('answers the detail with ISO dates; charges the first reading only and lists the uuid as unlocked', async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const person = search.records[0];
    const first = await api()
      .get(`${SEARCHES}/${search.searchId}/records/${person.uuid}`)
      .set(acme.auth)
      .expect(200);
    const data = first.body.data;
    expect(data.source).toEqual({ uuid: person.uuid, name: person.name, count: person.count });
    expect(data.categories).toEqual(person.categories);
    expect(data.state).toBe(person.state);
    expect(data.slow_response).toBe(false);
    expect(data.consumption).toEqual({
      consumption_type: 'INCLUDED',
      billable: true,
      charged: true,
      detail_status: 'AVAILABLE',
      unlocked_at: expect.any(String),
    });
    expect(data.records.length).toBeGreaterThan(0);
    for (const lawsuit of data.records) {
      expect(Object.keys(lawsuit).sort()).toEqual(
        [
          'agreement_date',
          'circuit',
          'court',
          'defendant',
          'file_number',
          'id',
          'judgement_type',
          'plaintiff',
          'source',
          'source_url',
          'state',
          'synthesis',
          'synthesis_url',
          'type',
        ].sort(),
      );
      expect(lawsuit.agreement_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // format: uri: printable ASCII only (no raw "nuevo-león").
      expect(lawsuit.source_url).toMatch(URI);
      expect(lawsuit.synthesis_url).toMatch(URI);
    }
    expect(data.pagination).toEqual(
      expect.objectContaining({ current_page: 1, limit: 100, has_previous: false }),
    );

    const again = (
      await api().get(`${SEARCHES}/${search.searchId}/records/${person.uuid}`).set(acme.auth).expect(200)
    ).body.data;
    expect(again.consumption.charged).toBe(false);
    expect(again.consumption.unlocked_at).toBe(data.consumption.unlocked_at);
    const reread = (await api().get(`${SEARCHES}/${search.searchId}`).set(acme.auth).expect(200)).body.data;
    expect(reread.meta.unlocked_uuids).toEqual([person.uuid]);
    expect(await charges(search.searchId)).toEqual([
      { kind: 'LEGAL_SEARCH', person_uuid: null },
      { kind: 'LEGAL_RECORD_UNLOCK', person_uuid: person.uuid },
    ]);
  });

  it('builds every corpus URL from ASCII slugs: "Nuevo León" becomes nuevo-leon', async () => {
    const invalid = await countRows(
      `SELECT count(*)::int AS n FROM legal_lawsuit
        WHERE source_url !~ '^https?://[!-~]+$' OR synthesis_url !~ '^https?://[!-~]+$'`,
    );
    expect(invalid).toBe(0);
    const nuevoLeon = await countRows(
      `SELECT count(*)::int AS n FROM legal_lawsuit
        WHERE state = 'Nuevo León' AND source_url LIKE 'https://records.example.mx/expedientes/nuevo-leon/%'`,
    );
    expect(nuevoLeon).toBeGreaterThan(0);
  });

  it('charges exactly once for 24 concurrent first readings', async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const uuid = search.records[1].uuid;
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        api().get(`${SEARCHES}/${search.searchId}/records/${uuid}`).set(acme.auth),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.consumption.charged === true)).toHaveLength(1);
    expect((await charges(search.searchId)).filter((c) => c.kind === 'LEGAL_RECORD_UNLOCK')).toHaveLength(1);
  });

  it('filters lawsuits by role, dates, category and state, and pages them', async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const person = search.records[0];
    const path = `${SEARCHES}/${search.searchId}/records/${person.uuid}`;
    const all = (await api().get(`${path}?limit=300`).set(acme.auth).expect(200)).body.data;
    const total = all.pagination.total_records_found as number;
    const applicant = (await api().get(`${path}?role=Applicant&limit=300`).set(acme.auth).expect(200)).body
      .data;
    const defendant = (await api().get(`${path}?role=Defendant&limit=300`).set(acme.auth).expect(200)).body
      .data;
    expect(applicant.pagination.total_records_found + defendant.pagination.total_records_found).toBe(total);
    const dates = (all.records as Array<{ agreement_date: string }>).map((r) => r.agreement_date).sort();
    const from = dates[Math.floor(dates.length / 2)];
    const recent = (await api().get(`${path}?startDate=${from}&limit=300`).set(acme.auth).expect(200)).body
      .data;
    expect((recent.records as Array<{ agreement_date: string }>).every((r) => r.agreement_date >= from)).toBe(
      true,
    );
    const older = (await api().get(`${path}?endDate=${from}&limit=300`).set(acme.auth).expect(200)).body.data;
    expect((older.records as Array<{ agreement_date: string }>).every((r) => r.agreement_date <= from)).toBe(
      true,
    );
    const category = all.records[0].type as string;
    const byCategory = (
      await api()
        .get(`${path}?categories=${encodeURIComponent(category)}&limit=300`)
        .set(acme.auth)
        .expect(200)
    ).body.data;
    expect((byCategory.records as Array<{ type: string }>).every((r) => r.type === category)).toBe(true);
    const onePerPage = (await api().get(`${path}?limit=1&page=1`).set(acme.auth).expect(200)).body.data;
    expect(onePerPage.records).toHaveLength(1);
    expect(onePerPage.pagination).toEqual(
      expect.objectContaining({ total_pages: total, has_next: total > 1 }),
    );
    await api().get(`${path}?role=Judge`).set(acme.auth).expect(400);
    await api().get(`${path}?startDate=2021-02-30`).set(acme.auth).expect(400);
    await api().get(`${path}?startDate=2022-01-01&endDate=2021-01-01`).set(acme.auth).expect(400);
  });

  it('answers 404 for a uuid that is not part of the search', async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    const response = await api()
      .get(`${SEARCHES}/${search.searchId}/records/5f0c7a8e-1111-4222-8333-944455556666`)
      .set(acme.auth)
      .expect(404);
    expect(response.body).toEqual({ code: 404, message: expect.any(String) });
  });
});

describe('tenancy and retention', () => {
  it("answers another client's search as unknown (404)", async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    await api().get(`${SEARCHES}/${search.searchId}`).set(globex.auth).expect(404);
    await api()
      .get(`${SEARCHES}/${search.searchId}/records/${search.records[0].uuid}`)
      .set(globex.auth)
      .expect(404);
    await api().get(`${SEARCHES}/5f0c7a8e-1111-4222-8333-944455556666`).set(acme.auth).expect(404);
  });

  it('applies every clientId rule', async () => {
    const body = { name: 'Juan', lastName: 'Hernández' };
    const missing = await api().post(SEARCHES).set(multi.auth).send(body).expect(400);
    expect((missing.body.errors as Array<{ field: string }>).map((e) => e.field)).toContain('clientId');
    // Listed together with the other violations of the request.
    const several = await api()
      .post(`${SEARCHES}?limit=0`)
      .set(multi.auth)
      .send({ name: 'Juan' })
      .expect(400);
    expect((several.body.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'lastName',
      'limit',
      'clientId',
    ]);
    await api()
      .post(`${SEARCHES}?clientId=${'a'.repeat(65)}`)
      .set(multi.auth)
      .send(body)
      .expect(400);
    await api().post(`${SEARCHES}?clientId=initech`).set(multi.auth).send(body).expect(403);
    await api().post(`${SEARCHES}?clientId=globex`).set(acme.auth).send(body).expect(403);
    const asGlobex = (await api().post(`${SEARCHES}?clientId=globex`).set(multi.auth).send(body).expect(200))
      .body.data;
    await api().post(SEARCHES).set(acme.auth).send(body).expect(200);
    await api().get(`${SEARCHES}/${asGlobex.searchId}?clientId=globex`).set(multi.auth).expect(200);
    await api().get(`${SEARCHES}/${asGlobex.searchId}?clientId=acme`).set(multi.auth).expect(404);
    await api().get(`${SEARCHES}/${asGlobex.searchId}`).set(globex.auth).expect(200);
    const ledger = await withDb(
      async (db) =>
        (await db.query(`SELECT client_id FROM billing_charge WHERE search_id = $1`, [asGlobex.searchId]))
          .rows,
    );
    expect(ledger).toEqual([{ client_id: 'globex' }]);
  });

  it('answers 410 once recoverable_until has passed', async () => {
    const search = await createSearch(acme, { name: 'Juan', lastName: 'Hernández' });
    await withDb((db) =>
      db.query(`UPDATE legal_search SET recoverable_until = now() - interval '1 second' WHERE id = $1`, [
        search.searchId,
      ]),
    );
    const response = await api().get(`${SEARCHES}/${search.searchId}`).set(acme.auth).expect(410);
    expect(response.body).toEqual({ code: 410, message: expect.any(String) });
    await api()
      .get(`${SEARCHES}/${search.searchId}/records/${search.records[0].uuid}`)
      .set(acme.auth)
      .expect(410);
  });
});

describe('Idempotency-Key on search creation', () => {
  it('answers a retry with the same search and charges once', async () => {
    const key = `search-${Date.now()}`;
    const body = { name: 'Juan', lastName: 'Hernández' };
    const first = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(200);
    const retry = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(200);
    expect(retry.text).toBe(first.text); // the first response, byte for byte
    expect(await charges(first.body.data.searchId)).toHaveLength(1);
    await api()
      .post(SEARCHES)
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send({ name: 'Ana', lastName: 'López' })
      .expect(422);
  });
});
