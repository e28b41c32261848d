import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { PackageEntity } from '../entities';

/** Packages change rarely (seeded or provisioned); registration reads them on every call. */
const CACHE_TTL_MS = 10_000;

@Injectable()
export class PackageRepository {
  private readonly cache = new Map<string, { pkg: PackageEntity | null; at: number }>();

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
    const now = Date.now();
    let cached = this.cache.get(packageId);
    if (!cached || now - cached.at > CACHE_TTL_MS) {
      if (this.cache.size > 10_000) this.cache.clear();
      const pkg = await this.dataSource.getRepository(PackageEntity).findOne({ where: { id: packageId } });
      cached = { pkg, at: now };
      this.cache.set(packageId, cached);
    }
    return cached.pkg && clientIds.includes(cached.pkg.clientId) ? cached.pkg : null;
  }
}
