import {
  buildSegment,
  hitResult,
  WatchListIndex,
  withEntry,
  type ScreeningSubject,
  type WatchListEntry,
  type WatchListSource,
} from '@app/domain';
import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';

/**
 * The shapes of the publishers' real files (fixtures/real-shapes, written by
 * scripts/watch-lists/fixtures.js), read by the readers and screened through the index as
 * `POST /watch-lists/screenings` does: the forms in which a compliance officer types the names.
 */
const files: Record<string, string[]> = {
  'sat-69': ['sat-69/Firmes.csv'],
  'sat-69b': ['sat-69b/Listado_completo_69-B.csv'],
  'ofac-sdn': ['ofac-sdn/sdn.csv', 'ofac-sdn/sdn_comments.csv'],
  peps: ['peps/entities.ftm.jsonl'],
};
const IMPORT_DATE = '2026-05-31';

const read = Object.fromEntries(
  Object.entries(files).map(([source, paths]) => [
    source,
    readWatchListFiles(
      source as WatchListSource,
      paths.map((p) => fixture(`real-shapes/${p}`)),
      { importDate: IMPORT_DATE },
    ),
  ]),
);

async function indexOfAll(): Promise<{ index: WatchListIndex; entries: Map<string, WatchListEntry> }> {
  const index = new WatchListIndex();
  const entries = new Map<string, WatchListEntry>();
  for (const [source, reading] of Object.entries(read)) {
    const { entries: list } = await reading;
    index.replace(buildSegment(source as WatchListSource, 1, list));
    for (const entry of list) entries.set(`${source}:${entry.key}`, entry);
  }
  return { index, entries };
}

const person = (
  name: string,
  lastName: string,
  secondLastName?: string,
  extra: Partial<ScreeningSubject> = {},
) =>
  ({ kind: 'person', name, lastName, secondLastName: secondLastName ?? null, ...extra }) as ScreeningSubject;

describe('the real files: read as published', () => {
  it('reads Art. 69 persons written given names first, their RFC giving their birth date', async () => {
    const { entries } = await read['sat-69'];
    expect(entries.map((e) => [e.key, e.kind, e.names[0].order, e.birthDates])).toEqual([
      ['AAAL850312QW1', 'person', 'unknown', ['1985-03-12']],
      ['PECL791102HT4', 'person', 'unknown', ['1979-11-02']],
      ['HELG680721K90', 'person', 'unknown', ['1968-07-21']],
      ['SAQA710220LM2', 'person', 'unknown', ['1971-02-20']],
      ['PGO0405109A1', 'entity', 'entity', []],
    ]);
  });

  it("dates a 69-B física's RFC by the list's as-of date (18 or older then)", async () => {
    const { asOf, entries } = await read['sat-69b'];
    expect(asOf).toBe('2022-10-31');
    expect(Object.fromEntries(entries.map((e) => [e.key, e.birthDates]))).toEqual({
      ZARE900115AB3: ['1990-01-15'],
      OCZD830909PP1: ['1983-09-09'],
      MUTC040701RT5: ['2004-07-01'],
    });
  });

  it('reads the remarks OFAC continues in sdn_comments.csv, and an RFC without homoclave as its stem', async () => {
    const { entries, files: read_, rejected } = await read['ofac-sdn'];
    expect(rejected).toEqual([]);
    expect(read_.map((f) => [f.file, f.kind, f.rows])).toEqual([
      ['sdn.csv', 'sdn', 2],
      ['sdn_comments.csv', 'comments', 1],
    ]);
    const [aguilar, trejo] = entries;
    expect(aguilar).toMatchObject({
      key: '40210',
      rfcs: ['AUAM530929'],
      curps: ['AUAM530929HBCGLR04'],
      birthDates: ['1953-09-29'],
      nationalities: ['MX'],
    });
    expect(aguilar.names.map((n) => n.text)).toEqual(['AGUILAR ALVAREZ, Mario', 'EL PROFE']);
    expect(aguilar.raw).toMatchObject({ comments: [{ ent_num: '40210' }] });
    expect(trejo).toMatchObject({ key: '40211', rfcs: ['TEBE770303'] });
  });

  it('reads a PEP who died: still an entry, deceased, fallecido in its status', async () => {
    const { entries } = await read.peps;
    expect(entries.map((e) => [e.key, e.deceased ?? false, e.listStatus])).toEqual([
      ['mx-gov-trevino-garza', true, 'Gobernador de Nuevo León; fallecido'],
      ['mx-sen-ochoa-zubiria', false, 'Senadora de la República'],
    ]);
  });
});

describe('the real files: every listed person found, however the name is typed', () => {
  let screen: (subject: ScreeningSubject) => Array<{ key: string; decision: string; features: string[] }>;
  let hits: (subject: ScreeningSubject) => ReturnType<WatchListIndex['screen']>;
  let entries: Map<string, WatchListEntry>;
  beforeAll(async () => {
    const built = await indexOfAll();
    entries = built.entries;
    hits = (subject) => built.index.screen(subject, { limit: 20 });
    screen = (subject) =>
      hits(subject).map((hit) => ({
        key: `${hit.source}:${hit.key}`,
        decision: hit.comparison.decision,
        features: hit.comparison.features.map((f) => f.feature),
      }));
  });

  it.each([
    // An Art. 69 person written given names first, screened as typed in the fields.
    [
      'as typed',
      person('Lorena', 'Arana', 'Aguilar'),
      'sat-69:AAAL850312QW1',
      ['match', 'possible_match'],
      null,
    ],
    [
      'with the birth date her RFC carries: a match',
      person('Lorena', 'Arana', 'Aguilar', { birthDate: '1985-03-12' }),
      'sat-69:AAAL850312QW1',
      ['match'],
      null,
    ],
    [
      'surnames typed in name, the given name in lastName',
      person('Arana Aguilar', 'Lorena'),
      'sat-69:AAAL850312QW1',
      ['possible_match'],
      'name_reordered',
    ],
    [
      'the three fields each one off',
      person('Arana', 'Aguilar', 'Lorena'),
      'sat-69:AAAL850312QW1',
      ['possible_match'],
      'name_reordered',
    ],
    ['without maternal surname', person('Lorena', 'Arana'), 'sat-69:AAAL850312QW1', ['possible_match'], null],
    [
      'José Luis, a maternal surname with particles',
      person('José Luis', 'Pérez', 'de la Cruz'),
      'sat-69:PECL791102HT4',
      ['match', 'possible_match'],
      null,
    ],
    [
      'without the second given name',
      person('José', 'Pérez', 'de la Cruz'),
      'sat-69:PECL791102HT4',
      ['possible_match'],
      null,
    ],
    [
      'María Guadalupe where the list wrote MA.',
      person('María Guadalupe', 'Hernández', 'López'),
      'sat-69:HELG680721K90',
      ['possible_match'],
      'given_name_initial',
    ],
    [
      'Ma. Guadalupe as the list wrote it',
      person('Ma. Guadalupe', 'Hernández', 'López'),
      'sat-69:HELG680721K90',
      ['match', 'possible_match'],
      null,
    ],
    [
      'J. Alfredo, surnames first in the list',
      person('J. Alfredo', 'Salazar', 'Quintero'),
      'sat-69:SAQA710220LM2',
      ['possible_match'],
      'given_name_initial',
    ],
    [
      'a 69-B person surnames first',
      person('Ernesto', 'Zapata', 'Rojo'),
      'sat-69b:ZARE900115AB3',
      ['match', 'possible_match'],
      null,
    ],
    [
      'a 69-B person given names first',
      person('Daniela', 'Ochoa', 'Zubiría'),
      'sat-69b:OCZD830909PP1',
      ['match', 'possible_match'],
      null,
    ],
    [
      'an RFC of the stem OFAC gives',
      { kind: 'person', name: 'Mario', lastName: 'Aguilar', rfc: 'AUAM530929KL1' } as ScreeningSubject,
      'ofac-sdn:40210',
      ['match', 'possible_match'],
      'rfc_stem',
    ],
    [
      'an RFC of the stem OFAC gives, whatever the name',
      { kind: 'person', name: 'Otro', lastName: 'Nombre', rfc: 'TEBE770303QQ1' } as ScreeningSubject,
      'ofac-sdn:40211',
      ['possible_match'],
      'rfc_stem',
    ],
    [
      'a PEP who died',
      person('Rodolfo', 'Treviño', 'Garza', { birthDate: '1941-08-19' }),
      'peps:mx-gov-trevino-garza',
      ['match'],
      'deceased',
    ],
  ] as const)('%s', (_label, subject, key, decisions, feature: string | null) => {
    const hit = screen(subject).find((h) => h.key === key);
    expect(hit).toBeDefined();
    expect(decisions).toContain(hit!.decision);
    if (feature) expect(hit!.features).toContain(feature);
  });

  it.each([
    ['a business name without its legal form', 'Pescadores del Golfo'],
    ['the legal form abbreviated without dots', 'PESCADORES DEL GOLFO SC DE P DE RL DE CV'],
  ])('finds the cooperativa by %s', (_label, businessName) => {
    const hit = screen({ kind: 'entity', businessName }).find((h) => h.key === 'sat-69:PGO0405109A1');
    expect(hit?.decision).toBe('match');
  });

  it('never matches on a reordered name or an initial alone', () => {
    for (const subject of [person('Arana Aguilar', 'Lorena'), person('J. Alfredo', 'Salazar', 'Quintero')])
      expect(screen(subject).filter((h) => h.decision === 'match')).toEqual([]);
  });

  it('a PEP match on a person who died is Riesgo Bajo', () => {
    const [hit] = hits(person('Rodolfo', 'Treviño', 'Garza', { birthDate: '1941-08-19' }));
    const entry = entries.get(`peps:${hit.key}`)!;
    expect(hitResult(withEntry(hit, entry))).toBe('Riesgo Bajo');
    expect(entry.listStatus).toMatch(/fallecido$/);
  });
});
