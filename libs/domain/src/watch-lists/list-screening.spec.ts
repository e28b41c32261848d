import type { Comparison, WatchListHit } from './comparison';
import type { WatchListEntry, WatchListSource } from './entry';
import {
  answeredMatches,
  hitResult,
  keptMatches,
  listProcessResult,
  MAX_MATCHES_SHOWN,
  withMatchLabels,
  shownMatches,
  subjectOfCandidate,
} from './list-screening';

const JUAN = { kind: 'person', name: 'Juan', lastName: 'García', nationality: 'MX' } as const;

function entry(source: WatchListSource, listStatus = '', key = 'K1'): WatchListEntry {
  return {
    source,
    key,
    kind: 'person',
    names: [{ text: 'GARCIA LOPEZ, Juan', order: 'surnames-comma-given', alias: false }],
    rfcs: [],
    curps: [],
    birthDates: [],
    nationalities: [],
    gender: null,
    listStatus,
    redacted: false,
    raw: {},
  };
}

function hit(
  source: WatchListSource,
  decision: Comparison['decision'],
  listStatus = '',
  score = 0.95,
  key = 'K1',
): WatchListHit {
  return {
    entry: entry(source, listStatus, key),
    comparison: {
      score,
      decision,
      features: [{ feature: 'name_exact', effect: score, label: 'Nombre idéntico' }],
    },
    listedName: 'GARCIA LOPEZ, Juan',
    nameIndex: 0,
  };
}

const dead = (h: WatchListHit): WatchListHit => ({ ...h, entry: { ...h.entry, deceased: true } });

describe('hitResult', () => {
  it.each([
    ['a match on OFAC', hit('ofac-sdn', 'match', 'SDNTK'), 'Riesgo Alto'],
    ['a match on the UN list', hit('un-consolidated', 'match', 'Al-Qaida'), 'Riesgo Alto'],
    ['a 69-B Definitivo match', hit('sat-69b', 'match', 'Definitivo'), 'Riesgo Alto'],
    ['a 69-B Presunto match', hit('sat-69b', 'match', 'Presunto'), 'Riesgo Alto'],
    ['a 69-B Desvirtuado match', hit('sat-69b', 'match', 'Desvirtuado'), 'Riesgo Bajo'],
    ['a 69-B Sentencia Favorable match', hit('sat-69b', 'match', 'Sentencia Favorable'), 'Riesgo Bajo'],
    ['an Art. 69 match', hit('sat-69', 'match', 'Firmes'), 'Riesgo Medio'],
    ['a PEP match', hit('peps', 'match', 'Diputado local'), 'Riesgo Medio'],
    ['a possible match on OFAC', hit('ofac-sdn', 'possible_match'), 'Riesgo Bajo'],
    ['a possible match on the 69-B list', hit('sat-69b', 'possible_match', 'Definitivo'), 'Riesgo Bajo'],
    ['no match', hit('ofac-sdn', 'no_match'), 'Aprobado'],
    ['a PEP match on a person who died', dead(hit('peps', 'match', 'Senador; fallecido')), 'Riesgo Bajo'],
    ['a PEP possible match on a person who died', dead(hit('peps', 'possible_match')), 'Riesgo Bajo'],
    ['an OFAC match on a person who died', dead(hit('ofac-sdn', 'match', 'SDNTK')), 'Riesgo Alto'],
  ])('%s is %s', (_case, h, result) => {
    expect(hitResult(h)).toBe(result);
  });
});

describe('listProcessResult', () => {
  it.each([
    ['nothing matched, every list read', [], [], 'Aprobado'],
    ['a list missing and nothing matched', [], ['un-consolidated'], 'No disponible'],
    [
      'a list missing but a possible match elsewhere',
      [hit('ofac-sdn', 'possible_match')],
      ['un-consolidated'],
      'Riesgo Bajo',
    ],
    [
      'the most severe of several hits',
      [hit('sat-69', 'match'), hit('sat-69b', 'match', 'Definitivo'), hit('sat-69b', 'possible_match')],
      [],
      'Riesgo Alto',
    ],
  ] as const)('%s', (_case, hits, missing, result) => {
    expect(listProcessResult(hits, missing)).toBe(result);
  });
});

describe('shownMatches', () => {
  it('drops non-matches and orders best first, then by source and key', () => {
    const shown = shownMatches(
      [
        hit('peps', 'possible_match', 'Regidor', 0.8, 'P1'),
        hit('ofac-sdn', 'no_match', '', 0.5),
        hit('sat-69b', 'match', 'Definitivo', 1, 'B'),
        hit('sat-69', 'match', 'Firmes', 1, 'A'),
      ],
      JUAN,
    );
    expect(shown.map((m) => [m.source, m.entryId, m.decision])).toEqual([
      ['sat-69', 'A', 'match'],
      ['sat-69b', 'B', 'match'],
      ['peps', 'P1', 'possible_match'],
    ]);
    expect(shown[0]).toEqual({
      source: 'sat-69',
      entryId: 'A',
      listedName: 'GARCIA LOPEZ, Juan',
      listStatus: 'Firmes',
      score: 1,
      decision: 'match',
      features: [{ feature: 'name_exact', effect: 1, label: 'Nombre idéntico' }],
      comparison: [
        { field: 'givenNames', candidate: 'Juan', listed: 'Juan', same: true },
        { field: 'paternalSurname', candidate: 'García', listed: 'GARCIA', same: true },
        { field: 'maternalSurname', candidate: null, listed: 'LOPEZ', same: null },
        { field: 'birthDate', candidate: null, listed: null, same: null },
        { field: 'rfc', candidate: null, listed: null, same: null },
        { field: 'curp', candidate: null, listed: null, same: null },
        { field: 'nationality', candidate: 'MX', listed: null, same: null },
      ],
    });
  });

  it('keeps no value of the candidate in a stored screening, and puts them back in its answer', () => {
    const [shown] = shownMatches([hit('sat-69', 'match', 'Firmes', 1, 'A')], JUAN);
    const [kept] = keptMatches([shown]);
    expect(kept.comparison.map((row) => row.candidate)).toEqual(Array(7).fill(null));
    expect(kept.comparison.map((row) => row.same)).toEqual(shown.comparison.map((row) => row.same));
    expect(answeredMatches([kept], JUAN)).toEqual([shown]);
  });

  it(`shows at most ${MAX_MATCHES_SHOWN}`, () => {
    const many = Array.from({ length: 30 }, (_, i) => hit('sat-69', 'match', 'Firmes', 0.9, `K${i}`));
    expect(shownMatches(many, JUAN)).toHaveLength(MAX_MATCHES_SHOWN);
  });
});

describe('withMatchLabels', () => {
  it('labels the features of a summary stored before labels were kept, and leaves the rest as stored', () => {
    const stored = {
      listsChecked: [],
      matches: [{ entryId: 'A', features: [{ feature: 'rfc_exact', effect: 1 }] }],
    };
    expect(withMatchLabels(stored)).toEqual({
      listsChecked: [],
      matches: [{ entryId: 'A', features: [{ feature: 'rfc_exact', effect: 1, label: 'RFC idéntico' }] }],
    });
    const other = { providerAnswered: false, reason: 'x' };
    expect(withMatchLabels(other)).toBe(other);
  });
});

describe('subjectOfCandidate', () => {
  it('screens a corporate registration as an entity by its business name and RFC', () => {
    expect(
      subjectOfCandidate({
        personType: 'corporate',
        businessName: 'ACME SA DE CV',
        rfc: 'AAA010101AAA',
        nationality: 'MX',
        name: null,
      }),
    ).toEqual({
      kind: 'entity',
      businessName: 'ACME SA DE CV',
      rfc: 'AAA010101AAA',
      curp: null,
      nationality: 'MX',
    });
  });

  it('screens anyone else as a person with every qualifier', () => {
    expect(
      subjectOfCandidate({
        name: 'Juan',
        lastName: 'García',
        secondLastName: 'López',
        birthDate: '1990-05-17',
        gender: 'H',
        nationality: 'MX',
        rfc: 'GALJ900517AB1',
      }),
    ).toEqual({
      kind: 'person',
      name: 'Juan',
      lastName: 'García',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      gender: 'H',
      nationality: 'MX',
      rfc: 'GALJ900517AB1',
      curp: null,
    });
  });
});
