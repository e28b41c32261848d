import { createApiClient } from '@app/api-client';
import { DEMO_PASSWORD, eventually, state } from './support/helpers';

/**
 * Drives the API through the typed client generated from docs/openapi.json. The calls are
 * type-checked by `npm run typecheck`, so a breaking change of the API breaks the build here.
 */
describe('the typed api client (libs/api-client)', () => {
  it('signs in, registers, polls, searches and reads a record', async () => {
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

    const search = await api.POST('/risks/legal-records/searches', {
      params: { query: { limit: '10' } },
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

    const unauthorized = await createApiClient(`http://127.0.0.1:${state().apiPort}`).GET('/packages');
    expect(unauthorized.response.status).toBe(401);
    expect(unauthorized.error).toEqual({ message: expect.any(String), code: 401 });
  });
});
