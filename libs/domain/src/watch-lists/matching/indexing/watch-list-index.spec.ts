import type { ScreeningSubject } from '../../comparison';
import type { WatchListEntry, WatchListSource } from '../../entry';
import { compareWithEntry, prepareSubject, scoreCeiling } from '../compare';
import { candidates, foundByOneGivenName, Scratch, screeningQuery } from './candidates';
import { buildSegment } from './segment-builder';
import { withEntry, WatchListIndex } from './watch-list-index';

// What the index finds against comparing every entry, on generated lists, is checked in
// libs/testing/src/watch-lists/watch-list-index.spec.ts (the generated data is test support).

const person = (
  name: string,
  lastName: string,
  secondLastName?: string,
  extra: Partial<ScreeningSubject> = {},
) =>
  ({ kind: 'person', name, lastName, secondLastName: secondLastName ?? null, ...extra }) as ScreeningSubject;

describe('scoreCeiling: the best score a subject can reach', () => {
  it('with two given names the ceiling leaves out entries whose maternal surname may be one of them', () => {
    expect(scoreCeiling(prepareSubject(person('José Luis', 'García')))).toEqual({
      score: expect.any(Number) as number,
      unlessMaternalIs: ['JOSE', 'LUIS'],
      oneGivenName: expect.any(Number) as number,
    });
  });

  it('with one given name, or a rare surname whose limit caps both alike, nothing waits', () => {
    for (const subject of [person('María', 'García'), person('María Guadalupe', 'Zapatero')]) {
      const ceiling = scoreCeiling(prepareSubject(subject));
      expect(ceiling.oneGivenName).toBeGreaterThanOrEqual(ceiling.score);
    }
  });

  it.each([
    ['a maternal surname', person('María', 'García', 'López')],
    ['a birth date', person('María', 'García', undefined, { birthDate: '1980-01-01' })],
    ['a nationality', person('María', 'García', undefined, { nationality: 'MX' })],
    ['an RFC', person('María', 'García', undefined, { rfc: 'GAMA800101AB1' })],
    ['a company', { kind: 'entity', businessName: 'Servicios Integrales' } as ScreeningSubject],
  ])('with %s the ceiling is 1: the rules leave room up to a match', (_, subject) => {
    expect(scoreCeiling(prepareSubject(subject)).score).toBe(1000);
  });
});

describe('WatchListIndex lookups', () => {
  const entry = (source: WatchListSource, key: string, fields: Partial<WatchListEntry>): WatchListEntry => ({
    source,
    key,
    kind: 'person',
    names: [],
    rfcs: [],
    curps: [],
    birthDates: [],
    nationalities: [],
    gender: null,
    listStatus: '',
    redacted: false,
    raw: {},
    ...fields,
  });
  const sat = (key: string, text: string, fields: Partial<WatchListEntry> = {}) =>
    entry('sat-69', key, {
      names: [{ text, order: 'surnames-first', alias: false }],
      rfcs: [key],
      ...fields,
    });

  it('finds an entry one typo away in a name part of five letters or more', () => {
    const small = new WatchListIndex();
    small.replace(buildSegment('sat-69', 1, [sat('ZUOE800101AB1', 'ZUBIRIA OCHOA EDUARDO')]));
    for (const lastName of ['Zubirias', 'Zubiria', 'Zubria', 'Zubiira', 'Zubiriz'])
      expect(small.screen(person('Eduardo', lastName, 'Ochoa')).map((hit) => hit.key)).toEqual([
        'ZUOE800101AB1',
      ]);
    expect(small.screen(person('Eduadro', 'Zubiria', 'Ochoa')).map((hit) => hit.key)).toEqual([
      'ZUOE800101AB1',
    ]);
  });

  it('does not score every JUAN or GARCIA: a common name narrows to its given name AND surnames', () => {
    const entries: WatchListEntry[] = [];
    for (let i = 0; i < 2_000; i++) {
      const key = `K${i}`;
      // Half are JUAN <other surnames>, half are <other given> GARCIA ...: none is Juan García.
      const text =
        i % 2
          ? `${['LOPEZ', 'PEREZ', 'DIAZ'][(i >> 1) % 3]} RUIZ JUAN`
          : `GARCIA RUIZ ${['PEDRO', 'LUIS', 'ANA'][(i >> 1) % 3]}`;
      entries.push(sat(key, text));
    }
    entries.push(sat('GARJ', 'GARCIA LOPEZ JUAN'));
    const small = new WatchListIndex();
    small.replace(buildSegment('sat-69', 1, entries));
    expect(small.countCandidates(person('Juan', 'García', 'López'))).toBe(1);
    expect(small.screen(person('Juan', 'García', 'López')).map((hit) => hit.key)).toEqual(['GARJ']);
  });

  it('leaves to the last the namesakes that list one of several given names, and answers the same', () => {
    const subject = person('María Guadalupe', 'Hernández');
    const ceiling = scoreCeiling(prepareSubject(subject));
    // One given name of the two first in the version's order, then the candidate's whole name.
    const oneGiven = [
      'HERNANDEZ RUIZ MARIA',
      'HERNANDEZ GUADALUPE',
      'HERNANDEZ LOPEZ GUADALUPE',
      'HERNANDES MARIA',
    ];
    const entries = Array.from({ length: 60 }, (_, i) => sat(`ONE${i}`, oneGiven[i % oneGiven.length]));
    for (let i = 0; i < 25; i++) entries.push(sat(`BOTH${i}`, 'HERNANDEZ MARIA GUADALUPE'));
    const scores = entries.slice(0, 60).map((e) => Math.round(compareWithEntry(subject, e).score * 1000));
    expect(Math.max(...scores)).toBe(ceiling.oneGivenName);
    expect(ceiling.oneGivenName).toBeLessThan(ceiling.score);

    const small = new WatchListIndex();
    small.replace(buildSegment('sat-69', 1, entries));
    const keys = (hits: ReturnType<WatchListIndex['screen']>) => hits.map((hit) => hit.key);
    const whole = keys(small.screen(subject));
    for (const limit of [1, 20, 25, 26, 40])
      expect(keys(small.screen(subject, { limit }))).toEqual(whole.slice(0, limit));
    expect(keys(small.screen(subject, { limit: 20 }))).toEqual(
      Array.from({ length: 20 }, (_, i) => `BOTH${i}`),
    );

    // Which candidates may wait: those found only as a listed name's only given name. (BOTH reads
    // as GUADALUPE with the maternal surname MARIA: it is found so too, and never waits, since
    // its maternal surname is one of the candidate's given names.)
    const split = (key: string) =>
      entry('sat-69', key, {
        names: [
          {
            text: 'MARIA GUADALUPE HERNANDEZ',
            order: 'given-first',
            given: 'MARIA GUADALUPE',
            surnames: 'HERNANDEZ',
            alias: false,
          },
        ],
      });
    const segment = buildSegment('sat-69', 1, [...entries.slice(0, 60), split('TWO0'), split('TWO1')]);
    const scratch = new Scratch(segment.size);
    const found = candidates(segment, scratch, screeningQuery(prepareSubject(subject)));
    const mayWait = (key: string) =>
      foundByOneGivenName(scratch, found.find((e) => segment.key(e) === key) ?? -1);
    expect(found).toHaveLength(62);
    for (let i = 0; i < 60; i++) expect(mayWait(`ONE${i}`)).toBe(true);
    expect([mayWait('TWO0'), mayWait('TWO1')]).toEqual([false, false]);

    // The same when the stamps are about to run out: they start again before the call, not in it.
    scratch.stamp = 0xffffffff - 1;
    const again = candidates(segment, scratch, screeningQuery(prepareSubject(subject)));
    expect(scratch.pairedStamp).toBe(1);
    expect(again).toHaveLength(62);
    expect([mayWait('TWO0'), mayWait('TWO1'), mayWait('ONE0')]).toEqual([false, false, true]);
  });

  it('finds an entry by the candidate RFC or CURP, hyphens and case ignored, whatever its name', () => {
    const small = new WatchListIndex();
    small.replace(
      buildSegment('ofac-sdn', 3, [
        entry('ofac-sdn', '123', {
          names: [{ text: 'OTRO NOMBRE, Completamente', order: 'surnames-comma-given', alias: false }],
          rfcs: ['AIMO-681106-9F7'],
          curps: ['AIMO681106HCHRRS01'],
        }),
      ]),
    );
    expect(small.screen(person('Juan', 'Pérez', null as never, { rfc: 'aimo6811069f7' }))[0]).toMatchObject({
      source: 'ofac-sdn',
      version: 3,
      key: '123',
      comparison: { score: 1, decision: 'match', features: [{ feature: 'rfc_exact', effect: 1 }] },
    });
    expect(small.screen(person('Juan', 'Pérez', null as never, { curp: 'AIMO681106HCHRRS01' }))).toHaveLength(
      1,
    );
  });

  it("finds an entry that lists the candidate's RFC without homoclave (its stem), whatever its name", () => {
    const small = new WatchListIndex();
    small.replace(
      buildSegment('ofac-sdn', 1, [
        entry('ofac-sdn', '40210', {
          names: [{ text: 'AGUILAR ALVAREZ, Mario', order: 'surnames-comma-given', alias: false }],
          rfcs: ['AUAM530929'],
        }),
      ]),
    );
    const [hit] = small.screen(person('Otro', 'Nombre', null as never, { rfc: 'AUAM-530929-KL1' }));
    expect(hit).toMatchObject({ key: '40210', comparison: { decision: 'possible_match' } });
    expect(hit.comparison.features.map((f) => f.feature)).toContain('rfc_stem');
    // Another homoclave of the same stem is another RFC only where the entry gives a full one.
    expect(small.screen(person('Otro', 'Nombre', null as never, { rfc: 'AUAM530928KL1' }))).toEqual([]);
  });

  it('says a person died in every comparison with her, in the index as in compareWithEntry', () => {
    const dead = entry('peps', 'mx-gov', {
      names: [
        {
          text: 'Rodolfo Treviño Garza',
          order: 'given-first',
          given: 'Rodolfo',
          surnames: 'Treviño Garza',
          alias: false,
        },
      ],
      deceased: true,
    });
    const small = new WatchListIndex();
    small.replace(buildSegment('peps', 1, [dead]));
    const subject = person('Rodolfo', 'Treviño', 'Garza');
    const [hit] = small.screen(subject, { limit: 20 });
    expect(hit.comparison.features.map((f) => f.feature)).toContain('deceased');
    expect(hit.comparison).toEqual({
      ...compareWithEntry(subject, dead),
      listedName: undefined,
      nameIndex: undefined,
    });
  });

  it('never returns a redacted row', () => {
    const small = new WatchListIndex();
    small.replace(
      buildSegment('sat-69b', 1, [
        entry('sat-69b', 'XXXXXXXXXXXX', {
          kind: 'unknown',
          redacted: true,
          rfcs: ['XXXXXXXXXXXX'],
          names: [{ text: 'GARCIA LOPEZ JUAN', order: 'unknown', alias: false }],
        }),
      ]),
    );
    expect(small.screen(person('Juan', 'García', 'López', { rfc: 'XXXXXXXXXXXX' }))).toEqual([]);
    expect(small.versions()).toEqual([{ source: 'sat-69b', version: 1, entries: 0, redacted: 1 }]);
  });

  it('replaces one source version without touching the others, and screens only the sources asked', () => {
    const small = new WatchListIndex();
    small.replace(buildSegment('sat-69', 1, [sat('GALJ1', 'GARCIA LOPEZ JUAN')]));
    small.replace(
      buildSegment('peps', 1, [
        entry('peps', 'pep-1', {
          names: [
            {
              text: 'Juan García López',
              order: 'given-first',
              given: 'Juan',
              surnames: 'García López',
              alias: false,
            },
          ],
        }),
      ]),
    );
    const juan = person('Juan', 'García', 'López');
    expect(small.screen(juan).map((hit) => `${hit.source}/${hit.version}/${hit.key}`)).toEqual([
      'sat-69/1/GALJ1',
      'peps/1/pep-1',
    ]);

    small.replace(
      buildSegment('sat-69', 2, [sat('GALJ2', 'GARCIA LOPEZ JUAN'), sat('PEMA', 'PEREZ MARTINEZ ANA')]),
    );
    expect(small.screen(juan).map((hit) => `${hit.source}/${hit.version}/${hit.key}`)).toEqual([
      'sat-69/2/GALJ2',
      'peps/1/pep-1',
    ]);
    expect(small.screen(juan, { sources: ['peps'] }).map((hit) => hit.key)).toEqual(['pep-1']);
    expect(small.versions().map(({ source, version, entries }) => [source, version, entries])).toEqual([
      ['sat-69', 2, 2],
      ['peps', 1, 1],
    ]);
    small.remove('sat-69');
    expect(small.screen(juan).map((hit) => hit.source)).toEqual(['peps']);
  });

  it('ranks best first and explains only the best `limit` hits', () => {
    const small = new WatchListIndex();
    small.replace(
      buildSegment('peps', 1, [
        entry('peps', 'a', { names: [{ text: 'Juan Garsia López', order: 'given-first', alias: false }] }),
        entry('peps', 'b', {
          names: [{ text: 'Juan García López', order: 'given-first', alias: false }],
          birthDates: ['1980-01-02'],
        }),
        entry('peps', 'c', { names: [{ text: 'Juan García', order: 'given-first', alias: false }] }),
      ]),
    );
    const hits = small.screen(person('Juan', 'García', 'López', { birthDate: '1980-01-02' }));
    expect(hits.map((hit) => [hit.key, hit.comparison.decision])).toEqual([
      ['b', 'match'],
      ['c', 'possible_match'],
      ['a', 'possible_match'],
    ]);
    const scores = hits.map((hit) => hit.comparison.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(
      small.screen(person('Juan', 'García', 'López', { birthDate: '1980-01-02' }), { limit: 1 }),
    ).toHaveLength(1);
  });

  it('finds a listed name whose extra given name stands where the candidate’s maternal surname is', () => {
    // JUAN LOPEZ HERNANDEZ read as given names JUAN LOPEZ: against Juan / Hernández / López, LOPEZ
    // is compared as the maternal surname (and agrees), so it is a hit.
    const listed = entry('peps', 'x', {
      names: [{ text: 'Juan López Hernández', order: 'given-first', alias: false }],
    });
    const subject = person('Juan', 'Hernández', 'López');
    expect(compareWithEntry(subject, listed).decision).not.toBe('no_match');
    const small = new WatchListIndex();
    small.replace(buildSegment('peps', 1, [listed]));
    expect(small.screen(subject).map((hit) => hit.key)).toEqual(['x']);
  });

  it('still scores, after the limit is reached, an entry whose maternal surname is one of the given names', () => {
    // JOSE GARCIA LUIS: fewer given names, and LUIS stands in its maternal surname's place; it
    // scores above every JOSE LUIS GARCIA without maternal surname, though it comes last.
    const namesakes = Array.from({ length: 25 }, (_, at) =>
      entry('peps', `n${String(at).padStart(2, '0')}`, {
        names: [{ text: 'José Luis García', order: 'given-first', alias: false }],
      }),
    );
    const last = entry('peps', 'z', {
      names: [{ text: 'GARCIA LUIS, José', order: 'surnames-comma-given', alias: false }],
    });
    const small = new WatchListIndex();
    small.replace(buildSegment('peps', 1, [...namesakes, last]));
    const subject = person('José Luis', 'García');
    const whole = small.screen(subject);
    expect(whole[0].key).toBe('z');
    expect(whole[0].comparison.score).toBeGreaterThan(whole[1].comparison.score);
    expect(small.screen(subject, { limit: 3 }).map((hit) => hit.key)).toEqual(['z', 'n00', 'n01']);
  });

  it('names the published form that matched: withEntry gives it as listedName', () => {
    const listed = entry('ofac-sdn', '7', {
      names: [
        { text: 'ALIAS PRIMERO, Nombre', order: 'surnames-comma-given', alias: false },
        { text: 'GARCIA LOPEZ, Juan', order: 'surnames-comma-given', alias: true, quality: 'strong' },
      ],
    });
    const small = new WatchListIndex();
    small.replace(buildSegment('ofac-sdn', 1, [listed]));
    const [hit] = small.screen(person('Juan', 'García', 'López'));
    expect(hit.nameIndex).toBe(1);
    expect(withEntry(hit, listed)).toMatchObject({ entry: listed, listedName: 'GARCIA LOPEZ, Juan' });
    expect(hit.comparison.features.map((f) => f.feature)).toContain('alias');
  });
});
