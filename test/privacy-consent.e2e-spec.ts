/**
 * Consent and privacy notices (docs/privacy.md, "Consent"): a client's notices, the consent each
 * registration records (given, or tacit to the current notice, or express with the credit
 * report's NIP), shown by the overview and named by the report.
 */
import { api, signIn, Session } from './support/helpers';
import { reportText } from './support/pdf-text';
import { candidate, fullCandidate, overview, register } from './support/screening';

let acme: Session;
let viewer: Session;
let globex: Session;

beforeAll(async () => {
  [acme, viewer, globex] = await Promise.all([
    signIn('demo@acme.test'),
    signIn('viewer@acme.test'),
    signIn('ops@globex.test'),
  ]);
});

const version = `e2e-${Date.now().toString(36)}`;

describe('privacy notices', () => {
  it('lists the demo notice, publishes a new current one, refuses a version twice and bad shapes', async () => {
    const before = await api().get('/privacy-notices').set(viewer.auth).expect(200);
    expect(before.body.data.map((n: { version: string }) => n.version)).toContain('2026-01');
    expect(before.body.data[0].current).toBe(true);

    const body = {
      version,
      url: 'https://acme.example.com/aviso-e2e',
      purposes: [
        { name: 'Evaluar al candidato', kind: 'necessary' },
        { name: 'Ofertas futuras', kind: 'voluntary' },
      ],
    };
    const created = await api().post('/privacy-notices').set(acme.auth).send(body).expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...body,
      current: true,
      createdAt: expect.any(Number),
    });
    const after = await api().get('/privacy-notices').set(viewer.auth).expect(200);
    expect(after.body.data[0]).toMatchObject({ version, current: true });
    expect(after.body.data.filter((n: { current: boolean }) => n.current)).toHaveLength(1);

    await api().post('/privacy-notices').set(acme.auth).send(body).expect(409);
    await api()
      .post('/privacy-notices')
      .set(viewer.auth)
      .send({ ...body, version: `${version}-v` })
      .expect(403);
    const bad = await api()
      .post('/privacy-notices')
      .set(acme.auth)
      .send({ version: 'con espacios', url: 'ftp://x', purposes: [{ name: '', kind: 'maybe' }] })
      .expect(400);
    const fields = bad.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['version', 'url', 'purposes[0].name', 'purposes[0].kind']),
    );
    // Another client's notices are its own.
    const theirs = await api().get('/privacy-notices').set(globex.auth).expect(200);
    expect(theirs.body.data.map((n: { version: string }) => n.version)).not.toContain(version);
  });
});

describe('the consent a registration records', () => {
  it('records tacit consent to the current notice at the registration time when none is sent', async () => {
    const before = Date.now();
    const uuid = await register(acme, candidate());
    const { consent } = await overview(acme, uuid);
    expect(consent).toEqual({ basis: 'tacit', noticeVersion: version, acceptedAt: expect.any(Number) });
    expect(consent!.acceptedAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records express consent when the credit report NIP is sent', async () => {
    const uuid = await register(acme, fullCandidate());
    expect((await overview(acme, uuid)).consent).toMatchObject({ basis: 'express', noticeVersion: version });
  });

  it('keeps a consent sent as it is, and refuses one that names no notice of the client or the future', async () => {
    const consent = {
      basis: 'express',
      noticeVersion: '2026-01',
      acceptedAt: Date.now() - 60_000,
      medium: 'web',
      evidenceRef: 'ATS-FORM-1',
    };
    const uuid = await register(acme, candidate({ consent }));
    expect((await overview(acme, uuid)).consent).toEqual(consent);

    const refused = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(
        candidate({
          consent: {
            ...consent,
            noticeVersion: 'no-such',
            acceptedAt: Date.now() + 86_400_000,
            medium: 'fax',
          },
        }),
      )
      .expect(400);
    const fields = refused.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['consent.acceptedAt', 'consent.medium']));
    const unknownNotice = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ consent: { ...consent, noticeVersion: 'no-such' } }))
      .expect(400);
    expect(unknownNotice.body.errors).toEqual([
      {
        field: 'consent.noticeVersion',
        message: expect.stringContaining('not a privacy notice of the client'),
      },
    ]);
  });

  it('refuses tacit consent for a package with the credit report', async () => {
    const refused = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(
        fullCandidate({
          consent: { basis: 'tacit', noticeVersion: '2026-01', acceptedAt: Date.now(), medium: 'paper' },
        }),
      )
      .expect(400);
    expect(refused.body.errors).toEqual([
      { field: 'consent.basis', message: expect.stringContaining('must be express') },
    ]);
  });

  it('names the notice in the report', async () => {
    const uuid = await register(acme, candidate());
    const text = await reportText(acme, uuid);
    expect(text).toContain(`Versión ${version} (consentimiento tácito)`);
  });
});
