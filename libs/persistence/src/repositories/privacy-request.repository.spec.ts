jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { ConflictError, type DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedRequest } from '../medium/seed.fixture';
import { EventRepository } from './event.repository';
import { type NewPrivacyRequest, PrivacyRequestRepository } from './privacy-request.repository';

const db = mediumDatabase();

describe('PrivacyRequestRepository (medium)', () => {
  let repo: PrivacyRequestRepository;
  const request = (over: Partial<NewPrivacyRequest> = {}): NewPrivacyRequest => ({
    clientId: 'acme',
    right: 'access',
    subject: { rfc: 'PELJ900517AB1', name: 'Juan', lastName: 'Pérez' },
    subjectRfc: 'PELJ900517AB1',
    subjectCurp: null,
    subjectNameKey: 'juan perez',
    subjectBirthDate: '1990-05-17',
    receivedAt: '2026-03-02',
    dueDate: '2026-03-24',
    dueSoonDate: '2026-03-20',
    channel: 'email',
    details: null,
    matches: [],
    createdBy: 'demo@acme.test',
    ...over,
  });
  const received = (id: string): DomainEvent[] =>
    [{ type: 'privacy_request.received', data: { privacyRequestId: id } }] as unknown as DomainEvent[];

  beforeAll(() => {
    repo = new PrivacyRequestRepository(db.dataSource, new EventRepository(db.dataSource));
  });

  it('create: the request and its events in one transaction', async () => {
    const { result, sql } = await db.record(() => repo.create(request({ details: 'by mail' }), received));
    expect(result).toEqual({
      id: expect.any(String),
      right: 'access',
      status: 'open',
      subject: { rfc: 'PELJ900517AB1', name: 'Juan', lastName: 'Pérez' },
      receivedAt: '2026-03-02',
      dueDate: '2026-03-24',
      channel: 'email',
      details: 'by mail',
      matches: [],
      decision: null,
      reason: null,
      changes: null,
      createdAt: expect.any(Number),
      resolvedAt: null,
    });
    expect(
      await db.rows(`SELECT client_id FROM event WHERE data->>'privacyRequestId' = $1`, [result.id]),
    ).toEqual([{ client_id: 'acme' }]);
    expect(sql).toMatchSnapshot();
  });

  it('find and page: scoped to the client, newest first, by status', async () => {
    const created = await repo.create(request({ right: 'opposition' }), () => []);
    const { result, sql } = await db.record(() => repo.find(created.id, ['acme']));
    expect(result).toMatchObject({ id: created.id, right: 'opposition', clientId: 'acme' });
    expect(await repo.find(created.id, ['globex'])).toBeNull();
    const page = await db.record(() => repo.page('acme', { status: 'open', page: 1, limit: 1 }));
    expect(page.result.total).toBe(2);
    expect(page.result.rows.map((r) => r.id)).toEqual([created.id]);
    expect((await repo.page('acme', { status: 'resolved', page: 1, limit: 10 })).total).toBe(0);
    expect({ find: sql, page: page.sql }).toMatchSnapshot();
  });

  it('candidatesLike, searchesNamed and monitorsOf: narrow the client’s data to the subject', async () => {
    const seeded = await seedRequest(db, { rfc: 'GOMA800101XY2', name: 'Ana', lastName: 'Gómez' });
    await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test', rfc: 'GOMA800101XY2' });
    const { result, sql } = await db.record(() =>
      repo.candidatesLike('acme', { rfcs: ['GOMA800101XY2'], curps: [], birthDate: null }),
    );
    expect(result).toEqual([
      {
        requestId: seeded.requestId,
        personType: 'individual',
        name: 'Ana',
        lastName: 'Gómez',
        secondLastName: 'López',
        birthDate: '1990-05-17',
        rfc: 'GOMA800101XY2',
        curp: null,
      },
    ]);
    expect(
      await db.sqlOf(() => repo.candidatesLike('acme', { rfcs: [], curps: [], birthDate: null })),
    ).toEqual([]);
    const searches = await db.record(() => repo.searchesNamed('acme', 'ana gomez'));
    expect(searches.result).toEqual([]);
    const monitors = await db.record(() => repo.monitorsOf('acme', [seeded.requestId]));
    expect(monitors.result).toEqual([]);
    expect(await repo.monitorsOf('acme', [])).toEqual([]);
    expect({ candidatesLike: sql, searchesNamed: searches.sql, monitorsOf: monitors.sql }).toMatchSnapshot();
  });

  it('resolve: effects and the resolution in one transaction; a resolved request is refused', async () => {
    const created = await repo.create(request({ right: 'opposition' }), () => []);
    const refuse = (current: { status: string }) =>
      current.status === 'resolved' ? new ConflictError('resolved already') : null;
    const touched: string[] = [];
    const { result, sql } = await db.record(() =>
      repo.resolve(
        { id: created.id, clientIds: ['acme'] },
        { decision: 'granted', reason: 'ok', changes: null, matches: [], resolvedBy: 'demo@acme.test' },
        refuse,
        async (_tx, current) => {
          touched.push(current.clientId);
        },
        received(created.id),
      ),
    );
    expect(result).toMatchObject({ id: created.id, status: 'resolved', decision: 'granted', reason: 'ok' });
    expect(result?.resolvedAt).toEqual(expect.any(Number));
    expect(touched).toEqual(['acme']);
    await expect(
      repo.resolve(
        { id: created.id, clientIds: ['acme'] },
        { decision: 'denied', reason: 'no', changes: null, matches: [], resolvedBy: 'x' },
        refuse,
        async () => undefined,
        [],
      ),
    ).rejects.toThrow('resolved already');
    expect(
      await repo.resolve(
        { id: created.id, clientIds: ['globex'] },
        { decision: 'denied', reason: '', changes: null, matches: [], resolvedBy: 'x' },
        refuse,
        async () => undefined,
        [],
      ),
    ).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('grantedOppositionsLike: granted oppositions sharing an identifier with the candidate', async () => {
    const { result, sql } = await db.record(() =>
      repo.grantedOppositionsLike('acme', { rfcs: ['PELJ900517AB1'], curps: [], birthDate: null }),
    );
    expect(result).toHaveLength(1);
    expect(result[0].subject).toMatchObject({ rfc: 'PELJ900517AB1' });
    expect(
      await repo.grantedOppositionsLike('globex', { rfcs: ['PELJ900517AB1'], curps: [], birthDate: null }),
    ).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('rectifyCandidates: only the known fields are written, and the lifecycle version moves', async () => {
    const seeded = await seedRequest(db);
    const { result, sql } = await db.record(() =>
      repo.rectifyCandidates(db.dataSource, 'acme', [seeded.requestId], {
        lastName: 'Peres',
        unknownField: 'x',
      }),
    );
    expect(result).toEqual([seeded.requestId]);
    const [row] = await db.rows(
      `SELECT c.last_name, r.lifecycle_version FROM candidate c JOIN candidate_request r ON r.id = c.request_id WHERE r.id = $1`,
      [seeded.requestId],
    );
    expect(row).toEqual({ last_name: 'Peres', lifecycle_version: 1 });
    expect(
      await repo.rectifyCandidates(db.dataSource, 'globex', [seeded.requestId], { lastName: 'X' }),
    ).toEqual([]);
    expect(
      await db.sqlOf(() => repo.rectifyCandidates(db.dataSource, 'acme', [seeded.requestId], { nope: 'x' })),
    ).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('announceDueSoon: each open request due soon is announced once, with its events', async () => {
    const created = await repo.create(request({ dueSoonDate: '2026-03-10' }), () => []);
    await db.rows(`UPDATE privacy_request SET due_soon_announced_at = now() WHERE id <> $1`, [created.id]);
    const { result, sql } = await db.record(() =>
      repo.announceDueSoon(
        '2026-03-10',
        (due) =>
          [
            { type: 'privacy_request.due_soon', data: { privacyRequestId: due.id } },
          ] as unknown as DomainEvent[],
      ),
    );
    expect(result).toEqual([{ id: created.id, clientId: 'acme', right: 'access' }]);
    expect(await repo.announceDueSoon('2026-03-11', () => [])).toEqual([]);
    expect(await db.rows(`SELECT 1 FROM event WHERE type = 'privacy_request.due_soon'`)).toHaveLength(1);
    expect(sql).toMatchSnapshot();
  });
});
