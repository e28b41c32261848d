import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths };
export type ApiClient = Client<paths>;

/**
 * A typed client of the API for frontend teams, generated from docs/openapi.json
 * (`npm run api-client`): every path, parameter, body and answer is checked by TypeScript.
 *
 *   const api = createApiClient('https://screening.example.com', () => session.accessToken);
 *   const { data } = await api.GET('/candidate-requests/{uuid}', { params: { path: { uuid } } });
 */
export function createApiClient(baseUrl: string, accessToken?: () => string | undefined): ApiClient {
  const client = createClient<paths>({ baseUrl });
  client.use({
    onRequest({ request }) {
      const token = accessToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}
