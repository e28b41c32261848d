/**
 * docs/operations.md: `npm run corpus:ingest` adds and replaces persons and lawsuits while the apps
 * serve, all or nothing; searches created after its commit answer from the new corpus as if it
 * had been loaded whole, searches stored before keep their answers (details included).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isRfc9562Uuid } from '@app/domain';
import { CORPUS_LOCK } from '@app/persistence/legal-corpus/corpus-locks';
import { api, countRows, Session, signedIn, state, untilCount, withDb } from './support/helpers';
import {
  Answer,
  answerFromScratch,
  answerOf,
  asEntry,
  corpusVersion,
  ingestFile,
  lawsuit,
  lawsuitsFromScratch,
  Line,
  person,
  runIngest,
  SearchBody,
  uniqueWord,
} from './support/legal-corpus';

const SEARCHES = '/risks/legal-records/searches';
const acme = signedIn('demo@acme.test');

async function search(session: Session, body: SearchBody) {
  const response = await api().post(`${SEARCHES}?limit=300`).set(session.auth).send(body);
  if (response.status !== 200)
    throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

async function page(session: Session, searchId: string) {
  return (await api().get(`${SEARCHES}/${searchId}?limit=300`).set(session.auth).expect(200)).body.data;
}

async function detail(session: Session, searchId: string, uuid: string) {
  return (await api().get(`${SEARCHES}/${searchId}/records/${uuid}?limit=300`).set(session.auth).expect(200))
    .body.data;
}

/** Every uuid of a search answer or a record detail (docs/behaviour.md). */
function uuidsOf(data: Record<string, unknown>): string[] {
  const d = data as {
    searchId?: string;
    records: Array<{ uuid?: string; id?: string }>;
    meta?: { searchId: string; unlocked_uuids: string[] };
    source?: { uuid: string };
  };
  return [
    ...(d.searchId ? [d.searchId] : []),
    ...(d.meta ? [d.meta.searchId, ...d.meta.unlocked_uuids] : []),
    ...(d.source ? [d.source.uuid] : []),
    ...d.records.map((r) => (r.uuid ?? r.id) as string),
  ];
}

const corpusSize = () =>
  withDb(
    async (db) =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM legal_person)::int AS persons, (SELECT count(*) FROM legal_lawsuit)::int AS lawsuits`,
        )
      ).rows[0],
  );

describe('npm run corpus:ingest', () => {
  it('prints its usage for --help, exits 0 and changes nothing', async () => {
    const [version, size] = [await corpusVersion(), await corpusSize()];
    const run = await runIngest('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: npm run corpus:ingest -- <file.jsonl>');
    expect([await corpusVersion(), await corpusSize()]).toEqual([version, size]);
  });

  it('refuses a file with a bad line in the middle: prints the line and the reason, changes nothing', async () => {
    const surname = uniqueWord('Rechazado');
    const first = person({ givenNames: 'Aurelio', paternalSurname: surname });
    const last = person({ givenNames: 'Aurelio', paternalSurname: surname, maternalSurname: 'Paz' });
    const file = ingestFile([
      first,
      lawsuit(first.uuid as string),
      lawsuit(first.uuid as string, { agreementDate: '2025-02-30' }),
      last,
      lawsuit(last.uuid as string),
    ]);
    const [version, size] = [await corpusVersion(), await corpusSize()];

    const run = await runIngest(file);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('line 3: agreementDate must be a calendar date written YYYY-MM-DD');
    expect(run.stderr).toContain('Nothing was ingested');
    expect([await corpusVersion(), await corpusSize()]).toEqual([version, size]);
    expect((await search(acme, { name: 'Aurelio', lastName: surname })).outcome).toBe('EMPTY');
  });

  it.each([
    ['broken JSON', () => '{"type": "person", "uuid": ', 'is not valid JSON'],
    [
      'an md5 digest as a person uuid',
      () =>
        person({
          givenNames: 'Aurelio',
          paternalSurname: 'Paz',
          uuid: '9e107d9d-372b-0b68-bf9c-8c34d6e1c1a4',
        }),
      'uuid must be an RFC 9562 UUID',
    ],
    [
      'a lawsuit naming a person neither in the file nor in the corpus',
      () => lawsuit('0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31'),
      'personUuid 0d3f5a7e-91c2-8b4d-a1e6-5f0c9d2b7e31 is neither a person of the file nor of the corpus',
    ],
  ])('refuses %s on line 2 and changes nothing', async (_label, bad, reason) => {
    const fine = person({ givenNames: 'Aurelio', paternalSurname: uniqueWord('Rechazado') });
    const file = ingestFile([fine, bad(), lawsuit(fine.uuid as string)]);
    const [version, size] = [await corpusVersion(), await corpusSize()];
    const run = await runIngest(file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`line 2: ${reason}`);
    expect([await corpusVersion(), await corpusSize()]).toEqual([version, size]);
  });

  it('refuses a file it cannot read, naming it', async () => {
    const run = await runIngest('/nonexistent/bulletin.jsonl');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot read /nonexistent/bulletin.jsonl');
  });
});

describe('a search after an ingest answers from the new corpus; one before keeps its answers', () => {
  const pair = { name: 'María', lastName: 'Hernández' };
  const newcomer = { name: 'Zacarías', lastName: uniqueWord('Ingestado') };
  const renamedTo = uniqueWord('Renombrado');
  let before: {
    search: Record<string, unknown>;
    page: Record<string, unknown>;
    detail: Record<string, unknown>;
  };
  let grown: { uuid: string; lawsuitIds: string[] };
  const publisherId = `EXP-${Date.now() % 100_000}/2026-J3C`;
  let renamed: { uuid: string; name: string };
  let lines: { top: Line; topLawsuits: Line[]; newcomer: Line; added: Line; replaced: Line };
  let run: { code: number | null; stdout: string; stderr: string };
  let versionBefore: number;
  let versionAfter: number;

  beforeAll(async () => {
    // Before: the most common pair's search (cut at 300), one of its records read (unlocked), and
    // a search of a name nobody has yet.
    const data = await search(acme, pair);
    expect(data.meta.cap.truncated).toBe(true);
    const growing = data.records[5];
    const leaving = data.records[7];
    await detail(acme, data.searchId, growing.uuid);
    before = {
      search: data,
      page: await page(acme, data.searchId),
      detail: await detail(acme, data.searchId, growing.uuid),
    };
    grown = {
      uuid: growing.uuid,
      lawsuitIds: (before.detail.records as Array<{ id: string }>).map((r) => r.id),
    };
    const [leavingRow] = await withDb(
      async (db) =>
        (
          await db.query(`SELECT given_names, second_last_name, state FROM legal_person WHERE uuid = $1`, [
            leaving.uuid,
          ])
        ).rows,
    );
    renamed = { uuid: leaving.uuid, name: leavingRow.given_names };
    expect((await search(acme, newcomer)).outcome).toBe('EMPTY');

    // The bulletin: a new María Hernández with more lawsuits than anyone, a new person of a new
    // name, a person of the set renamed out of it, a new lawsuit and a replaced one of a person
    // already in the corpus.
    const top = person({
      givenNames: 'María',
      paternalSurname: 'Hernández',
      maternalSurname: uniqueWord('Nueva'),
      state: 'Yucatán',
    });
    const topLawsuits = Array.from({ length: 40 }, () =>
      lawsuit(top.uuid as string, { category: 'Penal', state: 'Yucatán' }),
    );
    const newcomerLine = person({
      givenNames: 'Zacarías',
      paternalSurname: newcomer.lastName,
      state: 'nuevo leon',
    });
    const added = lawsuit(growing.uuid, { category: 'Agrario', agreementDate: '2026-01-15' });
    const replaced = lawsuit(growing.uuid, {
      id: grown.lawsuitIds[0],
      category: 'Fiscal',
      synthesis: 'Síntesis corregida por el boletín.',
    });
    lines = { top, topLawsuits, newcomer: newcomerLine, added, replaced };
    versionBefore = await corpusVersion();
    run = await runIngest(
      ingestFile([
        top,
        newcomerLine,
        lawsuit(newcomerLine.uuid as string, { role: 'Applicant' }),
        ...topLawsuits,
        person({
          uuid: renamed.uuid,
          givenNames: leavingRow.given_names,
          paternalSurname: renamedTo,
          ...(leavingRow.second_last_name ? { maternalSurname: leavingRow.second_last_name } : {}),
          state: leavingRow.state,
        }),
        added,
        replaced,
        // A lawsuit as a judicial bulletin numbers it: its own file key, not a UUID.
        lawsuit(newcomerLine.uuid as string, { agreementDate: '2024-05-06', id: publisherId }),
      ]),
    );
    versionAfter = await corpusVersion();
  });

  it('succeeds and prints the new corpus version with what it added and replaced', async () => {
    expect(run.stderr.replace(/^Building\.\.\.\n/, '')).toBe('');
    expect(run.code).toBe(0);
    // Versions only grow (a refused ingest leaves a gap): the new one is what searches see now.
    expect(versionAfter).toBeGreaterThan(versionBefore);
    expect(run.stdout).toContain(`corpus version ${versionAfter}`);
    expect(run.stdout).toMatch(/persons: +2 added, 1 replaced/);
    expect(run.stdout).toMatch(/lawsuits: 43 added, 1 replaced/);
  });

  it('a search stored before keeps its records and KPIs', async () => {
    expect(await page(acme, before.search.searchId as string)).toEqual(before.page);
  });

  it('a search stored before keeps its record details: the lawsuits as they were when it was made', async () => {
    const again = await detail(acme, before.search.searchId as string, grown.uuid);
    expect(again.records).toEqual(before.detail.records);
    expect(again.pagination).toEqual(before.detail.pagination);
    expect(again.consumption.charged).toBe(false);
  });

  it('a search after answers as computed from scratch: the new person first, the renamed one gone', async () => {
    const data = await search(acme, pair);
    const expected: Answer = await answerFromScratch(pair);
    expect(answerOf(data)).toEqual(expected);
    expect(data.records[0]).toEqual(
      expect.objectContaining({ uuid: lines.top.uuid, count: 40, categories: ['Penal'], state: 'Yucatán' }),
    );
    expect(data.records.map((r: { uuid: string }) => r.uuid)).not.toContain(renamed.uuid);
    expect(data.meta.cap.total_records_in_source).toBe(
      (before.search.meta as { cap: { total_records_in_source: number } }).cap.total_records_in_source,
    );
    const grownRecord = data.records.find((r: { uuid: string }) => r.uuid === grown.uuid);
    if (grownRecord) expect(grownRecord.categories).toEqual(expect.arrayContaining(['Agrario', 'Fiscal']));
  });

  it('record details after read the new lawsuits, exactly as the file gave them', async () => {
    const data = await search(acme, pair);
    const top = await detail(acme, data.searchId, lines.top.uuid as string);
    expect(top.source).toEqual({ uuid: lines.top.uuid, name: data.records[0].name, count: 40 });
    expect(top.pagination.total_records_found).toBe(40);
    expect([...top.records].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      lines.topLawsuits.map(asEntry).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The person with a new lawsuit only moved up in the pair: still in its first 300.
    const grownDetail = await detail(acme, data.searchId, grown.uuid);
    expect(grownDetail.records).toEqual(await lawsuitsFromScratch(grown.uuid));
    expect(grownDetail.records).toEqual(
      expect.arrayContaining([asEntry(lines.added), asEntry(lines.replaced)]),
    );
    expect(grownDetail.pagination.total_records_found).toBe(grown.lawsuitIds.length + 1);
  });

  it('a new name is found, with its lawsuits; the renamed person under its new name', async () => {
    const data = await search(acme, newcomer);
    expect(data.outcome).toBe('SUCCESS');
    expect(answerOf(data)).toEqual(await answerFromScratch(newcomer));
    expect(data.records).toEqual([
      expect.objectContaining({
        uuid: lines.newcomer.uuid,
        count: 2,
        state: 'Nuevo León',
        categories: ['Civil'],
      }),
    ]);
    const found = await detail(acme, data.searchId, lines.newcomer.uuid as string);
    expect(found.records.map((r: { agreement_date: string }) => r.agreement_date)).toEqual([
      expect.any(String),
      '2024-05-06',
    ]);
    // The publisher's own lawsuit id, exactly as the file gave it.
    expect(found.records[1].id).toBe(publisherId);
    const moved = await search(acme, { name: renamed.name, lastName: renamedTo });
    expect(moved.records.map((r: { uuid: string }) => r.uuid)).toEqual([renamed.uuid]);
  });

  it('every uuid of a search answer and of a record detail is an RFC 9562 UUID', async () => {
    const data = await search(acme, pair);
    const details = await Promise.all(
      data.records.slice(0, 5).map((r: { uuid: string }) => detail(acme, data.searchId, r.uuid)),
    );
    const uuids = [...uuidsOf(await page(acme, data.searchId)), ...details.flatMap(uuidsOf)];
    expect(uuids.length).toBeGreaterThan(300);
    expect(uuids.filter((u) => !isRfc9562Uuid(u))).toEqual([]);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM legal_person
          WHERE NOT (uuid::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$')`,
      ),
    ).toBe(0);
  });

  it('records for the monitors what the ingest added and changed, in its transaction', async () => {
    const version = versionAfter;
    const [ingest] = await withDb(
      async (db) => (await db.query(`SELECT * FROM legal_corpus_ingest WHERE version = $1`, [version])).rows,
    );
    expect(ingest).toEqual(
      expect.objectContaining({
        persons_added: 2,
        persons_replaced: 1,
        lawsuits_added: 43,
        lawsuits_replaced: 1,
      }),
    );
    // The processor then compares it with the monitors (docs/monitoring.md) and says when it did.
    await untilCount(
      `SELECT count(*)::int AS n FROM legal_corpus_ingest WHERE version = $1 AND monitors_compared_at IS NOT NULL`,
      [version],
      { timeoutMs: 30_000, what: 'the monitors compared the ingest' },
    );
    const persons = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT person_uuid, person_change, cardinality(lawsuits_added)::int AS added, lawsuits_replaced
               FROM legal_corpus_ingest_person WHERE version = $1`,
            [version],
          )
        ).rows,
    );
    expect(persons).toEqual(
      expect.arrayContaining([
        { person_uuid: lines.top.uuid, person_change: 'added', added: 40, lawsuits_replaced: [] },
        { person_uuid: lines.newcomer.uuid, person_change: 'added', added: 2, lawsuits_replaced: [] },
        { person_uuid: renamed.uuid, person_change: 'replaced', added: 0, lawsuits_replaced: [] },
        { person_uuid: grown.uuid, person_change: null, added: 1, lawsuits_replaced: [grown.lawsuitIds[0]] },
      ]),
    );
    expect(persons).toHaveLength(4);
  });
});

/** A bulletin over common names: new persons, renamed persons, new and moved lawsuits. */
async function commonNamesBulletin(size: {
  persons: number;
  renamed: number;
  lawsuits: number;
  moved: number;
}) {
  const given = ['María', 'Juan', 'José', 'Guadalupe', 'Ana Luz', 'Luis Alberto'];
  const surnames = ['Hernández', 'García', 'López', 'Martínez', 'de la Cruz'];
  const states = ['Jalisco', 'Sonora', 'Yucatán', 'Ciudad de México', 'Nuevo León', 'Oaxaca'];
  const categories = ['Civil', 'Penal', 'Mercantil', 'Agrario', 'Fiscal', 'Laboral'];
  // xorshift32: the same bulletin on every run.
  let seed = 7;
  const pick = <T>(list: T[]): T => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return list[(seed >>> 0) % list.length];
  };
  const existing = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT uuid, given_names, second_last_name FROM legal_person
            WHERE search_keys && '{gl:maria|hernandez,gl:juan|hernandez,gl:jose|garcia,gs:guadalupe|lopez}'
            ORDER BY lawsuit_count DESC, uuid LIMIT 400`,
        )
      ).rows,
  );
  const movable = await withDb(async (db) =>
    (
      await db.query(
        `SELECT l.id FROM legal_lawsuit l
             JOIN (SELECT uuid FROM legal_person WHERE search_keys @> '{gl:maria|hernandez}'
                    ORDER BY lawsuit_count DESC, uuid LIMIT 20) p ON p.uuid = l.person_uuid
            ORDER BY l.id LIMIT $1`,
        [size.moved],
      )
    ).rows.map((r) => r.id as string),
  );
  const lines: Line[] = [];
  const fresh: string[] = [];
  for (let i = 0; i < size.persons; i++) {
    const p = person({
      givenNames: pick(given),
      paternalSurname: pick(surnames),
      ...(i % 5 ? { maternalSurname: pick(surnames) } : {}),
      state: pick(states),
    });
    fresh.push(p.uuid as string);
    lines.push(p);
  }
  for (const p of existing.slice(0, size.renamed))
    lines.push(
      person({
        uuid: p.uuid,
        givenNames: pick([p.given_names, pick(given)]),
        paternalSurname: pick(surnames),
        ...(p.second_last_name ? { maternalSurname: p.second_last_name } : {}),
        state: pick(states),
      }),
    );
  const anyone = [...fresh, ...existing.map((p) => p.uuid as string)];
  const days = Array.from({ length: 28 }, (_, d) => String(d + 1).padStart(2, '0'));
  const months = days.slice(0, 12);
  const years = Array.from({ length: 16 }, (_, y) => String(2010 + y));
  const dated = () => `${pick(years)}-${pick(months)}-${pick(days)}`;
  for (let i = 0; i < size.lawsuits; i++)
    lines.push(
      lawsuit(i % 3 ? pick(fresh) : pick(anyone), {
        category: pick(categories),
        state: pick(states),
        agreementDate: dated(),
      }),
    );
  for (const id of movable)
    lines.push(lawsuit(pick(anyone), { id, category: pick(categories), agreementDate: dated() }));
  return lines;
}

const SAMPLE: SearchBody[] = [
  { name: 'María', lastName: 'Hernández' },
  { name: 'Juan', lastName: 'Hernández' },
  { name: 'José', lastName: 'García' },
  { name: 'Guadalupe', secondLastName: 'López' },
  { name: 'Luis', lastName: 'de la Cruz' },
  { name: 'ana', lastName: 'MARTINEZ' },
  { name: 'Ana Luz', lastName: 'Martínez' },
  { name: 'María', lastName: 'Hernández', secondLastName: 'García' },
  { name: 'Juan', secondLastName: 'de la Cruz' },
  { name: 'Alberto', lastName: 'López', secondLastName: 'Hernández' },
];

describe('the answer after an ingest equals the answer computed from scratch', () => {
  it('for a sample of the pairs and queries it touched (sets merged, recomputed and dropped)', async () => {
    // Cache every query's set first: the ingest must replace or drop each of them.
    for (const query of SAMPLE) await search(acme, query);
    const run = await runIngest(
      ingestFile(await commonNamesBulletin({ persons: 400, renamed: 60, lawsuits: 1500, moved: 40 })),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/persons: +400 added, 60 replaced/);
    const [{ sets_dropped: dropped }] = await withDb(
      async (db) =>
        (await db.query(`SELECT sets_dropped FROM legal_corpus_ingest ORDER BY version DESC LIMIT 1`)).rows,
    );
    expect(dropped).toBeGreaterThan(0);

    for (const query of SAMPLE) {
      const data = await search(acme, query);
      expect({ query, answer: answerOf(data) }).toEqual({ query, answer: await answerFromScratch(query) });
      for (const record of data.records.slice(0, 3)) {
        const read = await detail(acme, data.searchId, record.uuid);
        expect(read.records).toEqual(await lawsuitsFromScratch(record.uuid));
      }
    }
  });
});

describe('searches while an ingest runs', () => {
  it('never fail and never see half of it: each answer is all before or all after, and after stays after', async () => {
    const pairs: SearchBody[] = SAMPLE.slice(0, 4);
    const before = new Map<number, string>();
    for (const [i, query] of pairs.entries())
      before.set(i, JSON.stringify(answerOf(await search(acme, query))));
    const file = ingestFile(
      await commonNamesBulletin({ persons: 3000, renamed: 100, lawsuits: 9000, moved: 30 }),
    );

    const started = Date.now();
    let finished = Number.POSITIVE_INFINITY;
    const ingest = runIngest(file).then((result) => {
      finished = Date.now();
      return result;
    });
    const seen: Array<{ pair: number; start: number; end: number; status: number; answer: string }> = [];
    const worker = async (w: number) => {
      for (let i = w; finished === Number.POSITIVE_INFINITY; i++) {
        const pair = i % pairs.length;
        const start = Date.now();
        const response = await api().post(`${SEARCHES}?limit=300`).set(acme.auth).send(pairs[pair]);
        seen.push({
          pair,
          start,
          end: Date.now(),
          status: response.status,
          answer: response.status === 200 ? JSON.stringify(answerOf(response.body.data)) : '',
        });
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    const run = await ingest;
    expect(run.code).toBe(0);

    const after = new Map<number, string>();
    for (const [i, query] of pairs.entries()) {
      const answer = answerOf(await search(acme, query));
      expect(answer).toEqual(await answerFromScratch(query));
      after.set(i, JSON.stringify(answer));
      expect(after.get(i)).not.toBe(before.get(i));
    }
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    const phase = seen.map((s) =>
      s.answer === before.get(s.pair) ? 'before' : s.answer === after.get(s.pair) ? 'after' : 'neither',
    );
    expect(phase.filter((p) => p === 'neither')).toEqual([]);
    // Once any search answered from the new corpus, every search that started later did too.
    const firstAfter = Math.min(...seen.filter((_, i) => phase[i] === 'after').map((s) => s.end));
    expect(seen.filter((s, i) => s.start > firstAfter && phase[i] === 'before')).toEqual([]);
    // The searches did run while the ingest did.
    expect(seen.filter((s) => s.end > started && s.start < finished).length).toBeGreaterThan(0);
  });
});

describe("the processor's purge of what ingests leave behind", () => {
  /** The built repository, as the processor's hourly purge runs it, with `grace` seconds of grace. */
  function purge(grace: number): { sets: number; lawsuits: number } {
    const probe = spawnSync(process.execPath, [join(__dirname, 'fixtures/corpus-housekeeping-probe.js')], {
      env: { ...process.env, DATABASE_URL: state().databaseUrl, GRACE_SECONDS: String(grace) },
      encoding: 'utf8',
    });
    expect(probe.stderr).toBe('');
    return JSON.parse(probe.stdout);
  }
  const unreferencedRetired = `SELECT count(*)::int AS n FROM legal_match_set ms
     WHERE NOT EXISTS (SELECT 1 FROM legal_current_set c WHERE c.set_id = ms.id)
       AND NOT EXISTS (SELECT 1 FROM legal_search s WHERE s.match_set_id = ms.id)`;
  const historyRows = `SELECT count(*)::int AS n FROM legal_lawsuit_history`;

  it('deletes retired sets no search points at once the grace is over, and history no search can read', async () => {
    // A stored search keeps pointing at a set an ingest retires; and a lawsuit replaced "long ago".
    const pair = { name: 'Guadalupe', lastName: 'López' };
    const stored = await search(acme, pair);
    const storedPage = await page(acme, stored.searchId);
    const owner = person({
      givenNames: 'Guadalupe',
      paternalSurname: 'López',
      maternalSurname: uniqueWord('Purga'),
    });
    const first = lawsuit(owner.uuid as string);
    expect((await runIngest(ingestFile([owner, first]))).code).toBe(0);
    expect(
      (await runIngest(ingestFile([lawsuit(owner.uuid as string, { id: first.id, category: 'Penal' })])))
        .code,
    ).toBe(0);
    const retired = await countRows(unreferencedRetired);
    expect(retired).toBeGreaterThan(0);
    const history = await countRows(historyRows);

    // Within the grace nothing goes; neither while a load or an ingest holds the corpus.
    expect(purge(600).sets).toBe(0);
    await withDb(async (db) => {
      await db.query(`SELECT pg_advisory_lock($1)`, [CORPUS_LOCK.WRITE]);
      try {
        expect(purge(0)).toEqual({ sets: 0, lawsuits: 0 });
      } finally {
        await db.query(`SELECT pg_advisory_unlock($1)`, [CORPUS_LOCK.WRITE]);
      }
    });
    expect(await countRows(unreferencedRetired)).toBe(retired);

    // The version that replaced the lawsuit committed 31 days ago: no recoverable search saw before it.
    await withDb((db) =>
      db.query(
        `UPDATE legal_corpus_load SET finished_at = finished_at - interval '31 days'
          WHERE version = (SELECT until_version FROM legal_lawsuit_history WHERE id = $1)`,
        [first.id],
      ),
    );
    const purged = purge(0);
    expect(purged.sets).toBeGreaterThanOrEqual(retired);
    expect(purged.lawsuits).toBeGreaterThanOrEqual(1);
    expect(await countRows(unreferencedRetired)).toBe(0);
    expect(await countRows(historyRows)).toBe(history - purged.lawsuits);
    // What searches read is all there: the stored search's set, and every current one.
    expect(await page(acme, stored.searchId)).toEqual(storedPage);
    const fresh = await search(acme, pair);
    expect(answerOf(fresh)).toEqual(await answerFromScratch(pair));
  });
});
