/**
 * Issue 23 / docs/integrators.md: legal-record uuids are RFC 9562 UUIDs. The generator makes them (the same
 * corpus for the same seed), and a one-time migration re-keys a corpus generated before, stored
 * searches following it. Both run here against scratch databases beside the e2e stack's.
 */
import { ANNOUNCE_EVENT_WRITER } from '../libs/persistence/src/repositories/event-horizon';
import { join } from 'node:path';
import { Client } from 'pg';
import { isRfc9562Uuid } from '@app/domain';
import { E2E, ROOT } from './support/stack';

interface Tooling {
  ensureDatabase(url: string): Promise<unknown>;
  runMigrations(url: string): Promise<string[]>;
  revertLastMigration(url: string): Promise<void>;
  withDataSource<T>(url: string, work: (ds: unknown) => Promise<T>): Promise<T>;
  seedDemoData(ds: unknown, passwordHash: string): Promise<void>;
}
interface CorpusSession {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  release(): Promise<void>;
}
/* eslint-disable @typescript-eslint/no-require-imports -- the built tooling, as the e2e harness runs it */
const tooling = require(join(ROOT, 'dist/libs/persistence/src/tooling.js')) as Tooling;
const { loadCorpus } = require(join(ROOT, 'dist/libs/persistence/src/legal-corpus/corpus-loader.js')) as {
  loadCorpus(session: CorpusSession, options: { persons: number; seed: number }): Promise<void>;
};
const { openCorpusSession } = require(
  join(ROOT, 'dist/libs/persistence/src/legal-corpus/corpus-session.js'),
) as {
  openCorpusSession(url: string): Promise<CorpusSession>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const scratchUrl = (suffix: string) => `${E2E.databaseUrl}_${suffix}`;

async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  if (!name.includes('test')) throw new Error(`refusing to drop ${name}`);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

async function withClient<T>(url: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** What the migration makes of a uuid: version digit 8, variant digit 8-b by its two low bits. */
function rekeyed(uuid: string): string {
  const variant = '89ab'[parseInt(uuid[19], 16) & 3];
  return `${uuid.slice(0, 14)}8${uuid.slice(15, 19)}${variant}${uuid.slice(20)}`;
}

describe('the re-keying migration', () => {
  const url = scratchUrl('rekey');
  // Persons and lawsuits as generator 2 made them: md5 digests cast to uuid.
  const people = ['P1', 'P2', 'P3'];
  let old: { persons: string[]; lawsuits: string[]; searchId: string; userId: string };

  beforeAll(async () => {
    await dropDatabase(url);
    await tooling.ensureDatabase(url);
    await tooling.runMigrations(url);
    // Back to the schema before the re-keying (it changes nothing going down): every later migration
    // (the ingest schema, and whatever came after it) and the re-keying itself.
    const applied = async () =>
      withClient(url, async (db) =>
        (await db.query(`SELECT name FROM schema_migrations`)).rows.map((r: { name: string }) => r.name),
      );
    while ((await applied()).includes('RfcLegalRecordUuids1764550000000'))
      await tooling.revertLastMigration(url);
    old = await withClient(url, async (db) => {
      // The demo client and user as the schema of that time holds them (today's seed writes columns
      // that later migrations added).
      await db.query(`INSERT INTO client (id, name) VALUES ('acme', 'Acme Recursos Humanos')`);
      await db.query(
        `INSERT INTO app_user (email, password_hash, name, profile, default_client_id)
         VALUES ('demo@acme.test', 'not-a-real-hash', 'Demo Acme', 'analyst', 'acme')`,
      );
      await db.query(
        `INSERT INTO user_client (user_id, client_id) SELECT id, 'acme' FROM app_user WHERE email = 'demo@acme.test'`,
      );
      await db.query(
        `INSERT INTO legal_corpus_load (persons, seed, generator, finished_at) VALUES (3, 5, 2, now())`,
      );
      const persons: string[] = [];
      for (const [i, label] of people.entries()) {
        const { rows } = await db.query(
          `INSERT INTO legal_person (uuid, full_name, given_names, last_name, second_last_name, state, search_keys,
                                     lawsuit_count, as_defendant, categories, category_mask, name_key, latest_agreement)
           VALUES (md5('rekey:' || $1::text)::uuid, 'María ' || $1 || ' Hernández', 'María ' || $1, 'Hernández', NULL,
                   'Jalisco', ARRAY['gl:maria|hernandez', 'gl:' || lower($1) || '|hernandez'], 2, 1, '{Civil}', 1,
                   'maria ' || lower($1) || ' hernandez', ('2024-01-0' || $2::text)::date)
           RETURNING uuid::text`,
          [label, i + 1],
        );
        persons.push(rows[0].uuid);
      }
      await db.query(
        `INSERT INTO legal_lawsuit (id, person_uuid, role, category, judgement_type, plaintiff, defendant, state, type,
                                    agreement_date, file_number, source, court, circuit, synthesis, synthesis_url, source_url)
         SELECT x.id, p.uuid, 'Defendant', 'Civil', 'Acuerdo', 'A', 'B', 'Jalisco', 'Civil', '2024-01-01', '1/2024', 'S',
                'C', 'Primer Circuito', 'Síntesis', 'https://records.example.mx/sintesis/' || x.id, 'https://records.example.mx/e/1'
           FROM legal_person p, generate_series(1, 2) k, LATERAL (SELECT md5(p.uuid::text || ':' || k)::uuid AS id) x`,
      );
      const { rows: lawsuits } = await db.query(`SELECT id::text FROM legal_lawsuit ORDER BY id`);
      const { rows: users } = await db.query(`SELECT id::text FROM app_user WHERE email = 'demo@acme.test'`);
      const userId = users[0].id as string;
      // A stored search of the pair, its set (second person first), one record unlocked and billed,
      // its event, and its answer kept for an Idempotency-Key replay.
      const { rows: sets } = await db.query(
        `INSERT INTO legal_match_set (corpus_version, query_key, total, per_category, top_states, uuids, names, counts,
                                      category_masks, agreement_dates, states)
         VALUES (1, 'gl:maria|hernandez', 3, '{3}', '[{"state": "Jalisco", "count": 3}]', ARRAY[$2, $1, $3]::uuid[],
                 '{b,a,c}', '{2,2,2}', '{1,1,1}', '{2024-01-02,2024-01-01,2024-01-03}', '{Jalisco,Jalisco,Jalisco}')
         RETURNING id`,
        persons,
      );
      const searchId = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
      await db.query(
        `INSERT INTO legal_search (id, client_id, created_by, search_query, outcome, total_in_source, kpis, slow_response,
                                   recoverable_until, name_key, match_set_id)
         VALUES ($1, 'acme', $2, '{"name": "María", "lastName": "Hernández"}', 'SUCCESS', 3, '{}', false,
                 now() + interval '30 days', 'maria hernandez', $3)`,
        [searchId, userId, sets[0].id],
      );
      await db.query(`INSERT INTO legal_unlock (search_id, person_uuid) VALUES ($1, $2)`, [
        searchId,
        persons[0],
      ]);
      await db.query(
        `INSERT INTO billing_charge (client_id, kind, search_id, person_uuid) VALUES ('acme', 'LEGAL_SEARCH', $1, NULL),
                ('acme', 'LEGAL_RECORD_UNLOCK', $1, $2)`,
        [searchId, persons[0]],
      );
      // The event log takes events only from sessions that announce themselves, as the apps' pools do.
      await db.query(ANNOUNCE_EVENT_WRITER);
      await db.query(
        `INSERT INTO event (client_id, type, subject, data) VALUES ('acme', 'legal_record.unlocked', $1,
                 jsonb_build_object('searchId', $1::text, 'uuid', $2::text))`,
        [searchId, persons[0]],
      );
      await db.query(
        `INSERT INTO idempotency_record (user_id, operation, key, request_hash, status_code, response_body)
         VALUES ($1, 'createLegalSearch', 'k1', 'h', 200, $2::json)`,
        [
          userId,
          JSON.stringify({
            data: { searchId, records: persons.map((uuid) => ({ uuid, name: 'x' })) },
          }),
        ],
      );
      return { persons, lawsuits: lawsuits.map((l) => l.id as string), searchId, userId };
    });
    await tooling.runMigrations(url);
  });

  afterAll(() => dropDatabase(url));

  it('starts from uuids that fail an RFC 9562 check (the case it exists for)', () => {
    expect([...old.persons, ...old.lawsuits].filter(isRfc9562Uuid).length).toBeLessThan(
      old.persons.length + old.lawsuits.length,
    );
  });

  it('re-keys persons and lawsuits to version 8 uuids of the same digits, lawsuits following their persons', async () => {
    await withClient(url, async (db) => {
      const persons = (await db.query(`SELECT uuid::text FROM legal_person ORDER BY uuid`)).rows.map(
        (r) => r.uuid,
      );
      expect(persons).toEqual(old.persons.map(rekeyed).sort());
      const lawsuits = (
        await db.query(`SELECT id::text, person_uuid::text, synthesis_url FROM legal_lawsuit ORDER BY id`)
      ).rows;
      expect(lawsuits.map((l) => l.id)).toEqual(old.lawsuits.map(rekeyed).sort());
      for (const l of lawsuits) {
        expect(persons).toContain(l.person_uuid);
        expect(l.synthesis_url).toBe(`https://records.example.mx/sintesis/${l.id}`);
      }
      expect([...persons, ...lawsuits.map((l) => l.id)].filter((u) => !isRfc9562Uuid(u))).toEqual([]);
      // Keys and indexes are back: a lawsuit of an unknown person is refused.
      await expect(
        db.query(`UPDATE legal_lawsuit SET person_uuid = gen_random_uuid() WHERE id = $1`, [lawsuits[0].id]),
      ).rejects.toThrow(/foreign key/);
    });
  });

  it('moves the stored search with it: its matches in their order, the unlock, the ledger, the event, the replay', async () => {
    await withClient(url, async (db) => {
      const { rows: sets } = await db.query(
        `SELECT s.uuids::text[] AS uuids FROM legal_search x JOIN legal_match_set s ON s.id = x.match_set_id WHERE x.id = $1`,
        [old.searchId],
      );
      expect(sets[0].uuids).toEqual([old.persons[1], old.persons[0], old.persons[2]].map(rekeyed));
      const unlocked = (await db.query(`SELECT person_uuid::text FROM legal_unlock`)).rows;
      expect(unlocked).toEqual([{ person_uuid: rekeyed(old.persons[0]) }]);
      const ledger = (await db.query(`SELECT kind, person_uuid::text FROM billing_charge ORDER BY kind`))
        .rows;
      expect(ledger).toEqual([
        { kind: 'LEGAL_RECORD_UNLOCK', person_uuid: rekeyed(old.persons[0]) },
        { kind: 'LEGAL_SEARCH', person_uuid: null },
      ]);
      const events = (await db.query(`SELECT data FROM event WHERE type = 'legal_record.unlocked'`)).rows;
      expect(events).toEqual([{ data: { searchId: old.searchId, uuid: rekeyed(old.persons[0]) } }]);
      const replay = (await db.query(`SELECT response_body::text AS body FROM idempotency_record`)).rows[0]
        .body;
      expect(replay).toBe(
        JSON.stringify({
          data: {
            searchId: old.searchId,
            records: old.persons.map((uuid) => ({ uuid: rekeyed(uuid), name: 'x' })),
          },
        }),
      );
    });
  });

  it('records the corpus as generator 3 and indexes it again: every pair has a current set', async () => {
    await withClient(url, async (db) => {
      const loads = (await db.query(`SELECT kind, generator FROM legal_corpus_load ORDER BY version`)).rows;
      expect(loads).toEqual([
        { kind: 'load', generator: 3 },
        { kind: 'reindex', generator: 3 },
      ]);
      const { rows } = await db.query(
        `SELECT c.query_key, s.total, s.per_state IS NOT NULL AS merged, s.uuids::text[] AS uuids
           FROM legal_current_set c JOIN legal_match_set s ON s.id = c.set_id ORDER BY c.query_key`,
      );
      expect(rows.map((r) => r.query_key)).toEqual([
        'gl:maria|hernandez',
        'gl:p1|hernandez',
        'gl:p2|hernandez',
        'gl:p3|hernandez',
      ]);
      expect(rows.every((r) => r.merged)).toBe(true);
      // Ranked again with the new uuids (equal counts, then name): P1, P2, P3.
      expect(rows[0].uuids).toEqual(old.persons.map(rekeyed));
    });
  });
});

describe('the corpus generator', () => {
  const url = scratchUrl('generator');
  const PERSONS = 3_000;
  const SEED = 11;

  async function loadAndDigest(): Promise<Record<string, string>> {
    const session = await openCorpusSession(url);
    try {
      await loadCorpus(session, { persons: PERSONS, seed: SEED });
      const [digest] = await session.query(
        `SELECT (SELECT md5(string_agg(p::text, ',' ORDER BY uuid)) FROM legal_person p) AS persons,
                (SELECT md5(string_agg(l::text, ',' ORDER BY id)) FROM legal_lawsuit l) AS lawsuits,
                (SELECT md5(string_agg(row(s.query_key, s.total, s.per_category, s.per_state, s.top_states, s.uuids, s.names,
                                           s.counts, s.category_masks, s.agreement_dates, s.states, s.name_keys)::text,
                                       ',' ORDER BY s.query_key))
                   FROM legal_current_set c JOIN legal_match_set s ON s.id = c.set_id) AS sets`,
      );
      return digest as Record<string, string>;
    } finally {
      await session.release();
    }
  }

  beforeAll(async () => {
    await dropDatabase(url);
    await tooling.ensureDatabase(url);
    await tooling.runMigrations(url);
  });

  afterAll(() => dropDatabase(url));

  it('makes the same corpus for the same seed, uuids included', async () => {
    const first = await loadAndDigest();
    const second = await loadAndDigest();
    expect(second).toEqual(first);
  });

  it('makes RFC 9562 uuids: version 8 of the digests generator 2 used, as the migration re-keys them', async () => {
    await withClient(url, async (db) => {
      const bad = await db.query(
        `SELECT (SELECT count(*) FROM legal_person WHERE NOT uuid::text ~ $1)::int AS persons,
                (SELECT count(*) FROM legal_lawsuit WHERE NOT id::text ~ $1)::int AS lawsuits`,
        ['^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'],
      );
      expect(bad.rows[0]).toEqual({ persons: 0, lawsuits: 0 });
      const { rows: digests } = await db.query(
        `SELECT md5($1 || ':p:' || i)::uuid::text AS uuid FROM generate_series(1, $2::int) i`,
        [String(SEED), PERSONS],
      );
      const persons = new Set(
        (await db.query(`SELECT uuid::text FROM legal_person`)).rows.map((r) => r.uuid as string),
      );
      expect(digests.map((d) => rekeyed(d.uuid)).filter((u) => !persons.has(u))).toEqual([]);
      // A lawsuit id is the version 8 uuid of md5(<generator 2's person uuid>:<k>).
      const { rows: lawsuitDigests } = await db.query(
        `SELECT md5(md5($1 || ':p:' || i)::uuid::text || ':' || k)::uuid::text AS id
           FROM generate_series(1, 50) i, generate_series(1, 31) k`,
        [String(SEED)],
      );
      const candidates = new Set(lawsuitDigests.map((d) => rekeyed(d.id)));
      const { rows: firstPersonsLawsuits } = await db.query(
        `SELECT l.id::text FROM legal_lawsuit l
          WHERE l.person_uuid = ANY($1::uuid[])`,
        [digests.slice(0, 50).map((d) => rekeyed(d.uuid))],
      );
      expect(firstPersonsLawsuits.length).toBeGreaterThan(50);
      expect(firstPersonsLawsuits.filter((l) => !candidates.has(l.id))).toEqual([]);
    });
  });
});
