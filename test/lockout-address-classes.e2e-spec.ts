/**
 * Issue 23: five wrong passwords from anywhere locked an account for everyone, its owner included,
 * and the queue dashboard took 640 guesses a second. Failures are now counted per address class
 * (addresses the account signed in from before, and all others), and the dashboard's basic auth
 * goes through the same throttle. Requests leave from distinct loopback addresses (127.0.0.x),
 * which is what the api sees as the client address, without TRUST_PROXY.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createUser } from './support/factories';
import { state } from './support/helpers';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** One request to the api, sent from `address` (any 127.0.0.0/8 address is local on Linux). */
function from(
  address: string,
  method: string,
  path: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: state().apiPort,
        localAddress: address,
        method,
        path,
        agent: false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signIn = (address: string, email: string, password: string) =>
  from(address, 'POST', '/signin', { json: { email, password } });

const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>(
    (counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }),
    {},
  );

const maxFailures = () => Number(state().env.SIGNIN_MAX_FAILURES);

describe('sign-in failures are counted per address class', () => {
  const owner = '127.0.0.11';
  const attacker = '127.0.0.12';
  const elsewhere = '127.0.0.13';

  it('lets the owner keep signing in from their usual address while a guesser elsewhere is throttled', async () => {
    const user = await createUser();
    expect((await signIn(owner, user.email, user.password)).status).toBe(200);

    const guesses = await Promise.all(
      Array.from({ length: 60 }, () => signIn(attacker, user.email, 'Wrong-Guess-1!')),
    );
    const counts = statusCounts(guesses);
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(maxFailures());
    expect(counts[429]).toBe(60 - counts[401]);
    const refused = guesses.find((g) => g.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The guesser's class is locked, right password or not, from any address the owner never used.
    expect((await signIn(attacker, user.email, user.password)).status).toBe(429);
    expect((await signIn(elsewhere, user.email, user.password)).status).toBe(429);
    // The owner's usual address counts on its own: a typo is a plain 401, then the right password works.
    expect((await signIn(owner, user.email, 'Typo-2026!')).status).toBe(401);
    expect((await signIn(owner, user.email, user.password)).status).toBe(200);
  });

  it('still checks at most SIGNIN_MAX_FAILURES of parallel wrong passwords from the known addresses', async () => {
    const user = await createUser();
    expect((await signIn(owner, user.email, user.password)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(owner, user.email, 'Wrong-2026!')),
    );
    const counts = statusCounts(guesses);
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(maxFailures());
    expect(counts[429]).toBe(40 - counts[401]);
    expect((await signIn(owner, user.email, user.password)).status).toBe(429);
  });
});

describe('the queue dashboard is throttled too', () => {
  const qa = '127.0.0.21';
  const guesser = '127.0.0.22';
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });
  const open = (address: string, password: string) =>
    from(address, 'GET', '/admin/queues/api/queues', {
      headers: basic(state().env.QUEUE_DASHBOARD_USER, password),
    });

  afterAll(() => clearDashboardCounts());

  it('answers 429 with Retry-After after a few wrong passwords, and QA keeps its access', async () => {
    const password = state().env.QUEUE_DASHBOARD_PASSWORD;
    expect((await open(qa, password)).status).toBe(200);

    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => open(guesser, `guess-${i}`)));
    const counts = statusCounts(guesses);
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(maxFailures());
    expect(counts[429]).toBe(40 - counts[401]);
    const refused = guesses.find((g) => g.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ code: 429, message: expect.stringMatching(/try again in \d+ seconds/) });

    expect((await open(guesser, password)).status).toBe(429);
    expect((await open(qa, password)).status).toBe(200);
  });
});

/** The dashboard's counts live in the shared Redis: leave none for the dashboard's other tests. */
function clearDashboardCounts(): void {
  const account = createHash('sha256').update('queue-dashboard').digest('hex');
  spawnSync('redis-cli', [
    '-p',
    String(state().redisPort),
    'del',
    `signin:failures:known:${account}`,
    `signin:failures:other:${account}`,
  ]);
}
