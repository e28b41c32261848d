import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement, type RowOf } from './read-sql';

/** What an onboarding command did: made it, found it as asked, or found it different. */
export type OnboardingOutcome<T> =
  { kind: 'created'; value: T } | { kind: 'unchanged'; value: T } | { kind: 'different'; existing: T };

const CLIENT_FIELDS = { id: col('text', 'id'), name: col('text', 'name') };
export type ClientRecord = RowOf<typeof CLIENT_FIELDS>;

const PACKAGE_FIELDS = {
  id: col('text', 'id'),
  clientId: col('text', 'client_id'),
  name: col('text', 'name'),
  processes: col('text[]', 'processes'),
};
export type PackageRecord = RowOf<typeof PACKAGE_FIELDS>;

/** A row when the client exists (only how many rows come back is read, none of their values). */
export const CLIENT_EXISTS = hotStatement<never>()(
  'onboarding-client-exists',
  { id: scalar('text') },
  (q) => `SELECT 1 FROM client WHERE id = ${q.id}`,
);

/** A new client, answered; nothing (and no row) when its id is taken. */
export const INSERT_CLIENT = readStatement(
  'onboarding-insert-client',
  { id: scalar('text'), name: scalar('text') },
  CLIENT_FIELDS,
  (q, select) =>
    `INSERT INTO client (id, name) VALUES (${q.id}, ${q.name}) ON CONFLICT (id) DO NOTHING RETURNING ${select}`,
);

/** A client as stored. */
export const READ_CLIENT = readStatement(
  'onboarding-client',
  { id: scalar('text') },
  CLIENT_FIELDS,
  (q, select) => `SELECT ${select} FROM client WHERE id = ${q.id}`,
);

/** A new package, answered; nothing (and no row) when its id is taken. */
export const INSERT_PACKAGE = readStatement(
  'onboarding-insert-package',
  { id: scalar('text'), clientId: scalar('text'), name: scalar('text'), processes: scalar('text[]') },
  PACKAGE_FIELDS,
  (
    q,
    select,
  ) => `INSERT INTO package (id, client_id, name, processes) VALUES (${q.id}, ${q.clientId}, ${q.name}, ${q.processes})
ON CONFLICT (id) DO NOTHING RETURNING ${select}`,
);

/** A package as stored. */
export const READ_PACKAGE = readStatement(
  'onboarding-package',
  { id: scalar('text') },
  PACKAGE_FIELDS,
  (q, select) => `SELECT ${select} FROM package WHERE id = ${q.id}`,
);

/**
 * Clients and packages, as the operator's `npm run admin` makes them (docs/operations.md,
 * "Onboarding a customer"): creating what exists already with the same values changes nothing,
 * with other values changes nothing either and says what is there.
 */
@Injectable()
export class OnboardingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async clientExists(id: string): Promise<boolean> {
    const rows = await CLIENT_EXISTS.query(this.dataSource, { id });
    return rows.length > 0;
  }

  async createClient(client: ClientRecord): Promise<OnboardingOutcome<ClientRecord>> {
    const inserted = await INSERT_CLIENT.query(this.dataSource, client);
    if (inserted[0]) return { kind: 'created', value: inserted[0] };
    const [existing] = await READ_CLIENT.query(this.dataSource, { id: client.id });
    return existing.name === client.name
      ? { kind: 'unchanged', value: existing }
      : { kind: 'different', existing };
  }

  async createPackage(pkg: PackageRecord): Promise<OnboardingOutcome<PackageRecord>> {
    const inserted = await INSERT_PACKAGE.query(this.dataSource, pkg);
    if (inserted[0]) return { kind: 'created', value: inserted[0] };
    const [existing] = await READ_PACKAGE.query(this.dataSource, { id: pkg.id });
    const same =
      existing.clientId === pkg.clientId &&
      existing.name === pkg.name &&
      existing.processes.join('\n') === pkg.processes.join('\n');
    return same ? { kind: 'unchanged', value: existing } : { kind: 'different', existing };
  }
}
