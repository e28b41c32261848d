import { FINAL_RESULTS, PROCESS_NAMES, PROCESS_TYPES } from '@app/domain';
import { REGISTRATION_EXAMPLES } from '../apps/api/src/screening/screening.examples';
import { api, signIn, Session, withDb } from './support/helpers';
import { documentedSchema, documentedViolations, servedDocument } from './support/openapi';
import {
  byName,
  candidate,
  DOCUMENTS,
  ended,
  fullCandidate,
  overview,
  PERSONAL_REFERENCES,
  register,
  settled,
  settledAs,
  waitForOverview,
  WORK_REFERENCES,
} from './support/screening';

let acme: Session;
let globex: Session;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
  globex = await signIn('ops@globex.test');
});

/** YYYY-MM-DD of today in America/Mexico_City, shifted by whole years and days. */
function dateFromToday(years: number, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  const date = new Date(Date.UTC(y + years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('POST /candidate-requests', () => {
  it('answers 202 with docs/behaviour.md and a Location header', async () => {
    const response = await api().post('/candidate-requests').set(acme.auth).send(candidate()).expect(202);
    expect(response.body).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'Pending',
      packageId: 'PKG-ACME-BASIC',
      message: expect.any(String),
    });
    expect(response.headers.location).toBe(`/candidate-requests/${response.body.uuid}`);
  });

  it('writes the request, the candidate and one process per package process', async () => {
    const uuid = await register(acme, candidate());
    const counts = await withDb(async (db) => {
      const { rows } = await db.query(
        `SELECT (SELECT count(*) FROM candidate WHERE request_id = $1)::int AS candidates,
                (SELECT count(*) FROM request_process WHERE request_id = $1)::int AS processes`,
        [uuid],
      );
      return rows[0];
    });
    expect(counts).toEqual({ candidates: 1, processes: 5 });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['a candidate who turns 18 today (rule 1)', { birthDate: dateFromToday(-18) }, 'birthDate'],
    ['a candidate who turns 18 tomorrow (rule 1)', { birthDate: dateFromToday(-18, 1) }, 'birthDate'],
    ['an unsupported nationality (rule 2)', { nationality: 'US' }, 'nationality'],
    ['an unknown gender (rule 3)', { gender: 'F' }, 'gender'],
    ['an RFC whose first 10 characters differ from the CURP (rule 4)', { rfc: 'HELJ900518AB1' }, 'rfc'],
    ['an RFC of 11 characters', { rfc: 'HELJ900517A' }, 'rfc'],
    [
      'a consent NIP that does not match the RFC year (rule 5)',
      { packageId: 'PKG-ACME-FULL', consentNIP: '4791' },
      'consentNIP',
    ],
    ['a credit-report package without consent NIP (rule 5)', { packageId: 'PKG-ACME-FULL' }, 'consentNIP'],
    [
      'a corporate registration without regime and business name (rule 6)',
      { personType: 'corporate', rfc: 'CNO150210AB3', curp: undefined },
      'businessName',
    ],
    ['an empty given name', { name: '' }, 'name'],
    ['a malformed birth date', { birthDate: '17/05/1990' }, 'birthDate'],
    ['a package of another client', { packageId: 'PKG-GLOBEX-FULL' }, 'packageId'],
    ['an unknown package', { packageId: 'PKG-NOPE' }, 'packageId'],
    ['an unknown field', { salary: 1000 }, 'salary'],
    ['a lower-case gender (strictly H, M or X)', { gender: 'h' }, 'gender'],
    ['a lower-case nationality', { nationality: 'mx' }, 'nationality'],
    ['a malformed consent NIP on a package without the credit report', { consentNIP: 'ab' }, 'consentNIP'],
    ['a name that is not a string', { name: 42 }, 'name'],
    ['a missing package', { packageId: undefined }, 'packageId'],
  ];

  it.each(invalid)('refuses %s with 400 naming the field', async (_why, overrides, field) => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate(overrides))
      .expect(400);
    expect(response.body.code).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.any(String) }]));
  });

  it('accepts a candidate whose 18th birthday was yesterday', async () => {
    await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ birthDate: dateFromToday(-18, -1) }))
      .expect(202);
  });

  it('lists every violated rule at once', async () => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(
        candidate({ birthDate: dateFromToday(-10), nationality: 'US', gender: 'Z', rfc: 'XXXX900517AB1' }),
      )
      .expect(400);
    const fields = (response.body.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['birthDate', 'nationality', 'gender', 'rfc']));
  });

  it('lists type errors and rule violations together', async () => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(
        candidate({ packageId: undefined, nationality: undefined, birthDate: dateFromToday(-10), gender: 7 }),
      )
      .expect(400);
    expect(response.body.errors).toEqual([
      { field: 'packageId', message: 'packageId is required (see GET /packages).' },
      { field: 'gender', message: 'gender must be a string.' },
      { field: 'birthDate', message: 'The candidate must be older than 18 years.' },
      { field: 'nationality', message: 'nationality is required.' },
    ]);
  });

  it('accepts an RFC of 12 characters for a person (SPEC: 12 or 13)', async () => {
    await register(acme, candidate({ rfc: 'HEL900517AB1', curp: undefined }));
  });

  it('accepts lower-case RFC and CURP and stores them upper-cased', async () => {
    const uuid = await register(acme, candidate({ rfc: 'helj900517ab1', curp: 'helj900517hdfrpn09' }));
    const stored = await withDb(
      async (db) => (await db.query(`SELECT rfc, curp FROM candidate WHERE request_id = $1`, [uuid])).rows[0],
    );
    expect(stored).toEqual({ rfc: 'HELJ900517AB1', curp: 'HELJ900517HDFRPN09' });
  });

  it('creates no Referencias Personales process for a corporate registration (rule 6)', async () => {
    const uuid = await register(acme, REGISTRATION_EXAMPLES.corporate.value);
    const view = await overview(acme, uuid);
    // The example registers PKG-ACME-FULL (every process type) for a company.
    expect(view.processes.map((p) => p.processName)).toEqual(
      PROCESS_TYPES.filter((type) => !type.skippedForCorporate).map((type) => type.name),
    );
    expect(view.processes.map((p) => p.processName)).not.toContain('Referencias Personales');
  });
});

describe('GET /candidate-requests/{uuid}', () => {
  it('shows the docs/behaviour.md picture once a full package settles', async () => {
    const uuid = await register(acme, fullCandidate());
    const view = await waitForOverview(acme, uuid, settled);
    expect(view).toEqual(
      expect.objectContaining({
        isCandidateRegistered: true,
        status: 'Completed',
        result: 'Pendiente',
        globalEndDate: null,
      }),
    );
    expect(view.processes.map((p) => p.processName)).toEqual(PROCESS_NAMES);
    for (const name of settledAs('Pendiente Candidato')) {
      const p = byName(view, name);
      expect({
        name,
        status: p.status,
        result: p.result,
        started: p.startDate !== null,
        endDate: p.endDate,
      }).toEqual({
        name,
        status: 'Pendiente Candidato',
        result: 'Pendiente',
        started: true,
        endDate: null,
      });
    }
    for (const name of settledAs('Con dependencia')) {
      const p = byName(view, name);
      expect({
        name,
        status: p.status,
        result: p.result,
        startDate: p.startDate,
        endDate: p.endDate,
      }).toEqual({
        name,
        status: 'Con dependencia',
        result: 'Pendiente',
        startDate: null,
        endDate: null,
      });
    }
    const finished = view.processes.filter((p) => p.status === 'Finalizado');
    expect(finished.map((p) => p.processName).sort()).toEqual(settledAs('Finalizado').sort());
    for (const p of finished) {
      expect(p.startDate).toEqual(expect.any(Number));
      expect(p.endDate).toBeGreaterThanOrEqual(p.startDate!);
      expect(FINAL_RESULTS).toContain(p.result);
    }
  });

  it('reaches globalEndDate for PKG-ACME-BASIC without candidate input', async () => {
    const uuid = await register(acme, candidate());
    const view = await waitForOverview(acme, uuid, ended);
    expect(view.status).toBe('Completed');
    expect(view.result).not.toBe('Pendiente');
    expect(view.globalEndDate).toBe(Math.max(...view.processes.map((p) => p.endDate!)));
    const { body } = await api().get(`/candidate-requests/${uuid}`).set(acme.auth).expect(200);
    expect(await documentedViolations('/candidate-requests/{uuid}', body)).toEqual([]);
  });

  it('answers HTTP 200 with statusCode 404 for an unknown uuid (docs/behaviour.md quirk)', async () => {
    for (const uuid of ['5f0c7a8e-1111-4222-8333-944455556666', 'not-a-uuid']) {
      const response = await api().get(`/candidate-requests/${uuid}`).set(acme.auth).expect(200);
      expect(response.body).toEqual({
        isSuccess: true,
        statusCode: 404,
        message: 'Candidate request not found',
        data: {},
      });
      expect(await documentedViolations('/candidate-requests/{uuid}', response.body)).toEqual([]);
    }
  });

  it('documents the 404 quirk: statusCode 200 or 404, data the overview or exactly {}', async () => {
    const envelope = await documentedSchema('/candidate-requests/{uuid}');
    expect(envelope.required).toEqual(expect.arrayContaining(['isSuccess', 'statusCode', 'message', 'data']));
    expect(envelope.properties!.statusCode.enum).toEqual([200, 404]);
    expect(envelope.properties!.data.oneOf).toEqual([
      { $ref: '#/components/schemas/RequestOverviewDto' },
      expect.objectContaining({ type: 'object', properties: {}, additionalProperties: false }),
    ]);
  });

  it("answers another client's request exactly as an unknown one", async () => {
    const uuid = await register(acme, candidate());
    const response = await api().get(`/candidate-requests/${uuid}`).set(globex.auth).expect(200);
    expect(response.body).toEqual({
      isSuccess: true,
      statusCode: 404,
      message: 'Candidate request not found',
      data: {},
    });
  });

  it('lets a multi-client user read requests of each of their clients', async () => {
    const multi = await signIn('multi@acme.test');
    const uuid = await register(acme, candidate());
    expect((await api().get(`/candidate-requests/${uuid}`).set(multi.auth).expect(200)).body.statusCode).toBe(
      200,
    );
  });
});

describe('candidate input', () => {
  it('drives a full request to globalEndDate', async () => {
    const uuid = await register(acme, fullCandidate());
    let view = await waitForOverview(acme, uuid, settled);
    for (const [name, body] of [
      ['Documentos', DOCUMENTS],
      ['Referencias Personales', PERSONAL_REFERENCES],
      ['Referencias Laborales', WORK_REFERENCES],
    ] as const) {
      const response = await api()
        .post(`/candidate-requests/${uuid}/processes/${byName(view, name).id}/candidate-input`)
        .set(acme.auth)
        .send(body)
        .expect(202);
      expect(response.body.data).toEqual({
        id: byName(view, name).id,
        processName: name,
        status: 'En proceso',
      });
    }
    view = await waitForOverview(acme, uuid, ended);
    expect(view.status).toBe('Completed');
    expect(view.processes.every((p) => p.status === 'Finalizado')).toBe(true);
    expect(view.result).not.toBe('Pendiente');
    expect(view.globalEndDate).toBe(Math.max(...view.processes.map((p) => p.endDate!)));
    // Validación de estudios started only after Documentos ended.
    expect(byName(view, 'Validación de estudios').startDate).toBeGreaterThanOrEqual(
      byName(view, 'Documentos').endDate!,
    );
  });

  it('answers 409 when the process is not waiting for the candidate', async () => {
    const uuid = await register(acme, candidate());
    const view = await waitForOverview(acme, uuid, ended);
    const response = await api()
      .post(`/candidate-requests/${uuid}/processes/${byName(view, 'Peps').id}/candidate-input`)
      .set(acme.auth)
      .send(DOCUMENTS)
      .expect(409);
    expect(response.body).toEqual({ code: 409, message: expect.any(String) });
  });

  it('accepts one of several concurrent submissions and answers 409 to the others', async () => {
    const uuid = await register(acme, fullCandidate());
    const view = await waitForOverview(acme, uuid, settled);
    const path = `/candidate-requests/${uuid}/processes/${byName(view, 'Documentos').id}/candidate-input`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api().post(path).set(acme.auth).send(DOCUMENTS)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
  });

  it('refuses an invalid body with 400 naming the fields', async () => {
    const uuid = await register(acme, fullCandidate());
    const view = await waitForOverview(acme, uuid, settled);
    const response = await api()
      .post(
        `/candidate-requests/${uuid}/processes/${byName(view, 'Referencias Personales').id}/candidate-input`,
      )
      .set(acme.auth)
      .send({ references: [{ name: 'Solo Uno', phone: '+525500000000', relationship: 'Primo' }] })
      .expect(400);
    expect(response.body.errors.length).toBeGreaterThan(0);
    const docs = await api()
      .post(`/candidate-requests/${uuid}/processes/${byName(view, 'Documentos').id}/candidate-input`)
      .set(acme.auth)
      .send({ documents: [{ type: 'SELFIE', fileName: 'x.jpg', sha256: 'nothex' }] })
      .expect(400);
    const fields = (docs.body.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['documents[0].type', 'documents[0].sha256']));
    const mixed = await api()
      .post(
        `/candidate-requests/${uuid}/processes/${byName(view, 'Referencias Personales').id}/candidate-input`,
      )
      .set(acme.auth)
      .send({
        references: [
          { name: 'Ana Ruiz', phone: '+525500000001', relationship: 'Prima', company: 'ACME' },
          { name: 'Luis Paz', phone: '+525500000002', relationship: 'Amigo' },
        ],
      })
      .expect(400);
    expect(mixed.body.errors).toEqual([
      { field: 'references[0].company', message: '"company" is not a field of a personal reference.' },
    ]);
  });

  it("answers 404 for another client's process", async () => {
    const uuid = await register(acme, fullCandidate());
    const view = await waitForOverview(acme, uuid, settled);
    await api()
      .post(`/candidate-requests/${uuid}/processes/${byName(view, 'Documentos').id}/candidate-input`)
      .set(globex.auth)
      .send(DOCUMENTS)
      .expect(404);
  });
});

describe('GET /candidate-requests/{uuid}/processes/{processId}', () => {
  it('answers the summary of a finished process, and rawDetails with detail=true', async () => {
    const uuid = await register(acme, candidate());
    const view = await waitForOverview(acme, uuid, ended);
    const peps = byName(view, 'Peps');
    const plain = await api()
      .get(`/candidate-requests/${uuid}/processes/${peps.id}`)
      .set(acme.auth)
      .expect(200);
    expect(plain.body).toEqual({
      isSuccess: true,
      statusCode: 200,
      message: expect.any(String),
      data: expect.objectContaining({
        id: peps.id,
        processName: 'Peps',
        status: 'Finalizado',
        result: peps.result,
        summary: expect.any(Object),
      }),
    });
    expect(plain.body.data.rawDetails).toBeUndefined();
    const detailed = await api()
      .get(`/candidate-requests/${uuid}/processes/${peps.id}?detail=true`)
      .set(acme.auth)
      .expect(200);
    expect(detailed.body.data.rawDetails).toEqual({
      provider: 'watch-lists',
      reference: expect.stringMatching(/^peps@\d+$/),
      requestedAt: expect.stringMatching(ISO_INSTANT),
      answeredAt: expect.stringMatching(ISO_INSTANT),
      payload: expect.any(Object),
    });
    for (const body of [plain.body, detailed.body]) {
      expect(await documentedViolations('/candidate-requests/{uuid}/processes/{processId}', body)).toEqual(
        [],
      );
    }
  });

  it('answers statusCode 409 in the body for a process that has not finished', async () => {
    const uuid = await register(acme, fullCandidate());
    const view = await waitForOverview(acme, uuid, settled);
    const docs = byName(view, 'Documentos');
    const response = await api()
      .get(`/candidate-requests/${uuid}/processes/${docs.id}`)
      .set(acme.auth)
      .expect(200);
    expect(response.body).toEqual({
      isSuccess: true,
      statusCode: 409,
      message: expect.any(String),
      data: {
        id: docs.id,
        processName: 'Documentos',
        status: 'Pendiente Candidato',
        result: 'Pendiente',
        estimatedEndDate: null, // waits for the candidate: no estimate (docs/behaviour.md)
      },
    });
    expect(
      await documentedViolations('/candidate-requests/{uuid}/processes/{processId}', response.body),
    ).toEqual([]);
  });

  it('answers the 404 quirk for an unknown process or request', async () => {
    const uuid = await register(acme, candidate());
    const unknownProcess = await api()
      .get(`/candidate-requests/${uuid}/processes/5f0c7a8e-1111-4222-8333-944455556666`)
      .set(acme.auth)
      .expect(200);
    expect(unknownProcess.body).toEqual({
      isSuccess: true,
      statusCode: 404,
      message: 'Candidate request not found',
      data: {},
    });
    const unknownRequest = await api()
      .get(
        '/candidate-requests/5f0c7a8e-1111-4222-8333-944455556666/processes/5f0c7a8e-1111-4222-8333-944455556666',
      )
      .set(acme.auth)
      .expect(200);
    expect(unknownRequest.body).toEqual({
      isSuccess: true,
      statusCode: 404,
      message: 'Candidate request not found',
      data: {},
    });
    for (const body of [unknownProcess.body, unknownRequest.body]) {
      expect(await documentedViolations('/candidate-requests/{uuid}/processes/{processId}', body)).toEqual(
        [],
      );
    }
  });

  it('documents the 404 and 409 quirks: data is the detail, exactly {} or the four fields and the estimate', async () => {
    const envelope = await documentedSchema('/candidate-requests/{uuid}/processes/{processId}');
    expect(envelope.properties!.statusCode.enum).toEqual([200, 404, 409]);
    expect(envelope.properties!.data.oneOf).toEqual([
      { $ref: '#/components/schemas/ProcessDetailDto' },
      expect.objectContaining({ type: 'object', properties: {}, additionalProperties: false }),
      { $ref: '#/components/schemas/ProcessNotFinishedDto' },
    ]);
    const { components } = await servedDocument();
    expect(Object.keys(components.schemas.ProcessNotFinishedDto.properties!).sort()).toEqual([
      'estimatedEndDate',
      'id',
      'processName',
      'result',
      'status',
    ]);
    expect(components.schemas.ProcessNotFinishedDto.required!.sort()).toEqual([
      'estimatedEndDate',
      'id',
      'processName',
      'result',
      'status',
    ]);
  });

  it('refuses a detail flag that is not a boolean', async () => {
    const uuid = await register(acme, candidate());
    await api()
      .get(`/candidate-requests/${uuid}/processes/5f0c7a8e-1111-4222-8333-944455556666?detail=maybe`)
      .set(acme.auth)
      .expect(400);
  });
});

describe('GET /candidate-requests and GET /packages', () => {
  it("lists only the caller's requests, newest first, paginated and filtered by status", async () => {
    const user = await signIn('ops@globex.test');
    const first = await register(user, candidate({ packageId: 'PKG-GLOBEX-FULL', consentNIP: '4790' }));
    const second = await register(user, candidate({ packageId: 'PKG-GLOBEX-FULL', consentNIP: '4790' }));
    const page = await api().get('/candidate-requests?limit=1&page=1').set(user.auth).expect(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].uuid).toBe(second);
    expect(page.body.meta.pagination).toEqual(
      expect.objectContaining({ current_page: 1, limit: 1, has_next: true, has_previous: false }),
    );
    const all = await api().get('/candidate-requests?limit=100').set(user.auth).expect(200);
    const ids = (all.body.data as Array<{ uuid: string; clientId: string }>).map((r) => r.uuid);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect((all.body.data as Array<{ clientId: string }>).every((r) => r.clientId === 'globex')).toBe(true);
    await waitForOverview(user, second, settled);
    const completed = await api()
      .get('/candidate-requests?status=Completed&limit=100')
      .set(user.auth)
      .expect(200);
    expect((completed.body.data as Array<{ status: string }>).every((r) => r.status === 'Completed')).toBe(
      true,
    );
    await api().get('/candidate-requests?status=Done').set(user.auth).expect(400);
    await api().get('/candidate-requests?limit=0').set(user.auth).expect(400);
    await api().get('/candidate-requests?page=99999999999999999999').set(user.auth).expect(400);
    const farPast = await api().get('/candidate-requests?page=9007199254740991').set(user.auth).expect(200);
    expect(farPast.body.data).toEqual([]);
  });

  it("lists the caller's packages", async () => {
    const response = await api().get('/packages').set(acme.auth).expect(200);
    const ids = (response.body.data as Array<{ id: string }>).map((p) => p.id);
    expect(ids).toEqual(['PKG-ACME-BASIC', 'PKG-ACME-FULL']);
    const basic = (response.body.data as Array<{ id: string; processes: string[] }>).find(
      (p) => p.id === 'PKG-ACME-BASIC',
    );
    expect(basic?.processes).toEqual([
      'Peps',
      'Global Watch List',
      'Listas negras del SAT',
      'BGC Legal',
      'BGC News',
    ]);
  });
});
