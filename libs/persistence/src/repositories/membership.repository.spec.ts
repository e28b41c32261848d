jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { invitationRefusal, membershipChangeRefusal } from '@app/domain';
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { AuthSessionRepository } from './auth-session.repository';
import { MembershipRepository } from './membership.repository';

const db = mediumDatabase();

describe('MembershipRepository (medium)', () => {
  let repo: MembershipRepository;
  let sessions: AuthSessionRepository;
  const inFuture = () => Date.now() + 3_600_000;
  const invite = (email: string, tokenHash: string, role: 'viewer' | 'analyst' | 'admin' = 'analyst') =>
    repo.invite({ email, clientId: 'acme', role, tokenHash, expiresAt: inFuture() }, (existing) =>
      invitationRefusal(existing, email),
    );

  beforeAll(() => {
    repo = new MembershipRepository(db.dataSource);
    sessions = new AuthSessionRepository(db.dataSource);
  });

  it('page and all: a client’s members by e-mail, with the total', async () => {
    const { result, sql } = await db.record(() => repo.page('acme', 2, 1));
    expect(result.total).toBe(4);
    expect(result.data.map((m) => m.email)).toEqual(['demo@acme.test', 'multi@acme.test']);
    expect(result.data[0]).toEqual({
      id: expect.any(String),
      email: 'demo@acme.test',
      role: 'admin',
      status: 'active',
      lastSignInAt: null,
      createdAt: expect.any(Number),
    });
    const all = await db.record(() => repo.all('globex'));
    expect(all.result.map((m) => m.email)).toEqual(['multi@acme.test', 'ops@globex.test']);
    expect({ page: sql, all: all.sql }).toMatchSnapshot();
  });

  it('member, memberByEmail and clientName: one client’s view only', async () => {
    const viewer = await demoUserId(db, 'viewer@acme.test');
    const { result, sql } = await db.record(() => repo.member(viewer, 'acme'));
    expect(result).toMatchObject({ id: viewer, email: 'viewer@acme.test', role: 'viewer' });
    expect(await repo.member(viewer, 'globex')).toBeNull();
    const byEmail = await db.record(() => repo.memberByEmail('ops@globex.test', 'globex'));
    expect(byEmail.result).toMatchObject({ email: 'ops@globex.test', role: 'admin' });
    const name = await db.record(() => repo.clientName('globex'));
    expect(name.result).toBe('Globex Logística');
    expect(await repo.clientName('nobody')).toBeNull();
    expect({ member: sql, memberByEmail: byEmail.sql, clientName: name.sql }).toMatchSnapshot();
  });

  it('invite: a new person gets a user without password and an invited membership; a member is refused', async () => {
    const { result, sql } = await db.record(() => invite('new.person@example.com', 'inv-1'));
    expect(result).toMatchObject({
      email: 'new.person@example.com',
      role: 'analyst',
      clientId: 'acme',
      clientName: 'Acme Recursos Humanos',
    });
    const [user] = await db.rows(`SELECT password_hash, name FROM app_user WHERE id = $1`, [result!.userId]);
    expect(user).toEqual({ password_hash: null, name: 'new.person@example.com' });
    expect((await repo.member(result!.userId, 'acme'))?.status).toBe('invited');
    await expect(invite('demo@acme.test', 'inv-refused')).rejects.toThrow('already a member');
    expect(await db.rows(`SELECT 1 FROM user_invitation WHERE token_hash = 'inv-refused'`)).toHaveLength(0);
    expect(
      await repo.invite(
        { email: 'x@example.com', clientId: 'nobody', role: 'viewer', tokenHash: 't', expiresAt: inFuture() },
        () => null,
      ),
    ).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('invitationByToken and accept: the link works once; a second invitation retires the first', async () => {
    await invite('twice@example.com', 'inv-old');
    await invite('twice@example.com', 'inv-new', 'viewer');
    const { result, sql } = await db.record(() => repo.invitationByToken('inv-new'));
    expect(result).toEqual({
      userId: expect.any(String),
      email: 'twice@example.com',
      clientId: 'acme',
      usedAt: null,
      expiresAt: expect.any(Number),
      memberStatus: 'invited',
    });
    expect((await repo.invitationByToken('inv-old'))?.usedAt).toEqual(expect.any(Number));
    expect(await repo.accept('inv-old', 'pw')).toBeNull();
    const accepted = await db.record(() => repo.accept('inv-new', 'pw-hash'));
    expect(accepted.result).toBe(result!.userId);
    expect(await repo.member(result!.userId, 'acme')).toMatchObject({ status: 'active', role: 'viewer' });
    const [user] = await db.rows(`SELECT password_hash, default_client_id FROM app_user WHERE id = $1`, [
      result!.userId,
    ]);
    expect(user).toEqual({ password_hash: 'pw-hash', default_client_id: 'acme' });
    expect(await repo.accept('inv-new', 'pw-again')).toBeNull();
    expect(await repo.invitationByToken('no-such')).toBeNull();
    expect({ invitationByToken: sql, accept: accepted.sql }).toMatchSnapshot();
  });

  it('change: disabling ends the member’s sessions; the last active admin cannot step down', async () => {
    const analyst = await demoUserId(db, 'analyst@acme.test');
    await sessions.startSession(
      '00000000-0000-4000-8000-00000000a001',
      analyst,
      'rt-analyst',
      new Date(inFuture()),
    );
    const { result, sql } = await db.record(() =>
      repo.change(analyst, 'acme', { status: 'disabled' }, (current, others) =>
        membershipChangeRefusal(current, { status: 'disabled' }, others),
      ),
    );
    expect(result?.member).toMatchObject({ id: analyst, status: 'disabled' });
    expect(result?.endedSessions).toEqual(['00000000-0000-4000-8000-00000000a001']);
    const ops = await demoUserId(db, 'ops@globex.test');
    const multi = await demoUserId(db, 'multi@acme.test');
    await repo.change(multi, 'globex', { role: 'viewer' }, () => null);
    await expect(
      repo.change(ops, 'globex', { role: 'viewer' }, (current, others) =>
        membershipChangeRefusal(current, { role: 'viewer' }, others),
      ),
    ).rejects.toThrow('last active admin');
    expect((await repo.member(ops, 'globex'))?.role).toBe('admin');
    expect(await repo.change(ops, 'acme', { role: 'viewer' }, () => null)).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('disableEverywhere: every membership disabled, open invitations and sessions ended', async () => {
    const multi = await demoUserId(db, 'multi@acme.test');
    await sessions.startSession(
      '00000000-0000-4000-8000-00000000a002',
      multi,
      'rt-multi',
      new Date(inFuture()),
    );
    const { result, sql } = await db.record(() => repo.disableEverywhere('multi@acme.test'));
    expect(result).toEqual({
      userId: multi,
      clientIds: ['acme', 'globex'],
      changed: true,
      endedSessions: ['00000000-0000-4000-8000-00000000a002'],
    });
    expect((await repo.disableEverywhere('multi@acme.test'))?.changed).toBe(false);
    expect(await repo.disableEverywhere('nobody@example.com')).toBeNull();
    expect(sql).toMatchSnapshot();
  });
});
