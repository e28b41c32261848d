import { runInNewContext } from 'node:vm';
import { authorizeFromSignIn } from './swagger-ui';

/**
 * The interceptor as Swagger UI runs it: its source text, evaluated in a page of its own whose
 * `ui` records what it was asked (Swagger UI's options carry functions by their source).
 */
function inPage(response: object): { authorized: string[]; persisted: number; returned: unknown } {
  const page = {
    authorized: [] as string[],
    persisted: 0,
    ui: {
      preauthorizeApiKey: (scheme: string, value: string) => page.authorized.push(`${scheme} ${value}`),
      authActions: { persistAuthorizationIfNeeded: () => page.persisted++ },
    },
  };
  const context = { response, URL, JSON, globalThis: undefined as unknown };
  context.globalThis = { ui: page.ui };
  const returned = runInNewContext(`(${authorizeFromSignIn.toString()})(response)`, context);
  return { authorized: page.authorized, persisted: page.persisted, returned };
}

describe('authorizeFromSignIn', () => {
  it.each([
    [
      'a sign-in',
      { url: 'http://127.0.0.1:3000/signin', status: 200, body: { accessToken: 'ey1' } },
      ['bearer ey1'],
    ],
    [
      'a refresh',
      { url: 'http://127.0.0.1:3000/signin/refresh', status: 200, body: { accessToken: 'ey2' } },
      ['bearer ey2'],
    ],
    [
      'a body only as text',
      { url: 'http://h/signin', status: 200, text: '{"accessToken":"ey3"}' },
      ['bearer ey3'],
    ],
    ['a refused sign-in', { url: 'http://h/signin', status: 401, body: { message: 'no', code: 401 } }, []],
    ['a sign-out', { url: 'http://h/signout', status: 204, body: undefined }, []],
    [
      'another answer with a token-like field',
      { url: 'http://h/packages', status: 200, body: { accessToken: 'x' } },
      [],
    ],
    ['a body that is not JSON', { url: 'http://h/signin', status: 200, text: '<html>' }, []],
  ])('%s', (_what, response, expected) => {
    const { authorized, persisted, returned } = inPage(response);
    expect(authorized).toEqual(expected);
    expect(persisted).toBe(expected.length);
    expect(returned).toBe(response);
  });
});
