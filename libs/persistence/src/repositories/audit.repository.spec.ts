jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import type { AuditEventBody, AuditFilter } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { AuditRepository } from './audit.repository';

const db = mediumDatabase();

describe('AuditRepository (medium)', () => {
  let repo: AuditRepository;
  const event = (over: Partial<Omit<AuditEventBody, 'id'>> = {}): Omit<AuditEventBody, 'id'> => ({
    at: Date.parse('2026-03-01T12:00:00Z'),
    actor: { type: 'user', id: 'u-1', email: 'demo@acme.test' },
    clientId: 'acme',
    action: 'registerCandidate',
    subject: { type: 'candidate_request', id: 'r-1' },
    status: 201,
    requestId: 'req-1',
    ip: '10.0.0.1',
    ...over,
  });
  const filter = (over: Partial<AuditFilter> = {}): AuditFilter => ({
    from: null,
    to: null,
    actorId: null,
    action: null,
    subjectId: null,
    after: null,
    limit: 50,
    ...over,
  });

  beforeAll(() => {
    repo = new AuditRepository(db.dataSource);
  });

  it('append: events chained after the head, one after the other, the head moved', async () => {
    const { result, sql } = await db.record(() => repo.append(event()));
    expect(result).toMatchObject({ id: expect.any(String), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const second = await repo.append(event({ subject: { type: 'candidate_request', id: 'r-2' } }));
    expect(BigInt(second.id)).toBe(BigInt(result.id) + 1n);
    const [head] = await db.rows(`SELECT seq::text AS id, hash FROM audit_chain_head`);
    expect(head).toEqual({ id: second.id, hash: second.hash });
    expect(sql).toMatchSnapshot();
  });

  it('append: events of callers arriving together are chained in the order they came', async () => {
    await Promise.all([1, 2, 3].map((n) => repo.append(event({ subject: { type: 'batch', id: `b-${n}` } }))));
    const ids = await db.rows(`SELECT subject_id FROM audit_event WHERE subject_type = 'batch' ORDER BY seq`);
    expect(ids.map((r) => r.subject_id)).toEqual(['b-1', 'b-2', 'b-3']);
  });

  it('page: one client’s events in chain order with filters and the cursor', async () => {
    await repo.append(event({ clientId: 'globex', subject: { type: 'x', id: 'g-1' } }));
    await repo.append(event({ action: 'revokeApiKey', actor: { type: 'user', id: 'u-2' } }));
    const { result, sql } = await db.record(() => repo.page('acme', filter({ limit: 2 })));
    expect(result.hasMore).toBe(true);
    expect(result.data.map((e) => e.subject.id)).toEqual(['r-1', 'r-2']);
    expect(result.data[0]).toMatchObject({
      clientId: 'acme',
      actor: { type: 'user', id: 'u-1', email: 'demo@acme.test' },
      status: 201,
      requestId: 'req-1',
      ip: '10.0.0.1',
    });
    const filtered = await db.record(() =>
      repo.page(
        'acme',
        filter({ after: result.data[0].id, action: 'revokeApiKey', actorId: 'u-2', from: 0, to: Date.now() }),
      ),
    );
    expect(filtered.result.data).toHaveLength(1);
    expect(filtered.result.data[0].actor).toEqual({ type: 'user', id: 'u-2' });
    expect((await repo.page('acme', filter({ subjectId: 'r-2' }))).data).toHaveLength(1);
    expect({ page: sql, filtered: filtered.sql }).toMatchSnapshot();
  });

  it('ofSubjects: a client’s events about these subjects; none asked, no statement', async () => {
    const { result, sql } = await db.record(() => repo.ofSubjects('acme', ['r-1', 'g-1']));
    // r-1 twice: the registration and the key revoked (whose subject is the same), never globex's g-1
    expect(result.map((e) => e.subject.id)).toEqual(['r-1', 'r-1']);
    expect(await db.sqlOf(() => repo.ofSubjects('acme', []))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('chainAfter: every client’s events after an id', async () => {
    const { result, sql } = await db.record(() => repo.chainAfter('0', 100));
    expect(result.map((e) => e.id)).toEqual(result.map((_, i) => String(i + 1)));
    expect(new Set(result.map((e) => e.clientId))).toEqual(new Set(['acme', 'globex']));
    expect((await repo.chainAfter(result[1].id, 1)).map((e) => e.id)).toEqual([result[2].id]);
    expect(sql).toMatchSnapshot();
  });
});
