jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { claimKey, IdempotencyRepository } from './idempotency.repository';

const db = mediumDatabase();

describe('IdempotencyRepository (medium)', () => {
  let repo: IdempotencyRepository;
  let user: string;

  beforeAll(async () => {
    repo = new IdempotencyRepository(db.dataSource);
    user = await demoUserId(db, 'demo@acme.test');
  });

  it('claim then complete: the first claim owns the key, the next one gets the stored answer', async () => {
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction(async (tx) => {
        const claimed = await repo.claim(tx, user, 'createThing', 'k1', 'hash-1');
        await repo.complete(tx, user, 'createThing', 'k1', {
          statusCode: 201,
          body: { id: 1 },
          headers: { location: '/things/1' },
        });
        return claimed;
      }),
    );
    expect(result).toBe(true);
    const again = await db.record(() => repo.claim(db.dataSource, user, 'createThing', 'k1', 'hash-2'));
    expect(again.result).toEqual({
      requestHash: 'hash-1',
      statusCode: 201,
      body: { id: 1 },
      headers: { location: '/things/1' },
    });
    expect({ claimAndComplete: sql, claimTaken: again.sql }).toMatchSnapshot();
  });

  it('claim: a key past its lifetime is claimed afresh', async () => {
    await repo.claim(db.dataSource, user, 'createThing', 'old', 'hash-old');
    await db.rows(`UPDATE idempotency_record SET created_at = now() - interval '25 hours' WHERE key = 'old'`);
    expect(await repo.claim(db.dataSource, user, 'createThing', 'old', 'hash-new')).toBe(true);
    const [row] = await db.rows(`SELECT request_hash, status_code FROM idempotency_record WHERE key = 'old'`);
    expect(row).toEqual({ request_hash: 'hash-new', status_code: null });
  });

  it('claimAnswered and stored: claims with their answers; a held key is not claimed again', async () => {
    const claim = (key: string, requestHash: string) => ({
      userId: user,
      operation: 'register',
      key,
      requestHash,
      answer: { statusCode: 202, body: { key } },
    });
    const { result, sql } = await db.record(() =>
      repo.claimAnswered(db.dataSource, [claim('a', 'h-a'), claim('b', 'h-b')]),
    );
    expect(result).toEqual(new Set([claimKey(claim('a', '')), claimKey(claim('b', ''))]));
    expect(await repo.claimAnswered(db.dataSource, [claim('a', 'h-other')])).toEqual(new Set());
    const stored = await db.record(() => repo.stored(db.dataSource, claim('a', '')));
    expect(stored.result).toEqual({ requestHash: 'h-a', statusCode: 202, body: { key: 'a' }, headers: {} });
    expect(await repo.claimAnswered(db.dataSource, [])).toEqual(new Set());
    expect({ claimAnswered: sql, stored: stored.sql }).toMatchSnapshot();
  });

  it('purgeExpired: removes only records past their lifetime', async () => {
    await repo.claim(db.dataSource, user, 'purge', 'fresh', 'h');
    await repo.claim(db.dataSource, user, 'purge', 'stale', 'h');
    await db.rows(`UPDATE idempotency_record SET created_at = now() - interval '2 days' WHERE key = 'stale'`);
    const sql = await db.sqlOf(() => repo.purgeExpired());
    const keys = await db.rows(`SELECT key FROM idempotency_record WHERE operation = 'purge'`);
    expect(keys).toEqual([{ key: 'fresh' }]);
    expect(sql).toMatchSnapshot();
  });
});
