jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { OnboardingRepository } from './onboarding.repository';

const db = mediumDatabase();

describe('OnboardingRepository (medium)', () => {
  let repo: OnboardingRepository;

  beforeAll(() => {
    repo = new OnboardingRepository(db.dataSource);
  });

  it('clientExists', async () => {
    const { result, sql } = await db.record(() => repo.clientExists('acme'));
    expect(result).toBe(true);
    expect(await repo.clientExists('initech')).toBe(false);
    expect(sql).toMatchSnapshot();
  });

  it('createClient: created, then unchanged with the same name, different with another', async () => {
    const { result, sql } = await db.record(() => repo.createClient({ id: 'initech', name: 'Initech' }));
    expect(result).toEqual({ kind: 'created', value: { id: 'initech', name: 'Initech' } });
    const again = await db.record(() => repo.createClient({ id: 'initech', name: 'Initech' }));
    expect(again.result).toEqual({ kind: 'unchanged', value: { id: 'initech', name: 'Initech' } });
    expect(await repo.createClient({ id: 'initech', name: 'Initrode' })).toEqual({
      kind: 'different',
      existing: { id: 'initech', name: 'Initech' },
    });
    const rows = await db.rows(`SELECT name FROM client WHERE id = 'initech'`);
    expect(rows).toEqual([{ name: 'Initech' }]);
    expect({ created: sql, existing: again.sql }).toMatchSnapshot();
  });

  it('createPackage: created, unchanged, or different processes reported', async () => {
    const pkg = {
      id: 'PKG-INITECH',
      clientId: 'initech',
      name: 'Initech basic',
      processes: ['Peps', 'BGC Legal'],
    };
    const { result, sql } = await db.record(() => repo.createPackage(pkg));
    expect(result).toEqual({ kind: 'created', value: pkg });
    const again = await db.record(() => repo.createPackage(pkg));
    expect(again.result).toEqual({ kind: 'unchanged', value: pkg });
    expect(await repo.createPackage({ ...pkg, processes: ['Peps'] })).toEqual({
      kind: 'different',
      existing: pkg,
    });
    expect({ created: sql, existing: again.sql }).toMatchSnapshot();
  });
});
