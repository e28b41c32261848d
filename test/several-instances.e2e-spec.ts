/**
 * Two api and two processor instances on one PostgreSQL and one Redis behave as one service:
 * every registration runs exactly once, a sign-out on one api is honoured by the other within the
 * session cache's bound, the sign-in lockout is shared, and the outbox is published once.
 */
import request from 'supertest';
import {
  api,
  countRows,
  eventually,
  screeningQueue,
  signIn,
  Session,
  state,
  withDb,
} from './support/helpers';
import { createUser } from './support/factories';
import { candidate } from './support/screening';
import { kill, startApi, startProcessor, waitForExit, waitForHealthy } from './support/stack';

const REGISTRATIONS = 200;
const SESSION_CACHE_MS = 5_000;

let secondApiPid: number;
let secondProcessorPid: number;
let acme: Session;
const secondPort = () => state().apiPort + 41;
const apis = () => [api(), request(`http://127.0.0.1:${secondPort()}`)];

beforeAll(async () => {
  const env = state().env;
  secondApiPid = startApi({
    ...env,
    PORT: String(secondPort()),
    METRICS_PORT: String(Number(env.METRICS_PORT ?? 9190) + 41),
  });
  secondProcessorPid = startProcessor({
    ...env,
    PROCESSOR_METRICS_PORT: String(Number(env.PROCESSOR_METRICS_PORT ?? 9191) + 41),
  });
  await waitForHealthy(secondPort());
  acme = await signIn('demo@acme.test');
});

afterAll(async () => {
  kill(secondApiPid);
  kill(secondProcessorPid);
  await Promise.all([waitForExit(secondApiPid), waitForExit(secondProcessorPid, 35_000)]);
});

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

describe('two apis and two processors', () => {
  it(`run each of ${REGISTRATIONS} registrations spread over both exactly once`, async () => {
    const queue = screeningQueue();
    const completions = new Map<string, number>();
    // The subscription is made in the background: wait for it, or early completions go unheard.
    const subscribed = new Promise((resolve) => queue.once('registered:global:completed', resolve));
    queue.on('global:completed', (jobId: string) =>
      completions.set(jobId, (completions.get(jobId) ?? 0) + 1),
    );
    await subscribed;
    try {
      const uuids = await inParallel(
        Array.from({ length: REGISTRATIONS }, () => candidate()),
        20,
        async (body, i) => {
          const response = await apis()
            [i % 2].post('/candidate-requests')
            .set(acme.auth)
            .send(body)
            .expect(202);
          return response.body.uuid as string;
        },
      );
      const jobIds = await eventually(
        async () => {
          const unfinished = await countRows(
            `SELECT count(*)::int AS n FROM request_process WHERE request_id = ANY($1::uuid[]) AND status <> 'Finalizado'`,
            [uuids],
          );
          if (unfinished > 0) return undefined;
          const ids = await jobIdsOf(uuids);
          return ids.every((id) => completions.has(id)) ? ids : undefined;
        },
        90_000,
        'every process of every registration to finish',
      );
      expect(jobIds).toHaveLength(REGISTRATIONS * 5);
      expect(jobIds.filter((id) => completions.get(id) !== 1)).toEqual([]);
      expect(
        await countRows(
          `SELECT count(*)::int AS n FROM outbox_job WHERE published_at IS NULL AND payload->>'requestId' = ANY($1::text[])`,
          [uuids],
        ),
      ).toBe(0);
      const overviews = await Promise.all(
        uuids.slice(0, 10).map((uuid, i) => apis()[i % 2].get(`/candidate-requests/${uuid}`).set(acme.auth)),
      );
      for (const overview of overviews) expect(overview.body.data.globalEndDate).toEqual(expect.any(Number));
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('refuse on one api a session signed out on the other once its cached answer expires', async () => {
    const session = await signIn('demo@acme.test');
    const [first, second] = apis();
    await first.get('/packages').set(session.auth).expect(200);
    await second.get('/packages').set(session.auth).expect(200);
    await second.post('/signout').send({ refreshToken: session.refreshToken }).expect(204);
    await second.get('/packages').set(session.auth).expect(401);
    // How long the first api may keep its answer (SESSION_CACHE_MS) is SessionAuthority's unit spec,
    // on a fake clock; here: it does come to refuse the session, told by nothing but the database.
    await eventually(
      async () => ((await api().get('/packages').set(session.auth)).status === 401 ? true : undefined),
      SESSION_CACHE_MS * 6,
      'the other api to refuse the signed-out session',
    );
  });

  it('share the sign-in lockout', async () => {
    const user = await createUser();
    const limit = Number(state().env.SIGNIN_MAX_FAILURES);
    for (let i = 0; i < limit; i++)
      await apis()[i % 2].post('/signin').send({ email: user.email, password: 'wrong' }).expect(401);
    for (const instance of apis())
      await instance.post('/signin').send({ email: user.email, password: user.password }).expect(429);
  });
});

async function jobIdsOf(uuids: string[]): Promise<string[]> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ job_id: string }>(
      `SELECT job_id FROM outbox_job WHERE payload->>'requestId' = ANY($1::text[])`,
      [uuids],
    );
    return rows.map((row) => row.job_id);
  });
}
