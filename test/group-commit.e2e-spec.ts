import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { givenNameWords, normalizeName } from '@app/domain';
import { LegalRecordsSource } from '@app/persistence/legal-corpus/legal-records.source';
import { api, countRows, screeningQueue, signedIn, state, withDb } from './support/helpers';
import { candidate, ended, register, waitForOverview } from './support/screening';

/**
 * Group commit (issue 14): writes that arrive together share one statement, and each caller still
 * gets its own outcome. Against the real database, as the apps use it.
 */
describe('Group commit', () => {
  const acme = signedIn('demo@acme.test');

  it('answers registrations that arrive together each for itself, stored in shared statements', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => api().post('/candidate-requests').set(acme.auth).send(candidate())),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(202));
    const uuids = responses.map((r) => r.body.uuid as string);
    expect(new Set(uuids).size).toBe(40);

    expect(
      await countRows(`SELECT count(*)::int AS n FROM candidate_request WHERE id = ANY($1)`, [uuids]),
    ).toBe(40);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM candidate_request r
          WHERE r.id = ANY($1) AND NOT EXISTS (SELECT 1 FROM request_process p WHERE p.request_id = r.id)`,
        [uuids],
      ),
    ).toBe(0);
    // Registrations written by one statement share its transaction, and so their events' tx_id.
    const transactions = await countRows(
      `SELECT count(DISTINCT tx_id)::int AS n FROM event
        WHERE type = 'candidate_request.created' AND data->>'uuid' = ANY($1)`,
      [uuids],
    );
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(40);
  });

  it('writes lifecycle steps of several requests in one statement, skipping only those whose request changed', async () => {
    const queue = screeningQueue();
    // No processor may take these requests' jobs while the probe writes their steps itself.
    await queue.pause();
    const uuids: string[] = [];
    try {
      for (let i = 0; i < 3; i++) uuids.push(await register(acme, candidate()));
      const [staleId, ...freshIds] = uuids;
      const probe = spawnSync(process.execPath, [join(__dirname, 'fixtures/lifecycle-probe.js')], {
        env: {
          ...process.env,
          DATABASE_URL: state().databaseUrl,
          REQUEST_IDS: uuids.join(','),
          STALE_IDS: staleId,
        },
        encoding: 'utf8',
      });
      expect(probe.stderr).toBe('');
      const steps = JSON.parse(probe.stdout) as Array<{
        requestId: string;
        processId: string;
        versionRead: number;
        applied: boolean;
      }>;

      expect(steps.map((s) => s.applied)).toEqual([false, true, true]);
      const rows = await withDb(
        async (db) =>
          (
            await db.query(
              `SELECT r.id, r.lifecycle_version AS version, p.start_date IS NOT NULL AS started
                 FROM candidate_request r JOIN request_process p ON p.request_id = r.id
                WHERE p.id = ANY($1)`,
              [steps.map((s) => s.processId)],
            )
          ).rows as Array<{ id: string; version: number; started: boolean }>,
      );
      for (const step of steps) {
        const row = rows.find((r) => r.id === step.requestId)!;
        // The stale step wrote nothing (only the other writer's bump); each fresh one wrote its start.
        expect(row).toEqual({ id: step.requestId, version: step.versionRead + 1, started: step.applied });
      }
      expect(freshIds).toEqual(steps.slice(1).map((s) => s.requestId));
    } finally {
      await queue.resume();
      await queue.close();
    }
    // The processor then runs all three to the end, whatever was written under it.
    for (const uuid of uuids) await waitForOverview(acme, uuid, ended);
  });

  it('answers the corpus lookups of several candidates in one call, each as if asked alone', async () => {
    const source = new LegalRecordsSource({
      databaseUrl: state().databaseUrl,
      timeoutMs: 5_000,
      slowThresholdMs: 5_000,
      latencyMs: 0,
      failureRate: 0,
      poolSize: 1,
    });
    try {
      const people = await withDb(
        async (db) =>
          (
            await db.query(
              `SELECT given_names, last_name, second_last_name FROM legal_person
                WHERE lawsuit_count > 0 ORDER BY uuid LIMIT 3`,
            )
          ).rows as Array<{ given_names: string; last_name: string; second_last_name: string | null }>,
      );
      expect(people).toHaveLength(3);
      const queries = [
        ...people.map((p) => ({
          givenWords: givenNameWords(p.given_names),
          lastName: normalizeName(p.last_name),
          secondLastName: p.second_last_name ? normalizeName(p.second_last_name) : undefined,
        })),
        { givenWords: ['nadie'], lastName: 'inexistente' },
        { givenWords: [] }, // no surname: nothing to look up
      ];
      const together = await source.screeningSummaries(queries);
      const alone = await Promise.all(queries.map((q) => source.screeningSummaries([q])));

      expect(together.ok && alone.every((a) => a.ok)).toBe(true);
      const values = together.ok ? together.value : [];
      expect(values).toEqual(alone.map((a) => (a.ok ? a.value[0] : null)));
      expect(values.slice(0, 3).every((s) => s.lawsuitsFound > 0 && s.persons.length > 0)).toBe(true);
      // Each person found counts toward the totals (the persons shown are the first 20 by lawsuits).
      for (const summary of values.slice(0, 3))
        expect(summary.persons.reduce((n, p) => n + p.lawsuits, 0)).toBeLessThanOrEqual(
          summary.lawsuitsFound,
        );
      expect(values.slice(3)).toEqual([
        { lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] },
        { lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] },
      ]);
    } finally {
      await source.close();
    }
  });

  it('records webhook attempts of several chains in one statement, each answered as if recorded alone', () => {
    const probe = spawnSync(process.execPath, [join(__dirname, 'fixtures/attempt-records-probe.js')], {
      env: { ...process.env, DATABASE_URL: state().databaseUrl },
      encoding: 'utf8',
    });
    expect(probe.stderr).toBe('');
    const { together, alone } = JSON.parse(probe.stdout) as { together: unknown; alone: unknown };
    expect(together).toEqual(alone);
    // And what that is: the success released the next of its chain; the failure was rescheduled
    // (its retry in the outbox) and started the endpoint's failure streak; the stale attempt (its
    // delivery had another attempt recorded meanwhile) was appended, changed nothing else, and
    // answers the same streak.
    expect(together).toEqual({
      answers: [
        {
          retryJob: false,
          released: { role: 'second', generation: 0, attemptsMade: 0, eventType: 'webhook.test' },
          failingSince: null,
        },
        { retryJob: true, released: null, failingSince: 1_000 },
        { retryJob: false, released: null, failingSince: 1_000 },
      ],
      deliveries: {
        first: { status: 'succeeded', generation: 0, attempts: 1, scheduled: false },
        retried: { status: 'pending', generation: 1, attempts: 1, scheduled: true },
        second: { status: 'pending', generation: 0, attempts: 0, scheduled: true },
        stale: { status: 'pending', generation: 0, attempts: 2, scheduled: true },
      },
      endpointFailingSince: 1_000,
      retryRows: 1,
    });
  });
});
