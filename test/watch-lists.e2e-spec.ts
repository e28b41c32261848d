import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEATURE_LABELS, processOfSource, WATCH_LIST_SOURCES, watchListSourcesOf } from '@app/domain';
import { api, countRows, eventually, signIn, Session, state } from './support/helpers';
import { ROOT } from './support/stack';
import { byName, register, waitForOverview } from './support/screening';

/**
 * docs/watch-lists.md end to end: the demo lists `npm start` imports (the e2e stack's setup is the same
 * path), the three list processes of registered candidates, `GET /watch-lists`, the ad-hoc
 * screening with its charge, and `npm run lists:import` with versions that fail closed.
 */

const DEMO = join(ROOT, 'data/watch-lists/demo');
const FIXTURES = join(ROOT, 'libs/adapters/src/watch-lists/fixtures');
const LIST_PROCESSES = ['Listas negras del SAT', 'Global Watch List', 'Peps'] as const;

interface DemoHit {
  source: string;
  entryId: string;
  listedName: string;
  listStatus: string;
  decision: 'match' | 'possible_match';
}
interface DemoCandidate {
  id: string;
  registration: Record<string, unknown>;
  hits: DemoHit[];
  processes: Record<(typeof LIST_PROCESSES)[number], string>;
}
const MANIFEST = JSON.parse(readFileSync(join(DEMO, 'candidates.json'), 'utf8')) as {
  files: Record<string, string[]>;
  candidates: DemoCandidate[];
};

let acme: Session;
beforeAll(async () => {
  acme = await signIn('demo@acme.test');
});

/** `npm run lists:import` as an operator runs it, against the stack's database. */
function importLists(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/lists-import.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: state().databaseUrl },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function activeVersion(
  source: string,
): Promise<{ version: number; sha256: string; entries: number } | null> {
  const response = await api().get('/watch-lists').set(acme.auth).expect(200);
  const list = (response.body.data as Array<{ source: string; active: never }>).find(
    (l) => l.source === source,
  );
  return list?.active ?? null;
}

async function processDetail(uuid: string, processId: string, detail = false) {
  const response = await api()
    .get(`/candidate-requests/${uuid}/processes/${processId}${detail ? '?detail=true' : ''}`)
    .set(acme.auth)
    .expect(200);
  return response.body.data;
}

describe('GET /watch-lists', () => {
  it('lists every source with the version screenings read (the demo files on a fresh start)', async () => {
    const response = await api().get('/watch-lists').set(acme.auth).expect(200);
    expect(response.body.data.map((l: { source: string; process: string }) => [l.source, l.process])).toEqual(
      WATCH_LIST_SOURCES.map((source) => [source, processOfSource(source)]),
    );
    // Only the 69-B list and the UN list date their files; the others have no as-of date (null),
    // never the day they were imported.
    const dated = ['sat-69b', 'un-consolidated'];
    for (const list of response.body.data)
      expect(list.active).toEqual({
        version: expect.any(Number),
        asOf: dated.includes(list.source) ? expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) : null,
        importedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        rows: expect.any(Number),
        entries: expect.any(Number),
        redacted: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    const sat69b = response.body.data.find((l: { source: string }) => l.source === 'sat-69b');
    expect(sat69b.active.asOf).toBe('2026-10-31');
    expect(sat69b.active.redacted).toBe(2);
  });

  it('answers 401 without a token', async () => {
    await api().get('/watch-lists').expect(401);
  });
});

describe('the list processes of a registration read the active lists', () => {
  it.each(MANIFEST.candidates.map((c) => [c.id, c] as const))('%s', async (_id, candidate) => {
    const uuid = await register(acme, candidate.registration);
    const view = await waitForOverview(acme, uuid, (v) =>
      LIST_PROCESSES.every((name) => byName(v, name).status === 'Finalizado'),
    );
    for (const name of LIST_PROCESSES)
      expect([name, byName(view, name).result]).toEqual([name, candidate.processes[name]]);

    const matches: Array<
      DemoHit & {
        score: number;
        features: Array<{ feature: string; effect: number; label: string }>;
        comparison: Array<{
          field: string;
          candidate: string | null;
          listed: string | null;
          same: boolean | null;
        }>;
      }
    > = [];
    for (const name of LIST_PROCESSES) {
      const detail = await processDetail(uuid, byName(view, name).id);
      expect(detail.summary.listsChecked.map((l: { source: string }) => l.source).sort()).toEqual(
        [...watchListSourcesOf(name)].sort(),
      );
      matches.push(...detail.summary.matches);
    }
    const expected = candidate.hits.map(({ source, entryId, listedName, listStatus, decision }) => ({
      source,
      entryId,
      listedName,
      listStatus,
      decision,
    }));
    expect(
      matches.map(({ source, entryId, listedName, listStatus, decision }) => ({
        source,
        entryId,
        listedName,
        listStatus,
        decision,
      })),
    ).toEqual(expect.arrayContaining(expected));
    expect(matches).toHaveLength(expected.length);
    const corporate = candidate.registration.personType === 'corporate';
    for (const match of matches) {
      expect(match.score).toBeGreaterThanOrEqual(match.decision === 'match' ? 0.9 : 0.75);
      expect(match.features.length).toBeGreaterThan(0);
      // Every feature in words, and the candidate beside the entry field by field.
      for (const feature of match.features)
        expect(feature.label).toBe(FEATURE_LABELS[feature.feature as keyof typeof FEATURE_LABELS]);
      expect(match.comparison.map((row) => row.field)).toEqual(
        corporate
          ? ['businessName', 'rfc', 'nationality']
          : ['givenNames', 'paternalSurname', 'maternalSurname', 'birthDate', 'rfc', 'curp', 'nationality'],
      );
      for (const row of match.comparison) expect([true, false, null]).toContain(row.same);
    }
  });

  it('explains a match in words and field by field (Óscar Aispuro Moreno on OFAC, by his RFC)', async () => {
    const oscar = MANIFEST.candidates.find((c) => c.id === 'oscar-aispuro-moreno')!;
    const uuid = await register(acme, oscar.registration);
    const view = await waitForOverview(
      acme,
      uuid,
      (v) => byName(v, 'Global Watch List').status === 'Finalizado',
    );
    const [match] = (await processDetail(uuid, byName(view, 'Global Watch List').id)).summary.matches;
    expect(match.features).toEqual([{ feature: 'rfc_exact', effect: 1, label: 'RFC idéntico' }]);
    expect(match.comparison).toEqual(
      expect.arrayContaining([
        // "Óscar" and the list's "Oscar" are the same once folded as the matcher folds.
        { field: 'givenNames', candidate: 'Óscar', listed: 'Oscar', same: true },
        { field: 'paternalSurname', candidate: 'Aispuro', listed: 'AISPURO', same: true },
        { field: 'maternalSurname', candidate: 'Moreno', listed: 'MORENO', same: true },
        { field: 'birthDate', candidate: '1968-11-06', listed: '1968-11-06', same: true },
        { field: 'rfc', candidate: 'AIMO6811069F7', listed: 'AIMO6811069F7', same: true },
      ]),
    );
  });

  it('shows each matched entry as imported in rawDetails, and names the versions read', async () => {
    const oscar = MANIFEST.candidates.find((c) => c.id === 'oscar-aispuro-moreno')!;
    const uuid = await register(acme, oscar.registration);
    const view = await waitForOverview(
      acme,
      uuid,
      (v) => byName(v, 'Global Watch List').status === 'Finalizado',
    );
    const detail = await processDetail(uuid, byName(view, 'Global Watch List').id, true);
    const ofac = await activeVersion('ofac-sdn');
    // OFAC's CSV carries no date: the summary says none rather than the import day.
    expect(detail.summary.listsChecked).toContainEqual({
      source: 'ofac-sdn',
      version: ofac!.version,
      asOf: null,
    });
    expect(detail.rawDetails.provider).toBe('watch-lists');
    expect(detail.rawDetails.payload.entries).toEqual([
      expect.objectContaining({ source: 'ofac-sdn', key: '36125', raw: expect.any(Object) }),
    ]);
    expect(JSON.stringify(detail.rawDetails.payload.entries[0].raw)).toContain('AIMO-681106-9F7');
  });
});

describe('POST /watch-lists/screenings', () => {
  const oscar = { name: 'Óscar', lastName: 'Aispuro', secondLastName: 'Moreno', birthDate: '1968-11-06' };

  it('screens a name with the same matcher, charges once and never stores the name', async () => {
    const response = await api().post('/watch-lists/screenings').set(acme.auth).send(oscar).expect(200);
    expect(response.body).toEqual({
      screeningId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      listsChecked: expect.arrayContaining([expect.objectContaining({ source: 'ofac-sdn' })]),
      matches: expect.arrayContaining([
        expect.objectContaining({ source: 'ofac-sdn', entryId: '36125', decision: 'match' }),
      ]),
      charged: true,
    });
    expect(response.body.listsChecked).toHaveLength(5);
    const ofac = response.body.matches.find((m: { source: string }) => m.source === 'ofac-sdn');
    expect(ofac.comparison.slice(0, 4)).toEqual([
      { field: 'givenNames', candidate: 'Óscar', listed: 'Oscar', same: true },
      { field: 'paternalSurname', candidate: 'Aispuro', listed: 'AISPURO', same: true },
      { field: 'maternalSurname', candidate: 'Moreno', listed: 'MORENO', same: true },
      { field: 'birthDate', candidate: '1968-11-06', listed: '1968-11-06', same: true },
    ]);
    const id = response.body.screeningId;
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM billing_charge WHERE kind = 'WATCH_LIST_SCREENING' AND screening_id = $1`,
        [id],
      ),
    ).toBe(1);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM watch_list_screening
          WHERE id = $1 AND matches::text NOT LIKE '%Aispuro%' AND matches::text NOT LIKE '%Óscar%'`,
        [id],
      ),
    ).toBe(1);
  });

  it('reads only the lists asked for', async () => {
    const response = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .send({ ...oscar, sources: ['peps'] })
      .expect(200);
    expect(response.body.listsChecked.map((l: { source: string }) => l.source)).toEqual(['peps']);
    expect(response.body.matches).toEqual([]);
  });

  it('screens a company and an RFC alone', async () => {
    const company = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .send({ rfc: 'SIF150302K8A' })
      .expect(200);
    expect(company.body.matches.map((m: { source: string }) => m.source).sort()).toEqual([
      'ofac-sdn',
      'sat-69',
      'sat-69b',
    ]);
  });

  it('answers a retry with the same Idempotency-Key without charging again', async () => {
    const key = `screening-${Date.now()}`;
    const first = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(oscar)
      .expect(200);
    const again = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(oscar)
      .expect(200);
    expect(again.body).toEqual(first.body);
    expect(
      await countRows(`SELECT count(*)::int AS n FROM billing_charge WHERE screening_id = $1`, [
        first.body.screeningId,
      ]),
    ).toBe(1);
    await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send({ ...oscar, sources: ['peps'] })
      .expect(422);
  });

  it('lists every problem of a bad body in one 400', async () => {
    const response = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .send({ name: 'Juan', rfc: 'X', birthDate: '1990-02-30', sources: ['eu'], gender: 'H' })
      .expect(400);
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['birthDate', 'gender', 'lastName', 'rfc', 'sources[0]'].sort(),
    );
  });

  it('refuses a birth date in the future', async () => {
    const response = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .send({ name: 'Juan', lastName: 'García', birthDate: '2999-01-01' })
      .expect(400);
    expect(response.body.errors).toEqual([
      { field: 'birthDate', message: 'birthDate must not be in the future.' },
    ]);
  });

  it('needs clientId for an account of several clients, and bills the client named', async () => {
    const multi = await signIn('multi@acme.test');
    await api().post('/watch-lists/screenings').set(multi.auth).send(oscar).expect(400);
    await api()
      .post('/watch-lists/screenings')
      .set(multi.auth)
      .send({ ...oscar, clientId: 'initech' })
      .expect(403);
    const response = await api()
      .post('/watch-lists/screenings')
      .set(multi.auth)
      .send({ ...oscar, clientId: 'globex' })
      .expect(200);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM billing_charge WHERE screening_id = $1 AND client_id = 'globex'`,
        [response.body.screeningId],
      ),
    ).toBe(1);
  });

  it('counts screenings in the usage statement', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const before = await api().get(`/usage?from=${today}&to=${today}`).set(acme.auth).expect(200);
    await api().post('/watch-lists/screenings').set(acme.auth).send(oscar).expect(200);
    const after = await api().get(`/usage?from=${today}&to=${today}`).set(acme.auth).expect(200);
    expect(after.body.totals.watchListScreenings).toBe(before.body.totals.watchListScreenings + 1);
    const csv = await api()
      .get(`/usage?from=${today}&to=${today}`)
      .set(acme.auth)
      .set('Accept', 'text/csv')
      .expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('period,searches,recordUnlocks,watchListScreenings,monitorMonths');
  });
});

describe('npm run lists:import', () => {
  const demoFiles = (source: string) => MANIFEST.files[source].map((f) => join(DEMO, f));

  afterAll(() => {
    // Later specs expect the demo lists: make them the active version again.
    importLists('--source', 'ofac-sdn', '--force', ...demoFiles('ofac-sdn'));
    importLists('--source', 'un-consolidated', '--force', ...demoFiles('un-consolidated'));
  });

  it('prints its usage for --help and changes nothing', async () => {
    const versions = await countRows('SELECT count(*)::int AS n FROM watch_list_version');
    const run = importLists('--help');
    expect(run.status).toBe(0);
    expect(run.output).toMatch(/Usage: npm run lists:import -- --source <source>/);
    expect(await countRows('SELECT count(*)::int AS n FROM watch_list_version')).toBe(versions);
  });

  it('answers 0 and changes nothing for the files of the active version', async () => {
    const before = await activeVersion('peps');
    const run = importLists('--source', 'peps', ...demoFiles('peps'));
    expect(run.status).toBe(0);
    expect(run.output).toMatch(/already the active version/);
    expect(await activeVersion('peps')).toEqual(before);
  });

  it('activates a new version that the apps read without a restart', async () => {
    const before = await activeVersion('ofac-sdn');
    const files = ['sdn.csv', 'alt.csv', 'add.csv'].map((f) => join(FIXTURES, 'ofac-sdn', f));
    const run = importLists('--source', 'ofac-sdn', '--force', ...files);
    expect(run.status).toBe(0);
    expect(run.output).toMatch(/ofac-sdn version \d+ is active/);
    const after = await activeVersion('ofac-sdn');
    expect(after!.version).toBe(before!.version + 1);
    // The api swaps the list in on the activation's notification: the demo's OFAC entry is gone.
    await eventually(
      async () => {
        const response = await api()
          .post('/watch-lists/screenings')
          .set(acme.auth)
          .send({ rfc: 'AIMO6811069F7', sources: ['ofac-sdn'] })
          .expect(200);
        return response.body.listsChecked[0].version === after!.version ? response.body : undefined;
      },
      20_000,
      'the api to read the new OFAC version',
    );
  });

  it.each([
    [
      'a file that is not the publisher format',
      'un-consolidated',
      ['refused/un-consolidated/empty-lists/consolidated.xml'],
    ],
    ['a 69-B file without its header', 'sat-69b', ['refused/sat-69b/no-header/Listado_completo_69-B.csv']],
    [
      'a 69-B file with a header and no rows',
      'sat-69b',
      ['refused/sat-69b/header-only/Listado_completo_69-B.csv'],
    ],
    ['FtM lines that are not JSON', 'peps', ['refused/peps/not-json/entities.ftm.jsonl']],
  ])('refuses %s (exit 1) and keeps the active version', async (_case, source, files) => {
    const before = await activeVersion(source);
    const run = importLists('--source', source, ...files.map((f) => join(FIXTURES, f)));
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/refused/);
    expect(await activeVersion(source)).toEqual(before);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM watch_list_version WHERE source = $1 AND status = 'refused' AND reason <> ''`,
        [source],
      ),
    ).toBeGreaterThan(0);
  });

  it('refuses a list that lost more than a fifth of its entries unless forced', async () => {
    const source = 'un-consolidated';
    const before = await activeVersion(source);
    // The demo UN list with all but its first individual cut out: a truncated download.
    const xml = readFileSync(demoFiles(source)[0], 'utf8');
    const first = xml.indexOf('<INDIVIDUAL>');
    const second = xml.indexOf('<INDIVIDUAL>', first + 1);
    const end = xml.indexOf('</INDIVIDUALS>');
    const cut =
      xml.slice(0, second) + xml.slice(end).replace(/<ENTITIES>[\s\S]*<\/ENTITIES>/, '<ENTITIES></ENTITIES>');
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    const file = join(dir, 'consolidated.xml');
    writeFileSync(file, cut);
    const refused = importLists('--source', source, file);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/fewer than 80 %.*--force/s);
    expect(await activeVersion(source)).toEqual(before);

    const forced = importLists('--source', source, '--force', file);
    expect(forced.status).toBe(0);
    expect((await activeVersion(source))!.entries).toBe(1);
  });

  it('refuses files older than the active version unless forced, naming its date', async () => {
    const source = 'un-consolidated';
    const before = await activeVersion(source);
    // The golden UN list is dated 2026-02-27, the demo one (active) 2026-11-20.
    const older = join(FIXTURES, 'un-consolidated/consolidated.xml');
    const refused = importLists('--source', source, older);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(
      /The files are dated 2026-02-27: older than the active version \d+, as of 2026-11-20\. Use --force/,
    );
    expect(await activeVersion(source)).toEqual(before);
    const forced = importLists('--source', source, '--force', older);
    expect(forced.status).toBe(0);
    expect(forced.output).toMatch(/un-consolidated version \d+ is active: as of 2026-02-27/);
  });

  it('says the SAT never publishes UTF-8 when given a re-saved 69-B file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    const file = join(dir, 'Listado_completo_69-B.csv');
    const text = readFileSync(join(DEMO, MANIFEST.files['sat-69b'][0]), 'latin1');
    writeFileSync(file, Buffer.from(text, 'utf8'));
    const run = importLists('--source', 'sat-69b', file);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/encoded in UTF-8, and the SAT publishes it in Windows-1252 only/);
  });

  it('reads file arguments relative to the directory npm run is run from', async () => {
    const before = await activeVersion('ofac-sdn');
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'lists:import', '--', '--source', 'ofac-sdn', '--force', 'sdn.csv', 'alt.csv'],
      {
        cwd: join(FIXTURES, 'ofac-sdn'),
        env: { ...process.env, DATABASE_URL: state().databaseUrl },
        encoding: 'utf8',
      },
    );
    expect(`${run.stdout}${run.stderr}`).toMatch(/ofac-sdn version \d+ is active: no as-of date/);
    expect(run.status).toBe(0);
    expect((await activeVersion('ofac-sdn'))!.version).toBe(before!.version + 1);
  });

  it('explains a wrong command line and exits 1', () => {
    const run = importLists('--source', 'eu', join(DEMO, 'peps/entities.ftm.jsonl'));
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/--source must be one of sat-69b, sat-69, ofac-sdn, un-consolidated, peps/);
  });

  it('hashes the files in the order given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lists-'));
    for (const f of ['sdn.csv', 'alt.csv', 'add.csv'])
      copyFileSync(join(FIXTURES, 'ofac-sdn', f), join(dir, f));
    const active = await activeVersion('ofac-sdn');
    // The same bytes in another order are other files: a new version, not "unchanged".
    const run = importLists(
      '--source',
      'ofac-sdn',
      ...['sdn.csv', 'add.csv', 'alt.csv'].map((f) => join(dir, f)),
    );
    expect(run.status).toBe(0);
    expect((await activeVersion('ofac-sdn'))!.sha256).not.toBe(active!.sha256);
  });
});
