jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import {
  finishProcess,
  seedAlert,
  seedMatchSet,
  seedMonitor,
  seedRequest,
  seedSearch,
} from '../medium/seed.fixture';
import { EventRepository } from './event.repository';
import { PersonalDataEraser } from './personal-data-eraser';

const db = mediumDatabase();

describe('PersonalDataEraser (medium)', () => {
  const eraser = new PersonalDataEraser();

  it('erase: a request’s personal data everywhere it was kept; ids, statuses and charges stay; twice changes nothing', async () => {
    const seeded = await seedRequest(db);
    const other = await seedRequest(db);
    const peps = seeded.processes['Peps'];
    await finishProcess(db, peps, 'Riesgo Alto', {
      summary: { name: 'Juan' },
      rawDetails: { hits: ['Juan'] },
    });
    const monitor = await seedMonitor(db, seeded);
    const alert = await seedAlert(db, seeded, monitor);
    await db.rows(`UPDATE monitor_alert SET note = 'same Juan' WHERE id = $1`, [alert]);
    await db.rows(
      `INSERT INTO finding_review (id, client_id, request_id, process_id, process_generation, source, entry_id, decision, reason, reviewer_id)
       VALUES ($1, 'acme', $2, $3, 0, 'peps', 'E-1', 'dismissed', 'Juan is a homonym', $4)`,
      [randomUUID(), seeded.requestId, peps, seeded.createdBy],
    );
    await db.rows(
      `INSERT INTO finding_dispute (id, client_id, request_id, process_id, source, entry_id, statement, created_by)
       VALUES ($1, 'acme', $2, $3, 'peps', 'E-1', 'I am not him', $4)`,
      [randomUUID(), seeded.requestId, peps, seeded.createdBy],
    );
    await db.rows(
      `INSERT INTO outbox_job (queue, job_name, job_id, payload) VALUES ('screening', 'run-process', $1, $2)`,
      [`job-${seeded.requestId}`, JSON.stringify({ requestId: seeded.requestId })],
    );
    await db.rows(
      `INSERT INTO idempotency_record (user_id, operation, key, request_hash, status_code, response_body)
       VALUES ($1, 'createCandidateRequest', 'k-erase', 'hash', 201, $2)`,
      [seeded.createdBy, JSON.stringify({ uuid: seeded.requestId, name: 'Juan' })],
    );
    await new EventRepository(db.dataSource).appendOne('acme', {
      type: 'candidate_request.created',
      data: { uuid: seeded.requestId, packageId: 'PKG-ACME-BASIC', name: 'Juan' },
    } as unknown as DomainEvent);

    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) => eraser.erase(tx, { requestIds: [seeded.requestId], searchIds: [] })),
    );
    expect(result).toEqual({
      candidates: 1,
      processes: 1,
      monitors: 1,
      alerts: 1,
      reviews: 2,
      events: expect.any(Number),
      deliveries: 0,
      outboxJobs: 1,
      idempotencyRecords: 1,
      searches: 0,
      matchSets: 0,
    });
    const [candidate] = await db.rows(
      `SELECT name, rfc, email, person_type FROM candidate WHERE request_id = $1`,
      [seeded.requestId],
    );
    expect(candidate).toEqual({ name: null, rfc: null, email: null, person_type: 'individual' });
    const [process] = await db.rows(
      `SELECT status, result, summary, raw_details FROM request_process WHERE id = $1`,
      [peps],
    );
    expect(process).toEqual({
      status: 'Finalizado',
      result: 'Riesgo Alto',
      summary: null,
      raw_details: null,
    });
    const events = await db.rows<{ data: Record<string, unknown> }>(
      `SELECT data FROM event WHERE subject = $1`,
      [seeded.requestId],
    );
    expect(events.every((e) => !('name' in e.data) && e.data.uuid === seeded.requestId)).toBe(true);
    const [kept] = await db.rows(
      `SELECT response_body, request_hash FROM idempotency_record WHERE key = 'k-erase'`,
    );
    expect(kept).toEqual({ response_body: null, request_hash: '' });
    const [untouched] = await db.rows(`SELECT name FROM candidate WHERE request_id = $1`, [other.requestId]);
    expect(untouched).toEqual({ name: 'Juan' });
    const again = await db.dataSource.transaction((tx) =>
      eraser.erase(tx, { requestIds: [seeded.requestId], searchIds: [] }),
    );
    expect(again).toEqual({
      ...result,
      candidates: 0,
      processes: 0,
      monitors: 0,
      alerts: 0,
      reviews: 0,
      outboxJobs: 0,
      idempotencyRecords: 0,
      events: 0,
      deliveries: 0,
    });
    expect(sql).toMatchSnapshot();
  });

  it('erase: a search’s query and key; its match set, when no other search uses it, loses its rows', async () => {
    const shared = await seedMatchSet(db, [
      { uuid: randomUUID(), name: 'JUAN', count: 1, mask: 1, date: null, state: 'Jalisco' },
    ]);
    const alone = await seedMatchSet(db, [
      { uuid: randomUUID(), name: 'ANA', count: 1, mask: 1, date: null, state: 'Sonora' },
    ]);
    const a = await seedSearch(db, { matchSetId: shared });
    await seedSearch(db, { matchSetId: shared });
    const b = await seedSearch(db, { matchSetId: alone, name: 'Ana' });
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) => eraser.erase(tx, { requestIds: [], searchIds: [a, b] })),
    );
    expect(result).toMatchObject({ searches: 2, matchSets: 1, candidates: 0 });
    const searches = await db.rows(
      `SELECT search_query, name_key, match_set_id FROM legal_search WHERE id = ANY($1::uuid[])`,
      [[a, b]],
    );
    expect(searches).toEqual([
      { search_query: {}, name_key: '', match_set_id: null },
      { search_query: {}, name_key: '', match_set_id: null },
    ]);
    const sets = await db.rows<{ id: string; names: string[]; retired: boolean }>(
      `SELECT id::text, names, retired_at IS NOT NULL AS retired FROM legal_match_set WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[shared, alone]],
    );
    expect(sets).toEqual([
      { id: shared, names: ['JUAN'], retired: false },
      { id: alone, names: [], retired: true },
    ]);
    expect(sql).toMatchSnapshot();
  });
});
