import { Injectable } from '@nestjs/common';
import { BoundedCache } from '@app/domain';
import { DataSource, In } from 'typeorm';
import { PackageEntity } from '../entities';

/** Packages change rarely (seeded or provisioned); registration reads them on every call. */
const CACHE_TTL_MS = 10_000;

@Injectable()
export class PackageRepository {
  /** Null: no such package. */
  private readonly cache = new BoundedCache<string, PackageEntity | null>({
    maxEntries: 10_000,
    ttlMs: CACHE_TTL_MS,
  });

  constructor(private readonly dataSource: DataSource) {}

  /** The packages of the given clients, by id. */
  listForClients(clientIds: string[]): Promise<PackageEntity[]> {
    return this.dataSource
      .getRepository(PackageEntity)
      .find({ where: { clientId: In(clientIds) }, order: { id: 'ASC' } });
  }

  /**
   * A package only when it belongs to one of the clients: another client's package looks absent.
   * Answers may be up to CACHE_TTL_MS old.
   */
  async findForClients(packageId: string, clientIds: string[]): Promise<PackageEntity | null> {
    let pkg = this.cache.get(packageId);
    if (pkg === undefined) {
      pkg = await this.dataSource.getRepository(PackageEntity).findOne({ where: { id: packageId } });
      this.cache.set(packageId, pkg);
    }
    return pkg && clientIds.includes(pkg.clientId) ? pkg : null;
  }
}
