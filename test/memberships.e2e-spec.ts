/**
 * Membership changes that race (docs/behaviour.md, "Users"): the rules hold when two admins act
 * at the same moment, and an invitation link used twice at once is accepted once.
 */
import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { api, signIn, withDb } from './support/helpers';
import { linkIn, waitForMail } from './support/mail';

const PASSWORD = 'Un-password-de-pruebas-2026';

/** A client of its own with `admins` active admins, signed in. */
async function clientWithAdmins(admins: number) {
  const clientId = `e2e-members-${randomBytes(4).toString('hex')}`;
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  const users = await withDb(async (db) => {
    await db.query(`INSERT INTO client (id, name) VALUES ($1, 'Members')`, [clientId]);
    const made: Array<{ id: string; email: string }> = [];
    for (let i = 0; i < admins; i++) {
      const email = `admin${i}.${clientId}@members.test`;
      const { rows } = await db.query(
        `INSERT INTO app_user (email, password_hash, name, profile, default_client_id)
         VALUES ($1, $2, 'Admin', 'admin', $3) RETURNING id`,
        [email, hash, clientId],
      );
      await db.query(`INSERT INTO user_client (user_id, client_id, role) VALUES ($1, $2, 'admin')`, [
        rows[0].id,
        clientId,
      ]);
      made.push({ id: rows[0].id, email });
    }
    return made;
  });
  const sessions = await Promise.all(users.map((user) => signIn(user.email, PASSWORD)));
  return { clientId, users, sessions };
}

describe('membership changes at the same moment', () => {
  it('leave a client with an active admin when its two admins demote each other', async () => {
    for (let round = 0; round < 5; round++) {
      const { clientId, users, sessions } = await clientWithAdmins(2);
      const answers = await Promise.all([
        api().patch(`/users/${users[1].id}`).set(sessions[0].auth).send({ role: 'viewer' }),
        api().patch(`/users/${users[0].id}`).set(sessions[1].auth).send({ status: 'disabled' }),
      ]);
      // The later of the two finds the other's change (or, demoted already, is no admin any more).
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect([403, 409]).toContain(answers.find((a) => a.status !== 200)!.status);
      const admins = await withDb(
        async (db) =>
          (
            await db.query(
              `SELECT count(*)::int AS n FROM user_client WHERE client_id = $1 AND role = 'admin' AND status = 'active'`,
              [clientId],
            )
          ).rows[0].n,
      );
      expect(admins).toBe(1);
    }
  });

  it('accept an invitation once when its link is used twice at once', async () => {
    const { sessions } = await clientWithAdmins(1);
    const email = `new.${randomBytes(4).toString('hex')}@members.test`;
    const after = Date.now();
    await api().post('/users/invitations').set(sessions[0].auth).send({ email, role: 'analyst' }).expect(201);
    const { token } = linkIn(await waitForMail(email, { after }), '/invitations/');
    const answers = await Promise.all([
      api().post(`/invitations/${token}/accept`).send({ password: PASSWORD }),
      api().post(`/invitations/${token}/accept`).send({ password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    const listed = await api().get('/users').set(sessions[0].auth).expect(200);
    expect(listed.body.data.find((u: { email: string }) => u.email === email)).toMatchObject({
      role: 'analyst',
      status: 'active',
    });
  });
});
