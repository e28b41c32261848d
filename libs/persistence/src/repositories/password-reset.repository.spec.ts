jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { AuthSessionRepository } from './auth-session.repository';
import { PasswordResetRepository } from './password-reset.repository';

const db = mediumDatabase();

describe('PasswordResetRepository (medium)', () => {
  let repo: PasswordResetRepository;
  const inFuture = () => Date.now() + 3_600_000;

  beforeAll(() => {
    repo = new PasswordResetRepository(db.dataSource);
  });

  it('open: a reset for an active person retires the one before; nothing for an unknown e-mail', async () => {
    const user = await demoUserId(db, 'viewer@acme.test');
    await repo.open('viewer@acme.test', 'reset-old', inFuture());
    const { result, sql } = await db.record(() => repo.open('viewer@acme.test', 'reset-new', inFuture()));
    expect(result).toEqual({ userId: user });
    const rows = await db.rows(
      `SELECT token_hash, used_at IS NOT NULL AS used FROM password_reset WHERE user_id = $1 ORDER BY created_at, token_hash`,
      [user],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { token_hash: 'reset-old', used: true },
        { token_hash: 'reset-new', used: false },
      ]),
    );
    expect(await repo.open('nobody@example.com', 'reset-x', inFuture())).toBeNull();
    expect(await db.rows(`SELECT 1 FROM password_reset WHERE token_hash = 'reset-x'`)).toHaveLength(0);
    expect(sql).toMatchSnapshot();
  });

  it('byToken: the person, their default active client, and the link’s dates', async () => {
    await repo.open('multi@acme.test', 'reset-multi', inFuture());
    const { result, sql } = await db.record(() => repo.byToken('reset-multi'));
    expect(result).toEqual({
      userId: await demoUserId(db, 'multi@acme.test'),
      email: 'multi@acme.test',
      clientId: 'acme',
      usedAt: null,
      expiresAt: expect.any(Number),
    });
    expect(await repo.byToken('no-such')).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('complete: sets the password and ends every session, once; an expired link does nothing', async () => {
    const user = await demoUserId(db, 'analyst@acme.test');
    await new AuthSessionRepository(db.dataSource).startSession(
      '00000000-0000-4000-8000-0000000000c1',
      user,
      'rt-reset',
      new Date(inFuture()),
    );
    await repo.open('analyst@acme.test', 'reset-complete', inFuture());
    const { result, sql } = await db.record(() => repo.complete('reset-complete', 'new-hash'));
    expect(result).toEqual({ userId: user, endedSessions: ['00000000-0000-4000-8000-0000000000c1'] });
    const [row] = await db.rows(`SELECT password_hash FROM app_user WHERE id = $1`, [user]);
    expect(row).toEqual({ password_hash: 'new-hash' });
    expect(await repo.complete('reset-complete', 'again')).toBeNull();
    await repo.open('analyst@acme.test', 'reset-expired', Date.now() - 1000);
    expect(await repo.complete('reset-expired', 'late')).toBeNull();
    expect(sql).toMatchSnapshot();
  });
});
