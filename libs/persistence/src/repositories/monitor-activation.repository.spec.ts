jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import type { WatchListEntry } from '@app/domain';
import { matchKeys } from '../legal-corpus/legal-corpus.queries';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedMonitor, seedRequest, type SeededRequest } from '../medium/seed.fixture';
import { MonitorActivationRepository, type NewAlert } from './monitor-activation.repository';
import { WatchListRepository } from './watch-list.repository';

const db = mediumDatabase();

describe('MonitorActivationRepository (medium)', () => {
  let repo: MonitorActivationRepository;
  let activationId: string;
  let versionId: number;
  let seeded: SeededRequest;
  let monitorId: string;
  const entry: WatchListEntry = {
    source: 'ofac-sdn',
    key: '100',
    kind: 'person',
    names: [{ text: 'PEREZ LOPEZ, Juan', order: 'surnames-comma-given', alias: false }],
    rfcs: [],
    curps: [],
    birthDates: [],
    nationalities: ['MX'],
    gender: null,
    listStatus: 'SDNTK',
    redacted: false,
    raw: {},
  };
  const alert = (fingerprint: string): NewAlert => ({
    id: randomUUID(),
    fingerprint,
    monitorId,
    clientId: 'acme',
    requestId: seeded.requestId,
    source: 'ofac-sdn',
    version: 1,
    decision: {
      kind: 'new_match',
      entryId: '100',
      match: { name: 'PEREZ LOPEZ, Juan' } as never,
      entryState: 'fp-1',
    },
  });

  beforeAll(async () => {
    repo = new MonitorActivationRepository(db.dataSource);
    seeded = await seedRequest(db);
    monitorId = await seedMonitor(db, seeded, { sources: ['ofac-sdn', 'legal-records'] });
  });

  it('record: inside the activation’s transaction, the work row and the outbox job that starts it', async () => {
    let sql: string[] = [];
    const activated = await new WatchListRepository(db.dataSource).activateVersion(
      {
        source: 'ofac-sdn',
        asOf: null,
        sha256: 'sha-a',
        files: [],
        rows: 1,
        entries: 1,
        redacted: 0,
        rejected: [],
      },
      [entry],
      async (tx, id, previous) => {
        const recorded = await db.record(() =>
          repo.record(tx, id, previous?.id ?? null, (activation) => ({
            queue: 'monitors',
            jobName: 'compare',
            jobId: `activation-${activation}`,
            payload: { activation },
          })),
        );
        activationId = recorded.result;
        sql = recorded.sql;
      },
    );
    versionId = activated.kind === 'activated' ? activated.versionId : -1;
    expect(
      await db.rows(`SELECT source, version, version_id FROM monitor_activation WHERE id = $1`, [
        activationId,
      ]),
    ).toEqual([{ source: 'ofac-sdn', version: 1, version_id: versionId }]);
    expect(
      await db.rows(`SELECT payload FROM outbox_job WHERE job_id = $1`, [`activation-${activationId}`]),
    ).toEqual([{ payload: { activation: activationId } }]);
    expect(sql).toMatchSnapshot();
  });

  it('pendingIds and withClaimed: one claim at a time; the work sees the activation', async () => {
    const { result, sql } = await db.record(() => repo.pendingIds(0));
    expect(result).toEqual([activationId]);
    const claimed = await db.record(() =>
      repo.withClaimed(activationId, async (activation) => ({
        activation,
        // Another processor asking meanwhile is turned away.
        other: await new MonitorActivationRepository(db.dataSource).withClaimed(
          activationId,
          async () => 'twice',
        ),
      })),
    );
    expect(claimed.result).toEqual({
      activation: { id: activationId, source: 'ofac-sdn', version: 1, versionId, previousVersionId: null },
      other: null,
    });
    expect({
      pendingIds: sql,
      withClaimed: claimed.sql.filter((s) => !s.includes('twice')),
    }).toMatchSnapshot();
  });

  it('fingerprints, monitoredSince, lastSeq and activeWatching: what the comparison reads', async () => {
    const { result, sql } = await db.record(() => repo.fingerprints(versionId));
    expect(result).toEqual([{ key: '100', fingerprint: expect.any(String) }]);
    const pages: string[][] = [];
    const since = await db.record(async () => {
      for await (const page of repo.monitoredSince('0')) pages.push(page.map((m) => m.monitorId));
    });
    expect(pages).toEqual([[monitorId]]);
    const last = await db.record(() => repo.lastSeq());
    expect(Number(last.result)).toBeGreaterThan(0);
    const watching = await db.record(() => repo.activeWatching([monitorId], 'ofac-sdn'));
    expect(watching.result).toEqual([
      {
        monitorId,
        clientId: 'acme',
        requestId: seeded.requestId,
        subject: expect.objectContaining({ kind: 'person', name: 'Juan', rfc: 'PELJ900517AB1' }),
      },
    ]);
    expect(await repo.activeWatching([monitorId], 'peps')).toEqual([]);
    expect(await repo.activeWatching([], 'ofac-sdn')).toEqual([]);
    expect({
      fingerprints: sql,
      monitoredSince: since.sql,
      lastSeq: last.sql,
      activeWatching: watching.sql,
    }).toMatchSnapshot();
  });

  it('raisePart, raise and markDone: each alert once, with its event; counted on the activation', async () => {
    const { result, sql } = await db.record(() =>
      repo.raisePart(activationId, [alert('fp-a'), alert('fp-b')]),
    );
    expect(result).toEqual({ raised: 2, position: expect.stringMatching(/^\d+$/) });
    expect((await repo.raisePart(activationId, [alert('fp-a')])).raised).toBe(0);
    const events = await db.rows(
      `SELECT data->>'alertId' AS id FROM event WHERE type = 'monitor.alert_raised' AND tx_id = $1::xid8`,
      [result.position],
    );
    expect(events).toHaveLength(2);
    expect(await repo.raise(db.dataSource, [])).toBe(0);
    const done = await db.record(() => repo.markDone(activationId, { added: 1, changed: 0, removed: 0 }));
    expect(
      await db.rows(
        `SELECT added, alerts, done_at IS NOT NULL AS done FROM monitor_activation WHERE id = $1`,
        [activationId],
      ),
    ).toEqual([{ added: 1, alerts: 2, done: true }]);
    expect(await repo.pendingIds(0)).toEqual([]);
    expect(await repo.withClaimed(activationId, async () => 'done already')).toBeNull();
    expect({ raisePart: sql, markDone: done.sql }).toMatchSnapshot();
  });

  it('pendingIngests, withPendingIngest and legalPairs: persons of an ingest some monitor’s name query matches', async () => {
    const [{ version }] = await db.rows<{ version: string }>(
      `INSERT INTO legal_corpus_load (persons, kind, finished_at) VALUES (1, 'ingest', now()) RETURNING version::text`,
    );
    await db.rows(
      `INSERT INTO legal_corpus_ingest (version, file_name, persons_added, persons_replaced, lawsuits_added, lawsuits_replaced,
                                        sets_merged, sets_recomputed, sets_dropped, committed_at)
       VALUES ($1, 'ingest.jsonl', 1, 0, 1, 0, 0, 0, 0, now())`,
      [version],
    );
    const person = randomUUID();
    const keys = matchKeys({ givenWords: ['juan'], lastName: 'perez', secondLastName: 'lopez' });
    await db.rows(
      `INSERT INTO legal_person (uuid, full_name, given_names, last_name, second_last_name, state, search_keys, lawsuit_count,
                                 as_defendant, categories, category_mask, name_key)
       VALUES ($1, 'JUAN PEREZ LOPEZ', 'JUAN', 'PEREZ', 'LOPEZ', 'Jalisco', $2, 1, 1, '{}', 0, 'juan perez lopez')`,
      [person, keys],
    );
    await db.rows(
      `INSERT INTO legal_corpus_ingest_person (version, person_uuid, person_change, lawsuits_added, lawsuits_replaced, lawsuits_removed)
       VALUES ($1, $2, 'added', '{L-1}', '{}', '{}')`,
      [version, person],
    );
    const { result, sql } = await db.record(() => repo.pendingIngests());
    expect(result).toEqual([version]);
    const pairs = await db.record(() =>
      repo.withPendingIngest(version, (tx) => repo.legalPairs(tx, version)),
    );
    expect(pairs.result).toEqual([
      expect.objectContaining({
        monitorId,
        clientId: 'acme',
        requestId: seeded.requestId,
        personUuid: person,
        personChange: 'added',
        lawsuitsAdded: ['L-1'],
        fullName: 'JUAN PEREZ LOPEZ',
        lawsuitCount: 1,
        subject: expect.objectContaining({ name: 'Juan' }),
      }),
    ]);
    expect(await repo.pendingIngests()).toEqual([]);
    expect(await repo.withPendingIngest(version, async () => 'again')).toBeNull();
    expect({ pendingIngests: sql, withPendingIngestAndLegalPairs: pairs.sql }).toMatchSnapshot();
  });
});
