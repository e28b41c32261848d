jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, MEDIUM_PASSWORD_HASH, mediumDatabase } from '../medium/medium-database.fixture';
import { UserRepository } from './user.repository';

const db = mediumDatabase();

describe('UserRepository (medium)', () => {
  let repo: UserRepository;

  beforeAll(() => {
    repo = new UserRepository(db.dataSource);
  });

  it('findByEmailWithClients: trimmed and lower-cased; active clients, default first', async () => {
    const { result, sql } = await db.record(() => repo.findByEmailWithClients('  Multi@Acme.test '));
    expect(result).toEqual({
      id: await demoUserId(db, 'multi@acme.test'),
      email: 'multi@acme.test',
      passwordHash: MEDIUM_PASSWORD_HASH,
      name: 'Multi Client',
      profile: 'admin',
      photoUrl: '',
      defaultClientId: 'acme',
      clientIds: ['acme', 'globex'],
    });
    expect(await repo.findByEmailWithClients('nobody@example.com')).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('findByIdWithClients: no active membership, no default client', async () => {
    const id = await demoUserId(db, 'viewer@acme.test');
    await db.rows(`UPDATE user_client SET status = 'disabled' WHERE user_id = $1`, [id]);
    const { result, sql } = await db.record(() => repo.findByIdWithClients(id));
    expect(result).toMatchObject({ id, defaultClientId: '', clientIds: [] });
    expect(sql).toMatchSnapshot();
  });

  it('recordSignIn', async () => {
    const id = await demoUserId(db, 'demo@acme.test');
    const sql = await db.sqlOf(() => repo.recordSignIn(id));
    const [row] = await db.rows<{ signed: boolean }>(
      `SELECT last_sign_in_at IS NOT NULL AS signed FROM app_user WHERE id = $1`,
      [id],
    );
    expect(row.signed).toBe(true);
    expect(sql).toMatchSnapshot();
  });
});
