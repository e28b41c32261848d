import { PackageRepository } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';

/** A package a caller can register candidates against, with its processes in order. */
export interface PackageView {
  id: string;
  name: string;
  clientId: string;
  processes: string[];
}

/** Every package of every client assigned to the caller. */
export class ListPackagesUseCase {
  constructor(private readonly packages: PackageRepository) {}

  async execute(user: AuthUser): Promise<PackageView[]> {
    const packages = await this.packages.listForClients(user.clients);
    return packages.map(({ id, name, clientId, processes }) => ({ id, name, clientId, processes }));
  }
}
