/**
 * Real accounts (docs/behaviour.md, "Users"; docs/operations.md, "Onboarding a customer"): the
 * operator onboards a client with `npm run admin`, its admin invites people through the api, the
 * invitations and password resets arrive by mail (a real SMTP server of the e2e stack), roles and
 * statuses change what people may do within seconds, and every change is in the audit log.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PASSWORD_RESET_MAILS } from '@app/domain';
import { api, countRows, eventually, signIn, state, withDb } from './support/helpers';
import { linkIn, waitForMail } from './support/mail';

const ROOT = join(__dirname, '..');
const suffix = randomBytes(3).toString('hex');
const CLIENT = `e2e-accounts-${suffix}`;
const PASSWORD = 'Tres-tristes-tigres-26';

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- <args>` as the operator runs it (the built CLI, on the stack's database). Not
 * spawnSync: the stack's mail server runs in this process and must answer the CLI meanwhile.
 */
function admin(...args: string[]): Promise<CliRun> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...state().env, ADMIN_OPERATOR: 'ops-oncall' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function acceptInvitationMail(email: string, after: number, password = PASSWORD) {
  const mail = await waitForMail(email, { subject: /^Invitación a /, after });
  const { token } = linkIn(mail, '/invitations/');
  const accepted = await api().post(`/invitations/${token}/accept`).send({ password }).expect(200);
  return { token, body: accepted.body as { accessToken: string; refreshToken: string; client: string } };
}

describe('onboarding by the operator', () => {
  it('creates a client and a package, idempotently, refusing what it does not know', async () => {
    const help = await admin('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('client:create');
    expect(await admin('user:invite', '--help')).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('--role'),
    });

    expect(await admin('client:create', '--id', CLIENT, '--name', 'Nova RH')).toMatchObject({ status: 0 });
    const again = await admin('client:create', '--id', CLIENT, '--name', 'Nova RH');
    expect(again).toMatchObject({ status: 0, stdout: expect.stringContaining('nothing changed') });
    const other = await admin('client:create', '--id', CLIENT, '--name', 'Otra');
    expect(other.status).toBe(1);
    expect(other.stderr).toContain('exists already');
    expect(await admin('client:create', '--id', 'Bad Id', '--name', 'X')).toMatchObject({ status: 1 });

    const unknown = await admin(
      'package:create',
      '--client',
      CLIENT,
      '--id',
      `PKG-${suffix}`,
      '--name',
      'Básico',
      '--processes',
      'Peps, Buró',
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown process "Buró"');
    for (let i = 0; i < 2; i++)
      expect(
        await admin(
          'package:create',
          '--client',
          CLIENT,
          '--id',
          `PKG-${suffix}`,
          '--name',
          'Básico',
          '--processes',
          'Peps, BGC Legal',
        ),
      ).toMatchObject({ status: 0 });
    expect(
      await admin(
        'package:create',
        '--client',
        'no-such-client',
        '--id',
        'PKG-X',
        '--name',
        'X',
        '--processes',
        'Peps',
      ),
    ).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('does not exist'),
    });
    expect(await admin('client:create', '--id', CLIENT, '--nme', 'typo')).toMatchObject({ status: 1 });
  });
});

describe('users of a new client', () => {
  const adminEmail = `jefa.${suffix}@nova.test`;
  const analystEmail = `analista.${suffix}@nova.test`;
  let adminToken: string;
  let adminId: string;

  it('invites its first admin from the command line, by mail, and the link signs them in', async () => {
    const before = Date.now();
    const run = await admin('user:invite', '--client', CLIENT, '--email', adminEmail, '--role', 'admin');
    expect(run.status).toBe(0);
    const printed = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(run.stdout);
    expect(printed).not.toBeNull();
    expect(run.stdout).toContain('mailed');
    const mail = await waitForMail(adminEmail, { subject: /^Invitación a Nova RH$/, after: before });
    expect(mail.text).toContain('administrador');
    expect(linkIn(mail, '/invitations/').token).toBe(printed![1]);
    expect(linkIn(mail, '/invitations/').url).toBe(`${state().env.PUBLIC_URL}/invitations/${printed![1]}`);

    const weak = await api()
      .post(`/invitations/${printed![1]}/accept`)
      .send({ password: 'password' })
      .expect(400);
    expect(weak.body.errors.map((e: { field: string }) => e.field)).toEqual(['password', 'password']);
    const ownName = await api()
      .post(`/invitations/${printed![1]}/accept`)
      .send({ password: `${adminEmail.split('@')[0]}-2026` })
      .expect(400);
    expect(ownName.body.errors[0]).toEqual({ field: 'password', message: expect.stringContaining('e-mail') });

    const accepted = await api()
      .post(`/invitations/${printed![1]}/accept`)
      .send({ password: PASSWORD })
      .expect(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
    expect(accepted.body).toMatchObject({ success: true, client: CLIENT, clients: [CLIENT] });
    adminToken = accepted.body.accessToken;
    await api().post(`/invitations/${printed![1]}/accept`).send({ password: PASSWORD }).expect(410);
    await api()
      .post(`/invitations/${'x'.repeat(43)}/accept`)
      .send({ password: PASSWORD })
      .expect(404);

    const listed = await api().get('/users').set(bearer(adminToken)).expect(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: adminEmail,
          role: 'admin',
          status: 'active',
          lastSignInAt: expect.any(Number),
          createdAt: expect.any(Number),
        },
      ],
      page: 1,
      limit: 20,
      total: 1,
    });
    adminId = listed.body.data[0].id;
    // The operator's re-run of the same invitation changes nothing.
    expect(
      await admin('user:invite', '--client', CLIENT, '--email', adminEmail, '--role', 'admin'),
    ).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('nothing changed'),
    });
  });

  it('lets the admin invite an analyst whose newest link alone works, and refuses members', async () => {
    const first = await api()
      .post('/users/invitations')
      .set(bearer(adminToken))
      .send({ email: analystEmail.toUpperCase(), role: 'analyst' })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: analystEmail,
      role: 'analyst',
      status: 'invited',
      expiresAt: expect.any(Number),
    });
    expect(first.body.expiresAt - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const firstMail = await waitForMail(analystEmail, { subject: /^Invitación a /, after: 0 });
    const oldToken = linkIn(firstMail, '/invitations/').token;

    const before = Date.now();
    const second = await api()
      .post('/users/invitations')
      .set(bearer(adminToken))
      .send({ email: analystEmail, role: 'analyst' })
      .expect(201);
    expect(second.body.id).toBe(first.body.id);
    await api().post(`/invitations/${oldToken}/accept`).send({ password: PASSWORD }).expect(410);
    const { body } = await acceptInvitationMail(analystEmail, before);
    expect(body.client).toBe(CLIENT);

    const member = await api()
      .post('/users/invitations')
      .set(bearer(adminToken))
      .send({ email: analystEmail, role: 'viewer' })
      .expect(409);
    expect(member.body).toEqual({
      code: 409,
      message: `${analystEmail} is already a member of this client.`,
    });
    const bad = await api()
      .post('/users/invitations')
      .set(bearer(adminToken))
      .send({ email: 'nope', role: 'boss' })
      .expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'role']);

    // An analyst registers but does not administer.
    const analyst = await signIn(analystEmail, PASSWORD);
    const refused = await api().get('/users').set(analyst.auth).expect(403);
    expect(refused.body.message).toBe('This operation needs the admin role (your role is analyst).');
    await api()
      .post('/users/invitations')
      .set(analyst.auth)
      .send({ email: `x.${suffix}@nova.test`, role: 'viewer' })
      .expect(403);
  });

  it('keeps an active admin, and a disabled user stops at once', async () => {
    const last = await api()
      .patch(`/users/${adminId}`)
      .set(bearer(adminToken))
      .send({ role: 'analyst' })
      .expect(409);
    expect(last.body.message).toMatch(/last active admin/);
    await api().patch(`/users/${adminId}`).set(bearer(adminToken)).send({ status: 'disabled' }).expect(409);

    const users = await api().get('/users').set(bearer(adminToken)).query({ limit: 1, page: 2 }).expect(200);
    expect(users.body).toMatchObject({ page: 2, limit: 1, total: 2 });
    const analystId = (await api().get('/users').set(bearer(adminToken)).expect(200)).body.data.find(
      (u: { email: string }) => u.email === analystEmail,
    ).id;

    const analyst = await signIn(analystEmail, PASSWORD);
    await api().get('/candidate-requests').set(analyst.auth).expect(200);
    const disabled = await api()
      .patch(`/users/${analystId}`)
      .set(bearer(adminToken))
      .send({ status: 'disabled' })
      .expect(200);
    expect(disabled.body).toMatchObject({ id: analystId, status: 'disabled', role: 'analyst' });
    await api().get('/candidate-requests').set(analyst.auth).expect(401);
    await api().post('/signin/refresh').send({ refreshToken: analyst.refreshToken }).expect(401);
    await api().post('/signin').send({ email: analystEmail, password: PASSWORD }).expect(401);

    await api()
      .patch(`/users/${analystId}`)
      .set(bearer(adminToken))
      .send({ status: 'active', role: 'admin' })
      .expect(200);
    const enabled = await signIn(analystEmail, PASSWORD);
    await api().get('/users').set(enabled.auth).expect(200);
    // Now that there is another admin, the first may step down.
    await api().patch(`/users/${adminId}`).set(enabled.auth).send({ role: 'viewer' }).expect(200);
    await eventually(
      async () => ((await api().get('/users').set(bearer(adminToken))).status === 403 ? true : undefined),
      15_000,
      'the demotion to reach the old admin token',
    );
    await api()
      .patch(`/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)
      .set(enabled.auth)
      .send({ role: 'viewer' })
      .expect(404);
    await api().patch(`/users/${analystId}`).set(enabled.auth).send({}).expect(400);
  });

  it('resets a forgotten password by mail, ending every session, the same answer for any address', async () => {
    const session = await signIn(analystEmail, PASSWORD);
    const before = Date.now();
    const known = await api().post('/password-resets').send({ email: analystEmail }).expect(202);
    const unknown = await api()
      .post('/password-resets')
      .send({ email: `nadie.${suffix}@nova.test` })
      .expect(202);
    expect(known.body).toEqual(unknown.body);
    await api().post('/password-resets').send({ email: 'not-an-address' }).expect(400);

    const mail = await waitForMail(analystEmail, { subject: /^Restablece tu contraseña$/, after: before });
    expect(mail.text).toContain('60 minutos');
    const { token, url } = linkIn(mail, '/password-resets/');
    expect(url.startsWith(`${state().env.PUBLIC_URL}/password-resets/`)).toBe(true);
    await api().post(`/password-resets/${token}`).send({ password: 'short' }).expect(400);
    const newPassword = 'Otro-password-muy-largo-9';
    await api().post(`/password-resets/${token}`).send({ password: newPassword }).expect(204);
    await api().post(`/password-resets/${token}`).send({ password: newPassword }).expect(410);
    await api().get('/candidate-requests').set(session.auth).expect(401);
    await api().post('/signin/refresh').send({ refreshToken: session.refreshToken }).expect(401);
    await api().post('/signin').send({ email: analystEmail, password: PASSWORD }).expect(401);
    await signIn(analystEmail, newPassword);
  });

  it('opens at most 3 resets an hour for one address, answering every request the same', async () => {
    const opened = () =>
      countRows(
        `SELECT count(*)::int AS n FROM password_reset r JOIN app_user u ON u.id = r.user_id WHERE u.email = $1`,
        [analystEmail],
      );
    // The request of the test above counted: two more are opened, the other three are refused in
    // Redis before anything is written or mailed.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api().post('/password-resets').send({ email: analystEmail })),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    await eventually(async () => ((await opened()) === PASSWORD_RESET_MAILS.max ? true : undefined));
  });

  it('records who changed what in the audit log, the operator too, with no password or token', async () => {
    const adminSession = await signIn(analystEmail, 'Otro-password-muy-largo-9');
    const page = await api().get('/audit-events').set(adminSession.auth).query({ limit: 500 }).expect(200);
    const events = page.body.data as Array<{
      action: string;
      actor: { type: string; id: string };
      status: number;
    }>;
    const actions = events.map((e) => e.action);
    for (const action of [
      'acceptInvitation',
      'inviteUser',
      'updateUser',
      'listUsers',
      'resetPassword',
      'user:invite',
    ])
      expect(actions).toContain(action);
    expect(events.find((e) => e.action === 'user:invite')?.actor).toEqual({
      type: 'operator',
      id: 'ops-oncall',
    });
    const stored = await withDb(
      async (db) => (await db.query(`SELECT row_to_json(a)::text AS t FROM audit_event a`)).rows,
    );
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('disables a person everywhere from the command line', async () => {
    const run = await admin('user:disable', '--email', analystEmail);
    expect(run).toMatchObject({ status: 0, stdout: expect.stringContaining(`Disabled ${analystEmail}`) });
    expect(await admin('user:disable', '--email', analystEmail)).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('already'),
    });
    expect(await admin('user:disable', '--email', `nobody.${suffix}@nova.test`)).toMatchObject({ status: 1 });
    await api()
      .post('/signin')
      .send({ email: analystEmail, password: 'Otro-password-muy-largo-9' })
      .expect(401);
    const listed = await admin('user:list', '--client', CLIENT);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${analystEmail.replace(/\./g, '\\.')}\\s+admin\\s+disabled`));
  });
});
