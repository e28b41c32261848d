jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { AuthSessionRepository } from './auth-session.repository';

const db = mediumDatabase();

describe('AuthSessionRepository (medium)', () => {
  let repo: AuthSessionRepository;
  let user: string;
  const later = () => new Date(Date.now() + 3_600_000);
  const session = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  beforeAll(async () => {
    repo = new AuthSessionRepository(db.dataSource);
    user = await demoUserId(db, 'multi@acme.test');
  });

  it('startSession: the session and its first refresh token, in one transaction', async () => {
    const sql = await db.sqlOf(() => repo.startSession(session(1), user, 'rt-1', later()));
    const rows = await db.rows(
      `SELECT s.user_id, t.token_hash FROM auth_session s JOIN refresh_token t ON t.session_id = s.id WHERE s.id = $1`,
      [session(1)],
    );
    expect(rows).toEqual([{ user_id: user, token_hash: 'rt-1' }]);
    expect(sql).toMatchSnapshot();
  });

  it('rotate: rotated once; the old token again is a reuse; unknown or expired is invalid', async () => {
    await repo.startSession(session(2), user, 'rt-2a', later());
    const { result, sql } = await db.record(() => repo.rotate('rt-2a', 'rt-2b', later()));
    expect(result).toEqual({ kind: 'rotated', sessionId: session(2), userId: user });
    expect(await repo.rotate('rt-2a', 'rt-2c', later())).toEqual({ kind: 'reused', sessionId: session(2) });
    expect(await repo.rotate('no-such', 'x', later())).toEqual({ kind: 'invalid' });
    await repo.startSession(session(3), user, 'rt-3', new Date(Date.now() - 1000));
    expect(await repo.rotate('rt-3', 'rt-3b', later())).toEqual({ kind: 'invalid' });
    expect(sql).toMatchSnapshot();
  });

  it('revokeByToken and revokeSession: the family is revoked and rotates no more', async () => {
    await repo.startSession(session(4), user, 'rt-4', later());
    const { result, sql } = await db.record(() => repo.revokeByToken('rt-4', 'signed out'));
    expect(result).toBe(session(4));
    const [row] = await db.rows(`SELECT revoked_reason FROM auth_session WHERE id = $1`, [session(4)]);
    expect(row).toEqual({ revoked_reason: 'signed out' });
    expect(await repo.rotate('rt-4', 'rt-4b', later())).toEqual({ kind: 'invalid' });
    expect(await repo.revokeByToken('no-such', 'x')).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('findActiveSessionGrant: the user’s active clients, default first, with roles; null once revoked', async () => {
    await repo.startSession(session(5), user, 'rt-5', later());
    const { result, sql } = await db.record(() => repo.findActiveSessionGrant(session(5)));
    expect(result).toEqual({
      userId: user,
      email: 'multi@acme.test',
      client: 'acme',
      clients: ['acme', 'globex'],
      roles: { acme: 'admin', globex: 'admin' },
    });
    await db.rows(`UPDATE user_client SET status = 'disabled' WHERE user_id = $1`, [user]);
    expect(await repo.findActiveSessionGrant(session(5))).toBeNull();
    await db.rows(`UPDATE user_client SET status = 'active' WHERE user_id = $1`, [user]);
    const revoke = await db.sqlOf(() => repo.revokeSession(session(5), 'admin'));
    expect(await repo.findActiveSessionGrant(session(5))).toBeNull();
    expect({ findActiveSessionGrant: sql, revokeSession: revoke }).toMatchSnapshot();
  });
});
