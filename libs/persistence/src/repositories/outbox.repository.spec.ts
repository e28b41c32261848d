jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { OutboxJob, OutboxRepository, PendingOutboxJob } from './outbox.repository';

const db = mediumDatabase();

describe('OutboxRepository (medium)', () => {
  let repo: OutboxRepository;
  const job = (jobId: string, over: Partial<OutboxJob> = {}): OutboxJob => ({
    queue: 'screening',
    jobName: 'run-process',
    jobId,
    payload: { jobId },
    ...over,
  });
  const published = async (jobId: string) =>
    (
      await db.rows<{ published: boolean }>(
        `SELECT published_at IS NOT NULL AS published FROM outbox_job WHERE job_id = $1`,
        [jobId],
      )
    )[0]?.published;

  beforeAll(() => {
    repo = new OutboxRepository(db.dataSource);
  });

  it('add (in a transaction) and addNow: a job id is added once', async () => {
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) => repo.add(tx, [job('add-1')])),
    );
    expect(result).toEqual([{ ...job('add-1'), id: expect.any(String) }]);
    const now = await db.record(() => repo.addNow([job('add-1'), job('add-2')]));
    expect(now.result.map((j) => j.jobId)).toEqual(['add-2']);
    const [row] = await db.rows(`SELECT queue, job_name, payload FROM outbox_job WHERE job_id = 'add-2'`);
    expect(row).toEqual({ queue: 'screening', job_name: 'run-process', payload: { jobId: 'add-2' } });
    expect(await repo.add(db.dataSource, [])).toEqual([]);
    expect({ add: sql, addNow: now.sql }).toMatchSnapshot();
  });

  it('markPublished, then rearm: published again through the sweeper; a purged job comes back', async () => {
    const [added] = await repo.addNow([job('rearm-1')]);
    const sql = await db.sqlOf(() => repo.markPublished([added.id]));
    expect(await published('rearm-1')).toBe(true);
    const rearm = await db.sqlOf(() => repo.rearm([job('rearm-1'), job('rearm-purged')]));
    expect(await published('rearm-1')).toBe(false);
    expect(await published('rearm-purged')).toBe(false);
    expect(await db.sqlOf(() => repo.markPublished([]))).toEqual([]);
    expect({ markPublished: sql, rearm }).toMatchSnapshot();
  });

  it('sweep: unpublished jobs older than the age, marked published when publish succeeds', async () => {
    await db.rows(`UPDATE outbox_job SET published_at = now()`);
    await repo.addNow([job('sweep-old'), job('sweep-young')]);
    await db.rows(
      `UPDATE outbox_job SET created_at = now() - interval '1 minute' WHERE job_id = 'sweep-old'`,
    );
    const seen: PendingOutboxJob[] = [];
    const { result, sql } = await db.record(() =>
      repo.sweep(10_000, 10, async (jobs) => {
        seen.push(...jobs);
      }),
    );
    expect(result).toBe(1);
    expect(seen.map((j) => j.jobId)).toEqual(['sweep-old']);
    expect(await published('sweep-old')).toBe(true);
    expect(await published('sweep-young')).toBe(false);
    await db.rows(
      `UPDATE outbox_job SET created_at = now() - interval '1 minute' WHERE job_id = 'sweep-young'`,
    );
    await expect(repo.sweep(10_000, 10, () => Promise.reject(new Error('Redis away')))).rejects.toThrow(
      'Redis away',
    );
    expect(await published('sweep-young')).toBe(false);
    expect(sql).toMatchSnapshot();
  });

  it('oldestUnpublishedAgeSeconds: the age of the oldest waiting job, 0 when none waits', async () => {
    await db.rows(`UPDATE outbox_job SET published_at = now()`);
    expect(await repo.oldestUnpublishedAgeSeconds()).toBe(0);
    await repo.addNow([job('age-1')]);
    await db.rows(`UPDATE outbox_job SET created_at = now() - interval '90 seconds' WHERE job_id = 'age-1'`);
    const { result, sql } = await db.record(() => repo.oldestUnpublishedAgeSeconds());
    // Bounded by the row's own age read afterwards from the database's clock, not by a time limit.
    const [after] = await db.rows<{ age: number }>(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox_job WHERE job_id = 'age-1'`,
    );
    expect(result).toBeGreaterThanOrEqual(90);
    expect(result).toBeLessThanOrEqual(after.age);
    expect(sql).toMatchSnapshot();
  });

  it('purgePublished: drops published rows older than the hours given, keeps the rest', async () => {
    await repo.addNow([job('purge-old'), job('purge-waiting')]);
    await db.rows(
      `UPDATE outbox_job SET published_at = now() - interval '2 days' WHERE job_id = 'purge-old'`,
    );
    const sql = await db.sqlOf(() => repo.purgePublished());
    expect(await published('purge-old')).toBeUndefined();
    expect(await published('purge-waiting')).toBe(false);
    expect(sql).toMatchSnapshot();
  });
});
