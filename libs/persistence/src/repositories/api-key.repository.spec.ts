jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { ApiKeyRepository } from './api-key.repository';

const db = mediumDatabase();

describe('ApiKeyRepository (medium)', () => {
  let repo: ApiKeyRepository;
  let admin: string;
  const key = (over: Partial<Parameters<ApiKeyRepository['create']>[0]> = {}) => ({
    clientId: 'acme',
    name: 'ATS sync',
    role: 'analyst' as const,
    prefix: 'sk_abc',
    hash: `hash-${Math.random()}`,
    createdBy: admin,
    expiresAt: null,
    ...over,
  });

  beforeAll(async () => {
    repo = new ApiKeyRepository(db.dataSource);
    admin = await demoUserId(db, 'demo@acme.test');
  });

  it('create: stores the key and answers its view, never its hash', async () => {
    const expiresAt = Date.parse('2030-01-01T00:00:00Z');
    const { result, sql } = await db.record(() => repo.create(key({ hash: 'h-create', expiresAt })));
    expect(result).toEqual({
      id: expect.any(String),
      clientId: 'acme',
      name: 'ATS sync',
      role: 'analyst',
      prefix: 'sk_abc',
      createdAt: expect.any(Number),
      expiresAt,
      lastUsedAt: null,
    });
    expect(result).not.toHaveProperty('hash');
    const [row] = await db.rows(`SELECT key_hash, created_by FROM api_key WHERE id = $1`, [result.id]);
    expect(row).toEqual({ key_hash: 'h-create', created_by: admin });
    expect(sql).toMatchSnapshot();
  });

  it('listForClients: the clients’ keys not revoked, oldest first', async () => {
    const first = await repo.create(key({ name: 'first' }));
    const second = await repo.create(key({ name: 'second' }));
    const revoked = await repo.create(key({ name: 'revoked' }));
    await repo.revoke(revoked.id, ['acme']);
    const globex = await repo.create(key({ clientId: 'globex', name: 'globex' }));
    const { result, sql } = await db.record(() => repo.listForClients(['acme']));
    const ids = result.map((k) => k.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(revoked.id);
    expect(ids).not.toContain(globex.id);
    expect(sql).toMatchSnapshot();
  });

  it('revoke: only a key of the given clients, and only once', async () => {
    const created = await repo.create(key());
    expect(await repo.revoke(created.id, ['globex'])).toBe(false);
    const { result, sql } = await db.record(() => repo.revoke(created.id, ['acme']));
    expect(result).toBe(true);
    expect(await repo.revoke(created.id, ['acme'])).toBe(false);
    const [row] = await db.rows<{ revoked: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM api_key WHERE id = $1`,
      [created.id],
    );
    expect(row.revoked).toBe(true);
    expect(sql).toMatchSnapshot();
  });

  it('findByHash: the grant of a key, revoked or not; null for an unknown hash', async () => {
    const created = await repo.create(key({ hash: 'h-find', role: 'viewer' }));
    const { result, sql } = await db.record(() => repo.findByHash('h-find'));
    expect(result).toEqual({
      id: created.id,
      clientId: 'acme',
      role: 'viewer',
      createdBy: admin,
      expiresAt: null,
      revokedAt: null,
    });
    await repo.revoke(created.id, ['acme']);
    expect((await repo.findByHash('h-find'))?.revokedAt).toEqual(expect.any(Number));
    expect(await repo.findByHash('no-such-hash')).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('markUsed: keeps the latest use of each key; no statement for no keys', async () => {
    const created = await repo.create(key());
    const later = Date.parse('2026-06-02T00:00:00Z');
    const sql = await db.sqlOf(() => repo.markUsed([created.id], later));
    await repo.markUsed([created.id], Date.parse('2026-06-01T00:00:00Z'));
    const [view] = (await repo.listForClients(['acme'])).filter((k) => k.id === created.id);
    expect(view.lastUsedAt).toBe(later);
    expect(await db.sqlOf(() => repo.markUsed([], later))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });
});
