import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';

/** What an onboarding command did: made it, found it as asked, or found it different. */
export type OnboardingOutcome<T> =
  { kind: 'created'; value: T } | { kind: 'unchanged'; value: T } | { kind: 'different'; existing: T };

export interface ClientRecord {
  id: string;
  name: string;
}

export interface PackageRecord {
  id: string;
  clientId: string;
  name: string;
  processes: string[];
}

/**
 * Clients and packages, as the operator's `npm run admin` makes them (docs/operations.md,
 * "Onboarding a customer"): creating what exists already with the same values changes nothing,
 * with other values changes nothing either and says what is there.
 */
@Injectable()
export class OnboardingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async clientExists(id: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource, `SELECT 1 FROM client WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  async createClient(client: ClientRecord): Promise<OnboardingOutcome<ClientRecord>> {
    const inserted = await queryRows<ClientRecord>(
      this.dataSource,
      `INSERT INTO client (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id, name`,
      [client.id, client.name],
    );
    if (inserted[0]) return { kind: 'created', value: inserted[0] };
    const [existing] = await queryRows<ClientRecord>(
      this.dataSource,
      `SELECT id, name FROM client WHERE id = $1`,
      [client.id],
    );
    return existing.name === client.name
      ? { kind: 'unchanged', value: existing }
      : { kind: 'different', existing };
  }

  async createPackage(pkg: PackageRecord): Promise<OnboardingOutcome<PackageRecord>> {
    const columns = `id, client_id AS "clientId", name, processes`;
    const inserted = await queryRows<PackageRecord>(
      this.dataSource,
      `INSERT INTO package (id, client_id, name, processes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING ${columns}`,
      [pkg.id, pkg.clientId, pkg.name, pkg.processes],
    );
    if (inserted[0]) return { kind: 'created', value: inserted[0] };
    const [existing] = await queryRows<PackageRecord>(
      this.dataSource,
      `SELECT ${columns} FROM package WHERE id = $1`,
      [pkg.id],
    );
    const same =
      existing.clientId === pkg.clientId &&
      existing.name === pkg.name &&
      existing.processes.join('\n') === pkg.processes.join('\n');
    return same ? { kind: 'unchanged', value: existing } : { kind: 'different', existing };
  }
}
