/**
 * A process type added the way docs/extending.md says (catalogue entry, summary schema, sandbox
 * answer: test/fixtures/fake-process-type.ts, loaded into a second api and processor by a preload),
 * run end to end over HTTP: registered in a package, waiting for Documentos, released by the
 * candidate's documents, run by the processor, summarised in the overview, the PDF report and the
 * OpenAPI document. The second stack has its own database and Redis database, so the main stack
 * (whose catalogue lacks the type) never sees its jobs.
 */
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DEMO_PASSWORD, eventually, state } from './support/helpers';
import { binaryBody, pdfText } from './support/pdf-text';
import { byName, candidate, DOCUMENTS, Overview } from './support/screening';
import { kill, ROOT, startApi, startProcessor, waitForExit, waitForHealthy } from './support/stack';

const FAKE = 'Redes Sociales';
const PACKAGE = 'PKG-ACME-SOCIAL';
const port = () => state().apiPort + 43;
const fakeApi = () => request(`http://127.0.0.1:${port()}`);
const databaseUrl = () => `${state().databaseUrl}_fake`;

let apiPid: number;
let processorPid: number;
let auth: { Authorization: string };

async function admin<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl());
  url.pathname = '/postgres';
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
const dbName = () => new URL(databaseUrl()).pathname.slice(1);

beforeAll(async () => {
  expect(dbName()).toContain('test');
  await admin((db) => db.query(`DROP DATABASE IF EXISTS "${dbName()}" WITH (FORCE)`));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { setupDatabase } = require(join(ROOT, 'scripts/lib/setup.js')) as {
    setupDatabase: (url: string, log: (line: string) => void) => Promise<void>;
  };
  await setupDatabase(databaseUrl(), () => undefined);
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  await db.query(`INSERT INTO package (id, client_id, name, processes) VALUES ($1, 'acme', 'Social', $2)`, [
    PACKAGE,
    ['Documentos', FAKE],
  ]);
  await db.end();

  const env = state().env;
  const fakeEnv = {
    ...env,
    PORT: String(port()),
    DATABASE_URL: databaseUrl(),
    REDIS_URL: `${env.REDIS_URL}/3`,
    METRICS_PORT: String(Number(env.METRICS_PORT) + 43),
    PROCESSOR_METRICS_PORT: String(Number(env.PROCESSOR_METRICS_PORT) + 43),
    NODE_OPTIONS: `--require ${join(ROOT, 'test/fixtures/fake-process-type.preload.js')}`,
  };
  apiPid = startApi(fakeEnv);
  processorPid = startProcessor(fakeEnv);
  await waitForHealthy(port());
  const signedIn = await fakeApi().post('/signin').send({ email: 'demo@acme.test', password: DEMO_PASSWORD });
  expect(signedIn.status).toBe(200);
  auth = { Authorization: `Bearer ${signedIn.body.accessToken as string}` };
}, 180_000);

afterAll(async () => {
  if (apiPid) kill(apiPid);
  if (processorPid) kill(processorPid);
  await Promise.all([apiPid && waitForExit(apiPid), processorPid && waitForExit(processorPid, 35_000)]);
  await admin((db) => db.query(`DROP DATABASE IF EXISTS "${dbName()}" WITH (FORCE)`));
});

const overviewWhen = (uuid: string, done: (o: Overview) => boolean) =>
  eventually(
    async () => {
      const response = await fakeApi().get(`/candidate-requests/${uuid}`).set(auth).expect(200);
      const o = response.body.data as Overview;
      return done(o) ? o : undefined;
    },
    20_000,
    `overview of ${uuid}`,
  );

describe('a process type added in a fixture, over HTTP', () => {
  it('is documented in the OpenAPI document with its summary', async () => {
    const doc = (await fakeApi().get('/docs-json').expect(200)).body;
    expect(doc.components.schemas.SocialMediaSummaryDto.properties).toEqual({
      profilesFound: { type: 'number', example: 2 },
      flaggedPosts: { type: 'number', example: 0, description: 'Posts that suggest a risk' },
    });
    expect(doc.components.schemas.ProcessEntryDto.properties.processName.enum).toContain(FAKE);
  });

  it('waits for Documentos, runs once the candidate sends them, and is summarised', async () => {
    const registered = await fakeApi()
      .post('/candidate-requests')
      .set(auth)
      .send(candidate({ packageId: PACKAGE }))
      .expect(202);
    const uuid = registered.body.uuid as string;

    const waiting = await overviewWhen(uuid, (o) => byName(o, 'Documentos').status === 'Pendiente Candidato');
    expect(byName(waiting, FAKE).status).toBe('Con dependencia');
    await fakeApi()
      .post(`/candidate-requests/${uuid}/processes/${byName(waiting, 'Documentos').id}/candidate-input`)
      .set(auth)
      .send(DOCUMENTS)
      .expect(202);

    const done = await overviewWhen(uuid, (o) => o.processes.every((p) => p.status === 'Finalizado'));
    expect(done.status).toBe('Completed');
    const fake = byName(done, FAKE);
    const detail = await fakeApi()
      .get(`/candidate-requests/${uuid}/processes/${fake.id}`)
      .set(auth)
      .expect(200);
    expect(detail.body.data.summary).toEqual({
      profilesFound: expect.any(Number),
      flaggedPosts: expect.any(Number),
    });

    const report = await fakeApi()
      .get(`/candidate-requests/${uuid}/report`)
      .set(auth)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const { text } = await pdfText(report.body as Buffer);
    expect(text).toContain(FAKE);
    expect(text).toMatch(/perfiles/);
  });
});
