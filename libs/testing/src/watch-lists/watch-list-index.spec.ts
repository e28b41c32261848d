import type { ScreeningSubject } from '@app/domain/watch-lists/comparison';
import type { WatchListEntry, WatchListSource } from '@app/domain/watch-lists/entry';
import {
  compareWithEntry,
  prepareEntry,
  prepareSubject,
  scoreCeiling,
  scoreEntry,
} from '@app/domain/watch-lists/matching/compare';
import { buildSegment } from '@app/domain/watch-lists/matching/indexing/segment-builder';
import { WatchListIndex } from '@app/domain/watch-lists/matching/indexing/watch-list-index';
import { syntheticEntries } from './synthetic/synthetic-entries';
import { chance, pick, seededRandom } from './synthetic/synthetic-names';

/**
 * The watch-list index against the brute force (every entry compared one by one) on generated lists
 * of a few thousand entries: a spec of the domain's index that needs the generated data, so it lives
 * beside that data (the domain does not import this library; docs/testing.md).
 */

const SIZES: Record<WatchListSource, number> = {
  'sat-69': 6_000,
  'sat-69b': 600,
  'ofac-sdn': 1_200,
  'un-consolidated': 200,
  peps: 3_000,
};
const ENTRIES = new Map(
  (Object.keys(SIZES) as WatchListSource[]).map((source) => [
    source,
    [...syntheticEntries(source, SIZES[source], 3)],
  ]),
);
const index = new WatchListIndex();
for (const [source, entries] of ENTRIES) index.replace(buildSegment(source, 1, entries));

const person = (
  name: string,
  lastName: string,
  secondLastName?: string,
  extra: Partial<ScreeningSubject> = {},
) =>
  ({ kind: 'person', name, lastName, secondLastName: secondLastName ?? null, ...extra }) as ScreeningSubject;

/**
 * Every entry of every source compared one by one: what the index must find, and nothing else.
 * `compareWithEntry` is `scoreEntry` of the two prepared; each entry is prepared once here, not once
 * per candidate (most of what comparing 11,000 entries cost).
 */
const PREPARED = [...ENTRIES].map(
  ([source, entries]) => [source, entries.map((entry) => [entry.key, prepareEntry(entry)] as const)] as const,
);
function bruteForce(subject: ScreeningSubject) {
  const prepared = prepareSubject(subject);
  const hits: string[] = [];
  for (const [source, entries] of PREPARED)
    for (const [key, entry] of entries) {
      const { comparison } = scoreEntry(prepared, entry);
      if (comparison.decision !== 'no_match') hits.push(`${source}/${key} ${comparison.score}`);
    }
  return hits.sort();
}

const screened = (subject: ScreeningSubject) =>
  index
    .screen(subject)
    .map((hit) => `${hit.source}/${hit.key} ${hit.comparison.score}`)
    .sort();

/** Candidates built from listed people (so that there are hits), varied as screenings vary. */
function subjectsFromEntries(count: number, variants = false): Array<[string, ScreeningSubject]> {
  const random = seededRandom(11);
  const people = [...ENTRIES.values()].flat().filter((entry) => entry.kind !== 'entity' && !entry.redacted);
  const subjects: Array<[string, ScreeningSubject]> = [];
  const editOne = (word: string) => {
    const at = Math.floor(random() * word.length);
    return word.slice(0, at) + (chance(random, 0.5) ? '' : 'X') + word.slice(at + 1);
  };
  while (subjects.length < count) {
    const entry = pick(random, people);
    // The name as the matcher reads it first (for an SAT name in one cell, the reading its RFC chose).
    const reading = prepareEntry(entry).names[0].person?.[0];
    if (!reading?.paternal || !reading.given.length) continue;
    const given = reading.given.join(' ');
    const surnames = [reading.paternal, ...(reading.maternal ? [reading.maternal] : [])];
    const roll = random();
    if (variants && roll < 0.3) {
      const birthDate =
        entry.birthDates[0]?.length === 10 && chance(random, 0.5) ? entry.birthDates[0] : null;
      const form = Math.floor(random() * 3);
      if (form === 0)
        subjects.push(['surnames in name', person(surnames.join(' '), given, undefined, { birthDate })]);
      else if (form === 1)
        subjects.push([
          'each field one off',
          person(surnames[0], surnames[1] ?? given, surnames[1] ? given : undefined),
        ]);
      else
        subjects.push([
          'first given name as its initial',
          person(`${given[0]}. ${given.split(' ').slice(1).join(' ')}`.trim(), surnames[0], surnames[1], {
            birthDate,
          }),
        ]);
      continue;
    }
    const birthDate = entry.birthDates[0]?.length === 10 && chance(random, 0.5) ? entry.birthDates[0] : null;
    if (roll < 0.25) subjects.push(['as listed', person(given, surnames[0], surnames[1], { birthDate })]);
    else if (roll < 0.45)
      subjects.push(['one typo', person(given, editOne(surnames[0]), surnames[1], { birthDate })]);
    else if (roll < 0.6) subjects.push(['no maternal', person(given, surnames[0], undefined, { birthDate })]);
    else if (roll < 0.75)
      subjects.push([
        'other maternal',
        person(given, surnames[0], 'Zapata', { birthDate: entry.birthDates[0] ?? null }),
      ]);
    else if (roll < 0.9)
      subjects.push(['other year', person(given, surnames[0], surnames[1], { birthDate: '1931-01-01' })]);
    else
      subjects.push([
        'given typo',
        person(editOne(given.split(' ')[0]), surnames[0], surnames[1], { birthDate }),
      ]);
  }
  return subjects;
}

describe('WatchListIndex.screen finds what comparing every entry finds', () => {
  const common: Array<[string, ScreeningSubject]> = [
    ['JUAN HERNANDEZ GARCIA', person('Juan', 'Hernández', 'García')],
    ['MARIA GARCIA (no maternal)', person('María', 'García')],
    ['JUAN HERNANDEZ (no maternal)', person('Juan', 'Hernández')],
    ['JOSE MARTINEZ (no maternal)', person('José', 'Martínez')],
    ['GUADALUPE LOPEZ (no maternal)', person('Guadalupe', 'López', undefined, { birthDate: '1960-01-01' })],
    [
      'MARIA GUADALUPE HERNANDEZ HERNANDEZ',
      person('María Guadalupe', 'Hernández', 'Hernández', { birthDate: '1970-03-04' }),
    ],
    ['MARIA GUADALUPE HERNANDEZ (no maternal)', person('María Guadalupe', 'Hernández')],
    ['JOSE LUIS GARCIA (no maternal)', person('José Luis', 'García')],
    ['MARIA DEL CARMEN LOPEZ (no maternal)', person('María del Carmen', 'López')],
    ['JOSE LUIS PEREZ in lastName', person('José Luis', 'Pérez López')],
    ['JUAN HERNANDEZ GARCIA in lastName', person('Juan', 'Hernández García')],
    ['MARIA GARCIA LOPEZ in lastName, one typo', person('María', 'Garcia Lopes')],
    ['a compound paternal surname and a maternal one', person('José', 'Ponce de León', 'García')],
    ['a company', { kind: 'entity', businessName: 'Comercializadora Azteca SA de CV' }],
    ['a generic company name', { kind: 'entity', businessName: 'Servicios Integrales' }],
  ];
  const companies = (ENTRIES.get('sat-69') as WatchListEntry[])
    .filter((entry) => entry.kind === 'entity')
    .slice(0, 6)
    .map((entry): [string, ScreeningSubject] => [
      'a listed company',
      { kind: 'entity', businessName: entry.names[0].text },
    ]);

  /** Both surnames typed in `lastName`: read as one compound surname and as the two. */
  const bothInLastName = subjectsFromEntries(40)
    .filter(([, subject]) => subject.secondLastName)
    .slice(0, 15)
    .map(([label, { name, lastName, secondLastName, birthDate }]): [string, ScreeningSubject] => [
      `${label}, both surnames in lastName`,
      person(name as string, `${lastName} ${secondLastName}`, undefined, { birthDate }),
    ]);

  let hits = 0;
  /** Names typed as people mistype them: fields swapped, a first given name as its initial. */
  const mistyped: Array<[string, ScreeningSubject]> = [
    ['GARCIA LOPEZ / MARIA (surnames in name)', person('García López', 'María')],
    ['HERNANDEZ / MARIA (surnames in name, no maternal)', person('Hernández', 'María')],
    ['J. / HERNANDEZ / GARCIA (an initial)', person('J.', 'Hernández', 'García')],
    ['M. GUADALUPE / LOPEZ (an initial, no maternal)', person('M. Guadalupe', 'López')],
    ['MA. GUADALUPE / HERNANDEZ (an abbreviation)', person('Ma. Guadalupe', 'Hernández')],
    ['FCO. JAVIER / GARCIA / LOPEZ', person('Fco. Javier', 'García', 'López')],
    ...subjectsFromEntries(60, true).filter(([label]) => /name|field|initial/.test(label)),
  ];

  it.each([...common, ...companies, ...subjectsFromEntries(40), ...bothInLastName, ...mistyped])(
    '%s',
    (_, subject) => {
      const expected = bruteForce(subject);
      hits += expected.length;
      expect(screened(subject)).toEqual(expected);
    },
  );

  it('(the candidates above do find entries: the comparison is not of empty lists)', () => {
    expect(hits).toBeGreaterThan(100);
  });

  const ranked = (hits: ReturnType<WatchListIndex['screen']>) =>
    hits.map((hit) => `${hit.source}/${hit.key} ${hit.comparison.score}`);
  it.each([...common, ...subjectsFromEntries(40), ...bothInLastName, ...mistyped])(
    '%s: a limit answers the first hits of the whole ranking, whenever scoring stops',
    (_, subject) => {
      const whole = ranked(index.screen(subject));
      for (const limit of [1, 3, 20])
        expect(ranked(index.screen(subject, { limit }))).toEqual(whole.slice(0, limit));
    },
  );

  it.each([
    ['MARIA GARCIA', person('María', 'García')],
    ['JUAN HERNANDEZ', person('Juan', 'Hernández')],
    ['JOSE MARTINEZ', person('José', 'Martínez')],
  ])('%s (names only): no entry scores above the ceiling, and its namesakes reach it', (_, subject) => {
    const ceiling = scoreCeiling(prepareSubject(subject));
    expect(ceiling.score).toBeLessThan(1000);
    expect(ceiling.unlessMaternalIs).toEqual([]);
    const scores = [...ENTRIES.values()]
      .flat()
      .map((entry) => Math.round(compareWithEntry(subject, entry).score * 1000));
    expect(Math.max(...scores)).toBe(ceiling.score);
  });
});
