/**
 * docs/integrators.md CORS: browsers on an allowed origin (by default outside production, localhost and
 * 127.0.0.1 on any port) may call the api and read its answers, errors included; any other origin
 * gets no CORS header at all.
 */
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { launchChromium } from './support/browser';
import { api, DEMO_PASSWORD, Session, signIn, state } from './support/helpers';

const ALLOWED = 'http://localhost:4700';
const REFUSED = 'https://evil.example';

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

function listOf(header: string | undefined): string[] {
  return (header ?? '').split(',').map((name) => name.trim().toLowerCase());
}

function corsHeaders(headers: Record<string, string>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('CORS preflight', () => {
  it('answers 204 to an allowed origin with the origin, the headers it may send and those it may read', async () => {
    const preflight = await api()
      .options('/candidate-requests')
      .set({
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key,x-request-id',
      })
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(listOf(preflight.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-request-id']),
    );
    expect(listOf(preflight.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['location', 'x-request-id', 'retry-after']),
    );
    expect(listOf(preflight.headers['access-control-allow-methods'])).toEqual(
      expect.arrayContaining(['get', 'post', 'patch', 'delete']),
    );
    // Answered before authentication, with the headers of every answer.
    expect(preflight.headers['x-request-id']).toEqual(expect.any(String));
    expect(preflight.headers['x-content-type-options']).toBe('nosniff');
    expect(listOf(preflight.headers.vary)).toContain('origin');
  });

  it('gives any other origin no CORS header', async () => {
    for (const origin of [REFUSED, 'http://localhost.evil.example:4700', 'null']) {
      const preflight = await api()
        .options('/candidate-requests')
        .set({ Origin: origin, 'Access-Control-Request-Method': 'POST' });
      expect(preflight.status).not.toBe(204);
      expect(corsHeaders(preflight.headers)).toEqual([]);
    }
  });
});

describe('CORS on answers', () => {
  it('lets an allowed origin read every answer, errors included', async () => {
    const answers = await Promise.all([
      api().get('/packages').set(session.auth).set('Origin', ALLOWED),
      api().get('/packages').set('Origin', ALLOWED),
      api().get('/no-such-route').set('Origin', ALLOWED),
      api()
        .post('/signin')
        .set('Origin', ALLOWED)
        .set('Content-Type', 'application/json')
        .send(`"${'a'.repeat(200_000)}"`),
      api().get('/candidate-requests/%E0%A4%A').set('Origin', ALLOWED),
      api()
        .get(`/packages?name=${'a'.repeat(20_000)}`)
        .set('Origin', ALLOWED),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 413, 400, 431]);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(listOf(answer.headers['access-control-expose-headers'])).toEqual(
        expect.arrayContaining(['location', 'x-request-id', 'retry-after']),
      );
      expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    }
  });

  it('adds nothing for another origin, or for a caller that is not a browser', async () => {
    const refused = await api().get('/packages').set(session.auth).set('Origin', REFUSED).expect(200);
    expect(corsHeaders(refused.headers)).toEqual([]);
    const tooLarge = await api()
      .get(`/packages?name=${'a'.repeat(20_000)}`)
      .set('Origin', REFUSED);
    expect(tooLarge.status).toBe(431);
    expect(corsHeaders(tooLarge.headers)).toEqual([]);
    const noOrigin = await api().get('/packages').set(session.auth).expect(200);
    expect(corsHeaders(noOrigin.headers)).toEqual([]);
  });
});

describe('CORS in a real browser', () => {
  let browser: Browser;
  let page: Server;

  // The first launch on a machine also unpacks the packaged Chromium: allow it more than a minute.
  beforeAll(async () => {
    browser = await launchChromium();
    page = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>frontend</title>'),
    );
    await new Promise<void>((resolve) => page.listen(0, '0.0.0.0', resolve));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    page?.close();
  });

  /** Runs `fetch` in a page served from `origin`, on another port than the api's. */
  async function fetchFrom(origin: string): Promise<{ status: number; requestId: string | null } | string> {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${origin}:${(page.address() as AddressInfo).port}/`);
      return await tab.evaluate(
        async ({ apiUrl, password }) => {
          try {
            const response = await fetch(`${apiUrl}/signin`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-request-id': 'from-the-browser' },
              body: JSON.stringify({ email: 'demo@acme.test', password }),
            });
            return { status: response.status, requestId: response.headers.get('x-request-id') };
          } catch (error) {
            return String(error);
          }
        },
        { apiUrl: `http://127.0.0.1:${state().apiPort}`, password: DEMO_PASSWORD },
      );
    } finally {
      await tab.close();
    }
  }

  it('lets a page on localhost sign in and read the request id; blocks a page on another origin', async () => {
    expect(await fetchFrom('http://localhost')).toEqual({ status: 200, requestId: 'from-the-browser' });
    // 127.0.0.2 is this machine too, but not an allowed origin: the browser refuses the answer.
    expect(await fetchFrom('http://127.0.0.2')).toMatch(/TypeError: Failed to fetch/);
  });
});
