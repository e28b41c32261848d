import { createHmac, randomUUID } from 'node:crypto';
import * as argon2 from 'argon2';
import { state, withDb } from './helpers';

/** A fresh user of its own (so throttling or revocation in one test cannot touch another); admin unless told. */
export async function createUser(
  options: { clients?: string[]; password?: string; role?: 'viewer' | 'analyst' | 'admin' } = {},
): Promise<{ email: string; password: string }> {
  const email = `user-${randomUUID()}@e2e.test`;
  const password = options.password ?? 'Correct-Horse-2026!';
  const clients = options.clients ?? ['acme'];
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO app_user (email, password_hash, name, profile, default_client_id) VALUES ($1, $2, 'E2E User', 'analyst', $3) RETURNING id`,
      [email, hash, clients[0]],
    );
    for (const client of clients)
      await db.query(`INSERT INTO user_client (user_id, client_id, role) VALUES ($1, $2, $3)`, [
        rows[0].id,
        client,
        options.role ?? 'admin',
      ]);
  });
  return { email, password };
}

/** A client of its own (id `<prefix>-<random>`), for tests that count what one client has. */
export async function createClient(prefix = 'e2e'): Promise<string> {
  const clientId = `${prefix}-${randomUUID().slice(0, 8)}`;
  await withDb((db) =>
    db.query(`INSERT INTO client (id, name) VALUES ($1, $2)`, [clientId, `E2E ${prefix}`]),
  );
  return clientId;
}

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Hand-made HS256 JWTs, to present tokens the api never issued (expired, forged, alg=none). */
export function forgeToken(
  claims: Record<string, unknown>,
  options: { secret?: string; alg?: string } = {},
): string {
  const header = b64({ alg: options.alg ?? 'HS256', typ: 'JWT' });
  const payload = b64(claims);
  if (options.alg === 'none') return `${header}.${payload}.`;
  const secret = options.secret ?? state().env.JWT_SECRET;
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
