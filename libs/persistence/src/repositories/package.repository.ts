import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { PackageEntity } from '../entities';

@Injectable()
export class PackageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The packages of the given clients, by id. */
  listForClients(clientIds: string[]): Promise<PackageEntity[]> {
    return this.dataSource
      .getRepository(PackageEntity)
      .find({ where: { clientId: In(clientIds) }, order: { id: 'ASC' } });
  }

  /** A package only when it belongs to one of the clients: another client's package looks absent. */
  findForClients(packageId: string, clientIds: string[]): Promise<PackageEntity | null> {
    return this.dataSource
      .getRepository(PackageEntity)
      .findOne({ where: { id: packageId, clientId: In(clientIds) } });
  }
}
