jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { PackageRepository } from './package.repository';

const db = mediumDatabase();

describe('PackageRepository (medium)', () => {
  let repo: PackageRepository;

  beforeAll(() => {
    repo = new PackageRepository(db.dataSource);
  });

  it('listForClients: the clients’ packages by id', async () => {
    const { result, sql } = await db.record(() => repo.listForClients(['acme']));
    expect(result.map((p) => p.id)).toEqual(['PKG-ACME-BASIC', 'PKG-ACME-FULL']);
    expect(result[0]).toMatchObject({ clientId: 'acme', name: 'Acme: basic screening' });
    expect(sql).toMatchSnapshot();
  });

  it('findForClients: another client’s package looks absent; the answer is cached', async () => {
    const { result, sql } = await db.record(() => repo.findForClients('PKG-GLOBEX-FULL', ['globex']));
    expect(result).toMatchObject({ id: 'PKG-GLOBEX-FULL', clientId: 'globex' });
    expect(await db.sqlOf(() => repo.findForClients('PKG-GLOBEX-FULL', ['acme']))).toEqual([]);
    expect(await repo.findForClients('PKG-GLOBEX-FULL', ['acme'])).toBeNull();
    expect(await repo.findForClients('PKG-NONE', ['acme'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });
});
