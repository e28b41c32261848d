import { PROCESS_NAMES } from '@app/domain';
import type { PackageRepository } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { ListPackagesUseCase } from './list-packages.use-case';
import { testUser } from '../auth/test-users.fixture';

const PACKAGES = [
  { id: 'PKG-A', clientId: 'acme', name: 'A', processes: [...PROCESS_NAMES], createdAt: new Date() },
  { id: 'PKG-G', clientId: 'globex', name: 'G', processes: [PROCESS_NAMES[0]], createdAt: new Date() },
];

describe('ListPackagesUseCase', () => {
  it("answers the packages of the caller's clients only, with their processes in order and nothing else", async () => {
    const packages = {
      listForClients: async (clients: string[]) => PACKAGES.filter((p) => clients.includes(p.clientId)),
    };
    const useCase = new ListPackagesUseCase(packages as unknown as PackageRepository);
    const user: AuthUser = testUser({ userId: 'u-1', client: 'acme', clients: ['acme'], sessionId: 's-1' });
    expect(await useCase.execute(user)).toEqual([
      { id: 'PKG-A', clientId: 'acme', name: 'A', processes: [...PROCESS_NAMES] },
    ]);
    expect(await useCase.execute({ ...user, clients: ['acme', 'globex'] })).toHaveLength(2);
  });
});
