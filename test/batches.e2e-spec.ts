/** Batch registration (docs/behaviour.md): partial and atomic, JSON and CSV, limits, idempotency, tenancy. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, countRows, signIn, Session, untilCount } from './support/helpers';
import { candidate, settled, waitForOverview } from './support/screening';
import { ROOT } from './support/stack';

const BATCH = '/candidate-requests/batch';
let acme: Session;
let globex: Session;

beforeAll(async () => {
  [acme, globex] = await Promise.all([signIn('demo@acme.test'), signIn('ops@globex.test')]);
});

const underage = () => candidate({ birthDate: '2015-01-01' });
const batchRows = () => countRows(`SELECT count(*)::int AS n FROM candidate_request_batch`);

describe('POST /candidate-requests/batch', () => {
  it('registers the valid items, reports the invalid ones, and tracks them', async () => {
    const response = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate(), underage(), candidate({ gender: 'Z', rfc: 'BAD' })] })
      .expect(202);
    expect(response.body).toEqual({
      batchId: expect.any(String),
      accepted: 1,
      rejected: 2,
      items: [
        { index: 0, uuid: expect.any(String) },
        { index: 1, errors: [{ field: 'birthDate', message: expect.any(String) }] },
        { index: 2, errors: expect.arrayContaining([expect.objectContaining({ field: 'gender' })]) },
      ],
    });
    expect(response.headers.location).toBe(`/candidate-request-batches/${response.body.batchId}`);
    const uuid = response.body.items[0].uuid as string;
    await waitForOverview(acme, uuid, settled);
    const batch = await api().get(response.headers.location).set(acme.auth).expect(200);
    expect(batch.body).toEqual({
      batchId: response.body.batchId,
      createdAt: expect.any(Number),
      total: 1,
      counts: { Pending: 0, Processing: 0, Completed: 1 },
      items: [{ index: 0, uuid, status: 'Completed' }],
    });
  });

  it('registers nothing when atomic and one item is invalid, listing every error by item', async () => {
    const before = await batchRows();
    const response = await api()
      .post(`${BATCH}?atomic=true`)
      .set(acme.auth)
      .send({ items: [candidate(), underage(), candidate({ nationality: 'US' })] })
      .expect(400);
    expect(response.body.errors).toEqual([
      { field: 'items[1].birthDate', message: expect.any(String) },
      { field: 'items[2].nationality', message: expect.any(String) },
    ]);
    expect(await batchRows()).toBe(before);
  });

  it('reads the sample CSV, an empty cell being an absent field', async () => {
    const csv = readFileSync(join(ROOT, 'docs/examples/batch.csv'), 'utf8');
    const response = await api()
      .post(BATCH)
      .set({ ...acme.auth, 'Content-Type': 'text/csv' })
      .send(csv)
      .expect(202);
    expect(response.body.accepted).toBe(2);
    expect(response.body.items.map((i: { uuid?: string }) => Boolean(i.uuid))).toEqual([true, true, false]);
    expect(response.body.items[2].errors).toEqual([{ field: 'birthDate', message: expect.any(String) }]);
  });

  it.each([
    [
      'an unknown column',
      'packageId,name,salary\nPKG-ACME-BASIC,Juan,10\n',
      /^Line 1: unknown column salary/,
    ],
    [
      'unbalanced quotes',
      'packageId,name\nPKG-ACME-BASIC,"Juan\nPKG-ACME-BASIC,Ana\n',
      /^Line \d+: a quoted cell is never closed/,
    ],
    [
      'a row with too many cells',
      'packageId,name\nPKG-ACME-BASIC,Ana\nPKG-ACME-BASIC,Juan,extra\n',
      /^Line 3: the row has a different number of cells/,
    ],
    ['no registration row', 'packageId,name\n', /header row and at least one/],
  ])('refuses a CSV with %s, naming the line', async (_label, csv, message) => {
    const response = await api()
      .post(BATCH)
      .set({ ...acme.auth, 'Content-Type': 'text/csv' })
      .send(csv)
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'body', message: expect.stringMatching(message) }]);
  });

  it('refuses 1,001 items and accepts 1,000 in a body over 100 kB', async () => {
    const tooMany = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: Array.from({ length: 1001 }, () => candidate()) })
      .expect(400);
    expect(tooMany.body.errors).toEqual([{ field: 'items', message: expect.stringMatching(/at most 1000/) }]);
    const items = Array.from({ length: 1000 }, () => candidate());
    expect(JSON.stringify({ items }).length).toBeGreaterThan(100_000);
    const accepted = await api().post(BATCH).set(acme.auth).send({ items }).expect(202);
    expect(accepted.body.accepted).toBe(1000);
    // Their 5,000 process jobs run now: wait for them, so the specs after this one find an idle processor.
    const uuids = (accepted.body.items as Array<{ uuid: string }>).map((item) => item.uuid);
    await untilCount(
      `SELECT count(*)::int AS n FROM request_process WHERE request_id = ANY($1::uuid[]) AND status = 'En proceso'`,
      [uuids],
      { count: 0, timeoutMs: 110_000, what: 'the batch to be processed' },
    );
  }, 150_000);

  it('answers a retry with the same Idempotency-Key with the first answer and no second batch', async () => {
    const body = { items: [candidate(), candidate()] };
    const key = `batch-${Date.now()}`;
    const first = await api().post(BATCH).set(acme.auth).set('Idempotency-Key', key).send(body).expect(202);
    const before = await batchRows();
    const retry = await api().post(BATCH).set(acme.auth).set('Idempotency-Key', key).send(body).expect(202);
    expect(retry.body).toEqual(first.body);
    expect(await batchRows()).toBe(before);
    await api()
      .post(BATCH)
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send({ items: [candidate()] })
      .expect(422);
  });

  it("keeps each client's batches to itself", async () => {
    const response = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate()] })
      .expect(202);
    await api().get(`/candidate-request-batches/${response.body.batchId}`).set(globex.auth).expect(404);
    await api().get('/candidate-request-batches/not-a-uuid').set(acme.auth).expect(404);
    await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ clientId: 'globex', items: [candidate()] })
      .expect(403);
    // A package of another client is an item error, like in a single registration.
    const foreign = await api()
      .post(BATCH)
      .set(globex.auth)
      .send({ items: [candidate()] })
      .expect(202);
    expect(foreign.body.items[0].errors).toEqual([{ field: 'packageId', message: expect.any(String) }]);
  });

  it('refuses unknown fields of the batch and of its items', async () => {
    const response = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate()], priority: 'high' })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'priority', message: expect.any(String) }]);
    const item = await api()
      .post(BATCH)
      .set(acme.auth)
      .send({ items: [candidate({ salary: 10 })] })
      .expect(202);
    expect(item.body.items[0].errors).toEqual([
      { field: 'salary', message: '"salary" is not a known field.' },
    ]);
  });

  it('answers 415 for CSV anywhere else', async () => {
    await api()
      .post('/candidate-requests')
      .set({ ...acme.auth, 'Content-Type': 'text/csv' })
      .send('packageId\nPKG-ACME-BASIC\n')
      .expect(415);
  });
});
