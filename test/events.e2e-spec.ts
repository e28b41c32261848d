/**
 * The event log (docs/integrators.md): what each change writes, tenancy, the cursor's errors, and a
 * reader paging as fast as it can while 100 registrations write concurrently.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ANNOUNCE_EVENT_WRITER } from '../libs/persistence/src/repositories/event-horizon';
import { api, countRows, eventually, Session, signedIn, signIn, state, withDb } from './support/helpers';
import { documentedViolations } from './support/openapi';
import { candidate, ended, register, waitForOverview } from './support/screening';

interface LoggedEvent {
  id: string;
  type: string;
  createdAt: number;
  clientId: string;
  data: Record<string, unknown>;
}

const acme = signedIn('demo@acme.test');
const globex = signedIn('ops@globex.test');
const multi = signedIn('multi@acme.test');

async function readPage(session: Session, query: Record<string, string> = {}) {
  const response = await api().get('/events').query(query).set(session.auth).expect(200);
  return response.body as { data: LoggedEvent[]; hasMore: boolean };
}

/** Reads every event after `after` to the current end of the log. */
async function readToEnd(session: Session, after?: string, query: Record<string, string> = {}) {
  const events: LoggedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await readPage(session, { ...query, limit: '500', ...(cursor ? { after: cursor } : {}) });
    events.push(...page.data);
    if (page.data.length > 0) cursor = page.data[page.data.length - 1].id;
    if (!page.hasMore) return { events, cursor };
  }
}

function about(events: LoggedEvent[], uuid: string): LoggedEvent[] {
  return events.filter((e) => e.data.uuid === uuid);
}

describe('GET /events', () => {
  it('logs a BASIC registration from created to finished, in order, without personal data', async () => {
    const { cursor } = await readToEnd(acme);
    const body = candidate();
    const uuid = await register(acme, body);
    await waitForOverview(acme, uuid, ended, 60_000);
    const events = await eventually(async () => {
      const found = about((await readToEnd(acme, cursor)).events, uuid);
      return found.some((e) => e.type === 'candidate_request.finished') ? found : undefined;
    });
    // Each event matches the variant of the documented envelope its `type` names.
    expect(await documentedViolations('/events', { data: events, hasMore: false })).toEqual([]);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('candidate_request.created');
    expect(types.filter((t) => t === 'process.started')).toHaveLength(5);
    expect(types.filter((t) => t === 'process.finished')).toHaveLength(5);
    expect(types.slice(-2)).toEqual(['candidate_request.completed', 'candidate_request.finished']);
    expect(events[0]).toEqual({
      id: expect.any(String),
      type: 'candidate_request.created',
      createdAt: expect.any(Number),
      clientId: 'acme',
      data: { uuid, packageId: 'PKG-ACME-BASIC' },
    });
    const finished = events[events.length - 1];
    expect(finished.data).toEqual({ uuid, result: expect.any(String), globalEndDate: expect.any(Number) });
    const createdAts = events.map((e) => e.createdAt);
    expect([...createdAts].sort((a, b) => a - b)).toEqual(createdAts);
    const text = JSON.stringify(events);
    for (const personal of [body.name, body.rfc, body.curp]) expect(text).not.toContain(personal as string);
  });

  it('logs a legal search and the first unlock of a record', async () => {
    const { cursor } = await readToEnd(acme);
    const search = await api()
      .post('/risks/legal-records/searches')
      .set(acme.auth)
      .send({ name: 'Juan', lastName: 'Hernández' })
      .expect(200);
    const { searchId, records } = search.body.data;
    const detail = `/risks/legal-records/searches/${searchId}/records/${records[0].uuid}`;
    await api().get(detail).set(acme.auth).expect(200);
    await api().get(detail).set(acme.auth).expect(200);
    const events = await eventually(async () => {
      const found = (await readToEnd(acme, cursor, { types: 'legal_search.created,legal_record.unlocked' }))
        .events;
      return found.length >= 2 ? found : undefined;
    });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'legal_search.created',
        { searchId, outcome: 'SUCCESS', totalMatches: search.body.data.kpis.total_matches },
      ],
      ['legal_record.unlocked', { searchId, uuid: records[0].uuid }],
    ]);
  });

  it("shows each caller only its clients' events", async () => {
    const uuid = await register(acme, candidate());
    const globexEvents = (await readToEnd(globex)).events;
    expect(globexEvents.every((e) => e.clientId === 'globex')).toBe(true);
    expect(about(globexEvents, uuid)).toEqual([]);
    // Visible once every older transaction has ended (the log's commit-safe horizon).
    const multiEvents = await eventually(async () => {
      const read = (
        await readToEnd(multi, undefined, { clientId: 'acme', types: 'candidate_request.created' })
      ).events;
      return about(read, uuid).length > 0 ? read : undefined;
    });
    expect(about(multiEvents, uuid)).toHaveLength(1);
    await api().get('/events').query({ clientId: 'globex' }).set(acme.auth).expect(403);
    const acmeId = about(multiEvents, uuid)[0].id;
    const foreign = await api().get('/events').query({ after: acmeId }).set(globex.auth).expect(400);
    expect(foreign.body.errors).toEqual([{ field: 'after', message: expect.any(String) }]);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '501' }, 'limit'],
    [{ types: 'process.finished,process.exploded' }, 'types'],
    [{ after: 'nope' }, 'after'],
  ])('answers 400 for %j', async (query, field) => {
    const response = await api().get('/events').query(query).set(acme.auth).expect(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('answers 410 for a cursor older than the events kept', async () => {
    const uuid = await register(acme, candidate());
    const first = await eventually(async () => about((await readToEnd(acme)).events, uuid)[0]);
    // What the retention purge does: remove a prefix of the log, of every client.
    await withDb((db) =>
      db.query(
        `DELETE FROM event WHERE (tx_id, seq) <= (SELECT tx_id, seq FROM event WHERE 'evt_' || tx_id || '_' || seq = $1)`,
        [first.id],
      ),
    );
    const response = await api().get('/events').query({ after: first.id }).set(acme.auth).expect(410);
    expect(response.body).toEqual({ code: 410, message: expect.any(String) });
  });
});

describe('a reader paging while 100 registrations write', () => {
  it('receives every event exactly once, also one whose transaction commits late', async () => {
    const session = await signIn('ops@globex.test');
    let { cursor } = await readToEnd(session);
    // A transaction that takes its event's number now and commits only after many later events
    // have committed (and been read): a reader that trusted the numbers alone would skip it.
    const late = new Client({ connectionString: state().databaseUrl });
    await late.connect();
    // An event writer like the apps' connections (the reader would not wait for any other session).
    await late.query(ANNOUNCE_EVENT_WRITER);
    await late.query('BEGIN');
    const marker = randomUUID();
    await late.query(
      `INSERT INTO event (client_id, type, subject, data) VALUES ('globex', 'legal_search.created', $1, $2)`,
      [marker, { searchId: marker, outcome: 'EMPTY', totalMatches: 0 }],
    );
    const seen: LoggedEvent[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const page = await readPage(session, { limit: '50', ...(cursor ? { after: cursor } : {}) });
        seen.push(...page.data);
        if (page.data.length > 0) cursor = page.data[page.data.length - 1].id;
      }
    })();
    const uuids = await Promise.all(
      Array.from({ length: 100 }, () =>
        register(session, candidate({ packageId: 'PKG-GLOBEX-FULL', consentNIP: '4790' })),
      ),
    );
    await Promise.all(
      uuids
        .slice(0, 50)
        .map((uuid) => waitForOverview(session, uuid, (o) => o.status === 'Completed', 90_000)),
    );
    await late.query('COMMIT');
    await late.end();
    // Every process of these requests has settled (finished, or waiting for the candidate).
    await Promise.all(
      uuids.map((uuid) => waitForOverview(session, uuid, (o) => o.status === 'Completed', 90_000)),
    );
    const expected = await countRows(
      `SELECT count(*)::int AS n FROM event WHERE data->>'uuid' = ANY($1::text[])`,
      [uuids],
    );
    const ours = () =>
      seen.filter((e) => uuids.includes(e.data.uuid as string) || e.data.searchId === marker);
    await eventually(
      async () => (ours().length >= expected + 1 ? true : undefined),
      30_000,
      'the reader to catch up',
    );
    writing = false;
    await reader;
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ours()).toHaveLength(expected + 1);
    expect(seen.filter((e) => e.data.searchId === marker)).toHaveLength(1);
    expect(expected).toBeGreaterThanOrEqual(100 * 3);
  }, 150_000);
});

describe('transactions that write no event', () => {
  /** A session that takes a transaction id and then sits idle in its transaction. */
  async function idleWithXid(databaseUrl: string): Promise<Client> {
    const session = new Client({ connectionString: databaseUrl });
    await session.connect();
    await session.query('BEGIN');
    await session.query('SELECT pg_current_xact_id()');
    return session;
  }

  it('do not hold back the log: neither one in another database nor one here that writes no event', async () => {
    const session = await signIn('ops@globex.test');
    const { cursor } = await readToEnd(session);
    const elsewhere = new URL(state().databaseUrl);
    elsewhere.pathname = '/postgres';
    const foreign = await idleWithXid(elsewhere.toString());
    const quiet = await idleWithXid(state().databaseUrl);
    try {
      const uuid = await register(session, candidate({ packageId: 'PKG-GLOBEX-FULL', consentNIP: '4790' }));
      const created = await eventually(
        async () =>
          about((await readToEnd(session, cursor)).events, uuid).find(
            (e) => e.type === 'candidate_request.created',
          ),
        10_000,
        'the registration event while two foreign transactions stay open',
      );
      expect(created.data).toEqual({ uuid, packageId: 'PKG-GLOBEX-FULL' });
    } finally {
      await Promise.all([foreign, quiet].map((c) => c.query('ROLLBACK').then(() => c.end())));
    }
  });

  it('cannot come from a session that did not announce itself as an event writer', async () => {
    await withDb(async (db) => {
      await expect(
        db.query(
          `INSERT INTO event (client_id, type, subject, data) VALUES ('acme', 'webhook.test', 'x', '{}')`,
        ),
      ).rejects.toThrow(/announced as an event writer/);
    });
  });
});
