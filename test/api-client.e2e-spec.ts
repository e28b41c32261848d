import { createApiClient } from '@app/api-client';
import { DEMO_PASSWORD, eventually, state } from './support/helpers';

/**
 * Drives the API through the typed client generated from docs/openapi.json. The calls are
 * type-checked by `npm run typecheck`, so a breaking change of the API breaks the build here.
 */
describe('the typed api client (libs/api-client)', () => {
  it('signs in, registers, polls, downloads the report, searches, reads a record, lists searches and usage, registers a batch, reads events', async () => {
    const session: { token?: string } = {};
    const api = createApiClient(`http://127.0.0.1:${state().apiPort}`, () => session.token);

    const signIn = await api.POST('/signin', { body: { email: 'demo@acme.test', password: DEMO_PASSWORD } });
    expect(signIn.response.status).toBe(200);
    session.token = signIn.data?.accessToken;
    expect(signIn.data?.clients).toEqual(['acme']);

    const registration = await api.POST('/candidate-requests', {
      body: {
        packageId: 'PKG-ACME-BASIC',
        name: 'Cliente Tipado',
        lastName: 'Hernández',
        birthDate: '1990-05-17',
        nationality: 'MX',
        gender: 'X',
      },
    });
    expect(registration.response.status).toBe(202);
    const uuid = registration.data!.uuid;

    const overview = await eventually(async () => {
      const { data } = await api.GET('/candidate-requests/{uuid}', { params: { path: { uuid } } });
      return data?.data && 'globalEndDate' in data.data && data.data.globalEndDate !== null
        ? data.data
        : undefined;
    });
    expect(overview.status).toBe('Completed');

    const report = await api.GET('/candidate-requests/{uuid}/report', {
      params: { path: { uuid } },
      parseAs: 'arrayBuffer',
    });
    expect(report.response.status).toBe(200);
    expect(report.response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(report.data!).subarray(0, 5).toString()).toBe('%PDF-');

    const search = await api.POST('/risks/legal-records/searches', {
      params: { query: { limit: 10 } },
      body: { name: 'Juan', lastName: 'Hernández' },
    });
    expect(search.response.status).toBe(200);
    const searchData = search.data!.data;
    expect(searchData.meta.cap.truncated).toBe(true);
    expect(searchData.records).toHaveLength(10);

    const detail = await api.GET('/risks/legal-records/searches/{searchId}/records/{uuid}', {
      params: { path: { searchId: searchData.searchId, uuid: searchData.records[0].uuid } },
    });
    expect(detail.response.status).toBe(200);
    expect(detail.data!.data.consumption.charged).toBe(true);

    const searches = await api.GET('/risks/legal-records/searches', { params: { query: { limit: 5 } } });
    expect(searches.data!.data[0].searchId).toBe(searchData.searchId);

    const usage = await api.GET('/usage', { params: { query: { groupBy: 'month' } } });
    // The document offers JSON or CSV; without `Accept: text/csv` the answer is the JSON statement.
    if (typeof usage.data !== 'object') throw new Error(`expected the JSON statement, got ${usage.data}`);
    expect(usage.data.totals.searches).toBeGreaterThan(0);

    const batch = await api.POST('/candidate-requests/batch', {
      body: {
        items: [
          {
            packageId: 'PKG-ACME-BASIC',
            name: 'Lote Uno',
            lastName: 'Pérez',
            birthDate: '1990-05-17',
            nationality: 'MX',
            gender: 'H',
          },
          {
            packageId: 'PKG-ACME-BASIC',
            name: 'Lote Dos',
            lastName: 'Pérez',
            birthDate: '2015-05-17',
            nationality: 'MX',
            gender: 'M',
          },
        ],
      },
    });
    expect(batch.response.status).toBe(202);
    expect(batch.data).toEqual(expect.objectContaining({ accepted: 1, rejected: 1 }));
    const progress = await api.GET('/candidate-request-batches/{batchId}', {
      params: { path: { batchId: batch.data!.batchId } },
    });
    expect(progress.data!.total).toBe(1);

    const events = await api.GET('/events', {
      params: { query: { types: 'candidate_request.created', limit: 5 } },
    });
    expect(events.response.status).toBe(200);
    expect(events.data!.data.every((event) => event.type === 'candidate_request.created')).toBe(true);
    // The envelope is a union discriminated by `type`: checking the type narrows `data` (this
    // compiles only because it does).
    const packages = events.data!.data.map((event) =>
      event.type === 'candidate_request.created' ? event.data.packageId : undefined,
    );
    expect(packages.every((packageId) => typeof packageId === 'string')).toBe(true);

    const unauthorized = await createApiClient(`http://127.0.0.1:${state().apiPort}`).GET('/packages');
    expect(unauthorized.response.status).toBe(401);
    expect(unauthorized.error).toEqual({ message: expect.any(String), code: 401 });
  });
});
