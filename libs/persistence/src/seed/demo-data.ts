import { DataSource } from 'typeorm';
import { PROCESS_NAMES, ClientRole } from '@app/domain';

const ALL_PROCESSES = [...PROCESS_NAMES];

/** The demo data (docs/behaviour.md, "Demo data"): QA and the tests rely on these exact values. */
export const DEMO_DATA = {
  clients: [
    { id: 'acme', name: 'Acme Recursos Humanos' },
    { id: 'globex', name: 'Globex Logística' },
  ],
  users: [
    {
      email: 'demo@acme.test',
      name: 'Demo Acme',
      profile: 'admin',
      defaultClient: 'acme',
      roles: { acme: 'admin' },
    },
    {
      email: 'multi@acme.test',
      name: 'Multi Client',
      profile: 'admin',
      defaultClient: 'acme',
      roles: { acme: 'admin', globex: 'admin' },
    },
    {
      email: 'ops@globex.test',
      name: 'Ops Globex',
      profile: 'admin',
      defaultClient: 'globex',
      roles: { globex: 'admin' },
    },
    {
      email: 'analyst@acme.test',
      name: 'Analista Acme',
      profile: 'analyst',
      defaultClient: 'acme',
      roles: { acme: 'analyst' },
    },
    {
      email: 'viewer@acme.test',
      name: 'Consulta Acme',
      profile: 'viewer',
      defaultClient: 'acme',
      roles: { acme: 'viewer' },
    },
  ] satisfies Array<{
    email: string;
    name: string;
    profile: string;
    defaultClient: string;
    roles: Record<string, ClientRole>;
  }>,
  packages: [
    { id: 'PKG-ACME-FULL', clientId: 'acme', name: 'Acme: complete screening', processes: ALL_PROCESSES },
    {
      id: 'PKG-ACME-BASIC',
      clientId: 'acme',
      name: 'Acme: basic screening',
      processes: ['Peps', 'Global Watch List', 'Listas negras del SAT', 'BGC Legal', 'BGC News'],
    },
    {
      id: 'PKG-GLOBEX-FULL',
      clientId: 'globex',
      name: 'Globex: complete screening',
      processes: ALL_PROCESSES,
    },
  ],
  /** Each demo client's privacy notice (docs/privacy.md, "Consent"): registrations cite it. */
  privacyNotices: [
    {
      clientId: 'acme',
      version: '2026-01',
      url: 'https://acme.example.com/aviso-de-privacidad',
      purposes: [
        { name: 'Evaluar la idoneidad del candidato para el puesto', kind: 'necessary' },
        { name: 'Verificar identidad, antecedentes legales y listas de riesgo', kind: 'necessary' },
        { name: 'Enviar ofertas de otras vacantes', kind: 'voluntary' },
      ],
    },
    {
      clientId: 'globex',
      version: '2026-01',
      url: 'https://globex.example.com/aviso-de-privacidad',
      purposes: [
        { name: 'Evaluar la idoneidad del candidato para el puesto', kind: 'necessary' },
        { name: 'Verificar identidad, antecedentes legales y listas de riesgo', kind: 'necessary' },
      ],
    },
  ],
} as const;

/**
 * Inserts the demo clients, users and packages. Idempotent: rows that exist are left as they are,
 * so running it twice (or racing two starts) changes nothing, and running it on a demo database
 * seeded before adds only the demo rows it lacks (the analyst and viewer users, the privacy notices).
 * @param passwordHash argon2id hash of the demo password, computed by the caller.
 */
export async function seedDemoData(dataSource: DataSource, passwordHash: string): Promise<void> {
  await dataSource.transaction(async (tx) => {
    for (const client of DEMO_DATA.clients) {
      await tx.query(`INSERT INTO client (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
        client.id,
        client.name,
      ]);
    }
    for (const user of DEMO_DATA.users) {
      const rows: Array<{ id: string }> = await tx.query(
        `INSERT INTO app_user (email, password_hash, name, profile, default_client_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
        [user.email, passwordHash, user.name, user.profile, user.defaultClient],
      );
      for (const [clientId, role] of Object.entries(user.roles)) {
        await tx.query(
          `INSERT INTO user_client (user_id, client_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [rows[0].id, clientId, role],
        );
      }
    }
    for (const pkg of DEMO_DATA.packages) {
      await tx.query(
        `INSERT INTO package (id, client_id, name, processes) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
        [pkg.id, pkg.clientId, pkg.name, pkg.processes],
      );
    }
    for (const notice of DEMO_DATA.privacyNotices) {
      await tx.query(
        `INSERT INTO privacy_notice (client_id, version, url, purposes, created_by) VALUES ($1, $2, $3, $4, 'seed')
         ON CONFLICT (client_id, version) DO NOTHING`,
        [notice.clientId, notice.version, notice.url, JSON.stringify(notice.purposes)],
      );
    }
  });
}

export async function hasAnyClient(dataSource: DataSource): Promise<boolean> {
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM client LIMIT 1`);
  return rows.length > 0;
}

/** Whether the database holds the demo clients (then missing demo rows are added at start). */
export async function hasDemoClients(dataSource: DataSource): Promise<boolean> {
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM client WHERE id = $1`, [
    DEMO_DATA.clients[0].id,
  ]);
  return rows.length > 0;
}
