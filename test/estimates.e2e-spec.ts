/**
 * Estimates (docs/behaviour.md): from the median duration of the last 100 finished processes of a name,
 * null with fewer than 5, null while the candidate is awaited.
 */
import { api, killProcessor, restartProcessor, signIn, Session, withDb } from './support/helpers';
import { candidate, ended, fullCandidate, overview, register, waitForOverview } from './support/screening';

let acme: Session;

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
  // History: five BASIC requests finished, so each of their process names has at least 5 durations.
  const uuids = await Promise.all(Array.from({ length: 5 }, () => register(acme, candidate())));
  await Promise.all(uuids.map((uuid) => waitForOverview(acme, uuid, ended, 60_000)));
});

afterAll(() => restartProcessor());

async function finishedCounts(): Promise<Map<string, number>> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM request_process WHERE end_date IS NOT NULL GROUP BY name`,
    );
    return new Map(rows.map((row) => [row.name, row.n]));
  });
}

describe('estimates', () => {
  it('gives queued processes with history an end, those without none, and the request the latest', async () => {
    await killProcessor({ restart: false }); // the processes stay queued while we look
    const before = Date.now();
    const uuid = await register(acme, candidate());
    // The api refreshes its medians every ESTIMATES_REFRESH_MS (300 ms in the test stack): polled
    // until its medians include the history written above.
    const data = await waitForOverview(acme, uuid, (o) =>
      o.processes.every((p) => p.estimatedEndDate !== null),
    );
    expect(data.processes.length).toBe(5);
    for (const process of data.processes) {
      expect(process.status).toBe('En proceso');
      expect(process.estimatedEndDate).toBeGreaterThanOrEqual(before);
    }
    expect(data.estimatedGlobalEndDate).toBe(
      Math.max(...data.processes.map((p) => p.estimatedEndDate as number)),
    );

    const full = await overview(acme, await register(acme, fullCandidate()));
    const counts = await finishedCounts();
    for (const process of full.processes) {
      const history = counts.get(process.processName) ?? 0;
      if (process.status === 'En proceso' && history < 5) expect(process.estimatedEndDate).toBeNull();
      if (process.status === 'En proceso' && history >= 5)
        expect(process.estimatedEndDate).toEqual(expect.any(Number));
    }
    restartProcessor();
  });

  it('has no global estimate while a process waits for the candidate, and none for finished processes', async () => {
    const uuid = await register(acme, fullCandidate());
    const data = await waitForOverview(acme, uuid, (o) => o.status === 'Completed', 60_000);
    const documents = data.processes.find((p) => p.processName === 'Documentos')!;
    expect(documents.status).toBe('Pendiente Candidato');
    expect(documents.estimatedEndDate).toBeNull();
    expect(data.estimatedGlobalEndDate).toBeNull();
    for (const process of data.processes.filter((p) => p.status === 'Finalizado'))
      expect(process.estimatedEndDate).toBeNull();
    // What waits for a process that waits for the candidate cannot be estimated either.
    const dependent = data.processes.find((p) => p.processName === 'Validación de estudios')!;
    expect(dependent.status).toBe('Con dependencia');
    expect(dependent.estimatedEndDate).toBeNull();
    const detail = await api()
      .get(`/candidate-requests/${uuid}/processes/${documents.id}`)
      .set(acme.auth)
      .expect(200);
    expect(detail.body.statusCode).toBe(409);
    expect(detail.body.data.estimatedEndDate).toBeNull();
    const peps = data.processes.find((p) => p.processName === 'Peps')!;
    const finished = await api()
      .get(`/candidate-requests/${uuid}/processes/${peps.id}`)
      .set(acme.auth)
      .expect(200);
    expect(finished.body.data.estimatedEndDate).toBeNull();
  });
});
