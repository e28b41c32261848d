import type { MatchDecision, ScreeningSubject } from '../comparison';
import type { ListedName, WatchListEntry } from '../entry';
import { compareWithEntry, type MatchableEntry } from './compare';

const candidate = (
  name: string,
  lastName: string,
  secondLastName: string | null,
  extra: Partial<ScreeningSubject> = {},
): ScreeningSubject => ({ kind: 'person', name, lastName, secondLastName, ...extra });
const company = (businessName: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  kind: 'entity',
  businessName,
  ...extra,
});
const listed = (text: string, order: ListedName['order'], extra: Partial<ListedName> = {}): ListedName => ({
  text,
  order,
  alias: false,
  ...extra,
});
const entry = (names: ListedName[], extra: Partial<WatchListEntry> = {}): MatchableEntry => ({
  kind: 'person',
  names,
  rfcs: [],
  curps: [],
  birthDates: [],
  nationalities: [],
  gender: null,
  redacted: false,
  ...extra,
});
/** An OFAC individual (`SURNAMES, Given`). */
const ofac = (text: string, extra: Partial<WatchListEntry> = {}) =>
  entry([listed(text, 'surnames-comma-given')], extra);
/** An FtM person (given names and both surnames joined, as OpenSanctions gives them). */
const pep = (given: string, surnames: string, extra: Partial<WatchListEntry> = {}) =>
  entry([listed(`${given} ${surnames}`, 'given-first', { given, surnames })], extra);

const juan = candidate('Juan', 'García', 'López', { birthDate: '1980-05-01' });
const eduardo = candidate('Eduardo', 'Zubiría', 'Ochoa', { birthDate: '1966-09-30' });

type Case = [string, ScreeningSubject, MatchableEntry, MatchDecision, string[]?];

/** Each behaviour docs/watch-list-matching.md names, with the decision it must give and features it must show. */
const CONTRACT: Case[] = [
  // Identifiers decide first.
  [
    "an entry with the candidate's RFC (13, física) is a match whatever its name",
    candidate('Juan', 'García', 'López', { rfc: 'GALJ800501AB1' }),
    ofac('OTRO NOMBRE, Distinto', { rfcs: ['GALJ800501AB1'] }),
    'match',
    ['rfc_exact'],
  ],
  [
    "an entry with the company's RFC (12, moral) is a match whatever its name",
    company('Comercializadora Azteca SA de CV', { rfc: 'CAZ010203XY9' }),
    entry([listed('OTRA EMPRESA SA', 'entity')], { kind: 'unknown', rfcs: ['CAZ010203XY9'] }),
    'match',
    ['rfc_exact'],
  ],
  [
    "an entry with the candidate's CURP is a match whatever its name",
    candidate('Juan', 'García', 'López', { curp: 'GALJ800501HDFRPN09' }),
    pep('Pedro', 'Páramo', { curps: ['GALJ800501HDFRPN09'] }),
    'match',
    ['curp_exact'],
  ],
  [
    'hyphens and spaces in an RFC are not significant',
    candidate('Juan', 'García', 'López', { rfc: 'galj 800501 ab1' }),
    ofac('GARCIA LOPEZ, Juan', { rfcs: ['GALJ-800501-AB1'] }),
    'match',
    ['rfc_exact'],
  ],
  [
    "an entry whose RFC differs from the candidate's is at most a possible_match",
    { ...juan, rfc: 'GALJ800501AB1' },
    ofac('GARCIA LOPEZ, Juan', { rfcs: ['GALJ800501ZZ9'], birthDates: ['1980-05-01'] }),
    'possible_match',
    ['name_exact', 'rfc_differs'],
  ],
  [
    "an entry whose CURP differs from the candidate's is at most a possible_match",
    { ...juan, curp: 'GALJ800501HDFRPN09' },
    ofac('GARCIA LOPEZ, Juan', { curps: ['GALJ800501HJCRPN01'], birthDates: ['1980-05-01'] }),
    'possible_match',
    ['curp_differs'],
  ],
  // Names.
  [
    'the same full name with accent and case differences and the same birth date is a match',
    candidate('José Ángel', 'Núñez', 'Muñoz', { birthDate: '1975-02-03' }),
    ofac('NUNEZ MUNOZ, Jose Angel', { birthDates: ['1975-02-03'] }),
    'match',
    ['name_exact', 'birth_date_same'],
  ],
  [
    'the same full name of very common surnames and the same birth date is a match',
    candidate('Juan', 'Hernández', 'Hernández', { birthDate: '1980-05-01' }),
    pep('Juan', 'Hernández Hernández', { birthDates: ['1980-05-01'] }),
    'match',
    ['name_exact', 'common_surname', 'birth_date_same'],
  ],
  [
    'the same surnames with a different given name is a no_match',
    juan,
    ofac('GARCIA LOPEZ, Jose', { birthDates: ['1980-05-01'] }),
    'no_match',
    ['given_name_differs'],
  ],
  [
    'the same surnames with a gender variant of the given name is a no_match (Juan / Juana)',
    juan,
    ofac('GARCIA LOPEZ, Juana', { birthDates: ['1980-05-01'] }),
    'no_match',
    ['given_name_differs'],
  ],
  [
    'a maternal surname missing on the list is at most a possible_match',
    juan,
    pep('Juan', 'García'),
    'possible_match',
    ['maternal_surname_missing'],
  ],
  [
    "a maternal surname missing on the candidate's side is at most a possible_match",
    candidate('Eduardo', 'Zubiría', null),
    pep('Eduardo', 'Zubiría Ochoa'),
    'possible_match',
    ['maternal_surname_missing'],
  ],
  [
    'a missing maternal surname confirmed by the birth date is a match',
    eduardo,
    pep('Eduardo', 'Zubiría', { birthDates: ['1966-09-30'] }),
    'match',
    ['maternal_surname_missing', 'birth_date_same'],
  ],
  [
    'a differing maternal surname keeps an otherwise equal name below match (same birth date)',
    eduardo,
    pep('Eduardo', 'Zubiría Aldana', { birthDates: ['1966-09-30'] }),
    'possible_match',
    ['maternal_surname_differs', 'birth_date_same'],
  ],
  [
    'a differing maternal surname without a birth date to compare is a no_match',
    candidate('Eduardo', 'Zubiría', 'Ochoa'),
    pep('Eduardo', 'Zubiría Aldana'),
    'no_match',
    ['maternal_surname_differs'],
  ],
  [
    'birth dates in different years keep an otherwise equal name below match',
    eduardo,
    pep('Eduardo', 'Zubiría Ochoa', { birthDates: ['1971-09-30'] }),
    'possible_match',
    ['name_exact', 'birth_date_differs'],
  ],
  [
    'a common name born in another year is a no_match',
    juan,
    ofac('GARCIA LOPEZ, Juan', { birthDates: ['1955'] }),
    'no_match',
    ['birth_date_differs'],
  ],
  [
    'a rare full name with no birth date to compare is a match',
    candidate('Eduardo', 'Zubiría', 'Ochoa'),
    pep('Eduardo', 'Zubiría Ochoa'),
    'match',
    ['name_exact'],
  ],
  [
    'a name of common surnames with no birth date to compare is at most a possible_match',
    candidate('Juan', 'García', 'López'),
    pep('Juan', 'García López'),
    'possible_match',
    ['name_exact', 'common_surname'],
  ],
  // Redacted rows, kinds.
  [
    'a redacted row never matches, not even on the RFC',
    candidate('Juan', 'García', 'López', { rfc: 'XXXXXXXXXXXX' }),
    entry([listed('GARCIA LOPEZ JUAN', 'unknown')], {
      kind: 'unknown',
      redacted: true,
      rfcs: ['XXXXXXXXXXXX'],
    }),
    'no_match',
    ['redacted'],
  ],
  [
    'a persona física is not compared with an entity',
    candidate('Azteca', 'Comercializadora', null),
    entry([listed('COMERCIALIZADORA AZTECA', 'entity')], { kind: 'entity' }),
    'no_match',
    ['kind_differs'],
  ],
  [
    'a persona moral is not compared with a person',
    company('Juan García López'),
    pep('Juan', 'García López'),
    'no_match',
    ['kind_differs'],
  ],
  [
    'an SAT row of unknown kind with a 13-character RFC is compared as a person',
    { ...juan },
    entry([listed('GARCIA LOPEZ JUAN', 'unknown')], { kind: 'unknown', rfcs: ['GALJ800501QW2'] }),
    'match',
    ['name_exact', 'birth_date_same'],
  ],
  [
    'an SAT row of unknown kind with a 12-character RFC is compared as an entity',
    company('Transportes Jaguar Dorado'),
    entry([listed('TRANSPORTES JAGUAR DORADO SA DE CV', 'unknown')], {
      kind: 'unknown',
      rfcs: ['TJD010203XY9'],
    }),
    'match',
    ['name_exact'],
  ],
  // How the publishers write names.
  [
    "OFAC's `SURNAMES, Given` is split into the two surnames and the given names",
    eduardo,
    ofac('ZUBIRIA OCHOA, Eduardo', { birthDates: ['1966-09-30'] }),
    'match',
    ['name_exact'],
  ],
  [
    "SAT's `PATERNO MATERNO NOMBRE` is read surnames first",
    eduardo,
    entry([listed('ZUBIRIA OCHOA EDUARDO', 'surnames-first')], { rfcs: ['ZUOE660930AB1'] }),
    'match',
    ['name_exact', 'birth_date_same'],
  ],
  [
    "the UN's FIRST_NAME .. THIRD_NAME are read as given name and surnames",
    eduardo,
    entry([listed('EDUARDO ZUBIRIA OCHOA', 'parts', { parts: ['EDUARDO', 'ZUBIRIA', 'OCHOA'] })], {
      birthDates: ['1966'],
    }),
    'match',
    ['name_exact', 'birth_date_same'],
  ],
  [
    'an FtM lastName with both surnames joined is compared with both of the candidate',
    candidate('Alejandro', 'Zúñiga', 'de la Garza'),
    pep('Alejandro', 'Zúñiga de la Garza'),
    'match',
    ['name_exact'],
  ],
  [
    'an unknown order is read both ways',
    eduardo,
    entry([listed('ZUBIRIA OCHOA EDUARDO', 'unknown')], { birthDates: ['1966-09-30'] }),
    'match',
    ['name_exact'],
  ],
  [
    'particles stay with their surname: `de la Cruz` / `DE LA CRUZ`',
    candidate('Rosa', 'de la Cruz', 'del Río', { birthDate: '1990-01-01' }),
    ofac('DE LA CRUZ DEL RIO, Rosa', { birthDates: ['1990-01-01'] }),
    'match',
    ['name_exact'],
  ],
  [
    'a particle written together or left out is the same surname',
    candidate('Rosa', 'de la Cruz', 'del Río', { birthDate: '1990-01-01' }),
    ofac('DELACRUZ RIO, Rosa', { birthDates: ['1990-01-01'] }),
    'match',
    ['name_similar'],
  ],
  [
    "SAT's `PATERNO NOMBRE NOMBRE` of a person with one surname is found for them",
    candidate('Juan Carlos', 'Zubiría', null, { birthDate: '1970-01-01' }),
    entry([listed('ZUBIRIA JUAN CARLOS', 'surnames-first')], { rfcs: ['ZUJC700101AB1'] }),
    'match',
    ['birth_date_same'],
  ],
  [
    'María written `Ma.` is María: with the same birth date (the RFC gives it), a match',
    candidate('María Guadalupe', 'Zubiría', 'Ochoa', { birthDate: '1970-01-01' }),
    entry([listed('ZUBIRIA OCHOA MA. GUADALUPE', 'surnames-first')], { rfcs: ['ZUOG700101AB1'] }),
    'match',
    ['name_similar', 'birth_date_same'],
  ],
  [
    'María written `Ma.` is María: without a date, for review',
    candidate('María Guadalupe', 'Zubiría', 'Ochoa'),
    entry([listed('ZUBIRIA OCHOA MA. GUADALUPE', 'surnames-first')]),
    'possible_match',
    ['given_name_initial'],
  ],
  [
    'a second given name left out by the list is still the person',
    candidate('María Guadalupe', 'Zubiría', 'Ochoa', { birthDate: '1970-01-01' }),
    pep('Guadalupe', 'Zubiría Ochoa', { birthDates: ['1970-01-01'] }),
    'match',
    ['name_similar'],
  ],
  [
    'one given name shared, the other different, is a no_match (Juan Carlos / Juan Pablo)',
    candidate('Juan Carlos', 'Zubiría', 'Ochoa', { birthDate: '1970-01-01' }),
    pep('Juan Pablo', 'Zubiría Ochoa', { birthDates: ['1970-01-01'] }),
    'no_match',
    ['given_name_differs'],
  ],
  // Aliases and qualifiers.
  [
    "an alias is compared like the primary name, and says it's an alias",
    eduardo,
    entry(
      [
        listed('PRIMERO NOMBRE, Otro', 'surnames-comma-given'),
        listed('ZUBIRIA OCHOA, Eduardo', 'surnames-comma-given', { alias: true, quality: 'strong' }),
      ],
      { birthDates: ['1966-09-30'] },
    ),
    'match',
    ['name_exact', 'alias'],
  ],
  [
    'a different nationality lowers the score, a different sex more',
    candidate('Eduardo', 'Zubiría', 'Ochoa', { nationality: 'MX', gender: 'H' }),
    ofac('ZUBIRIA OCHOA, Eduardo', { nationalities: ['Colombia'], gender: 'M' }),
    'possible_match',
    ['nationality_differs', 'gender_differs'],
  ],
  [
    "the candidate's nationality code matches the publisher's country name",
    { ...eduardo, nationality: 'DOM' },
    ofac('ZUBIRIA OCHOA, Eduardo', { birthDates: ['1966-09-30'], nationalities: ['Dominican Republic'] }),
    'match',
    ['nationality_same'],
  ],
  [
    "the birth date an entry's RFC carries is compared when the list gives none",
    candidate('Juan', 'García', 'López', { birthDate: '1980-05-01' }),
    entry([listed('GARCIA LOPEZ JUAN', 'surnames-first')], { rfcs: ['GALJ750303AB1'] }),
    'no_match',
    ['birth_date_differs'],
  ],
  // Companies.
  [
    'a company name with its legal form written otherwise is a match',
    company('Comercializadora Azteca, S.A. de C.V.'),
    entry([listed('COMERCIALIZADORA AZTECA SA DE CV', 'entity')], { kind: 'entity' }),
    'match',
    ['name_exact'],
  ],
  [
    'companies sharing only a generic word are a no_match',
    company('Servicios Quetzal SA de CV'),
    entry([listed('SERVICIOS OBSIDIANA SA DE CV', 'entity')], { kind: 'entity' }),
    'no_match',
    ['name_similar'],
  ],
];

/** An SAT física as the real files write her: one cell, in either order, with her RFC. */
const satPerson = (text: string, rfc: string, extra: Partial<WatchListEntry> = {}) =>
  entry([listed(text, 'unknown')], { rfcs: [rfc], ...extra });
const lorena = satPerson('LORENA ARANA AGUILAR', 'AAAL850312QW1', { birthDates: ['1985-03-12'] });

/** What the publishers' real files and the way people type names demand (docs/watch-list-matching.md). */
const REAL_FILES: Case[] = [
  [
    'an Art. 69 person written given names first, her RFC choosing the reading: found by her name and date',
    candidate('Lorena', 'Arana', 'Aguilar', { birthDate: '1985-03-12' }),
    lorena,
    'match',
    ['name_exact', 'birth_date_same'],
  ],
  [
    'the same person written surnames first (69-B)',
    candidate('Lorena', 'Arana', 'Aguilar', { birthDate: '1985-03-12' }),
    satPerson('ARANA AGUILAR LORENA', 'AAAL850312QW1', { birthDates: ['1985-03-12'] }),
    'match',
    ['name_exact'],
  ],
  [
    // Without the RFC, reading the cell surnames first would make it Aguilar Lorena Arana exactly.
    'the RFC rules the other orders out: Aguilar is not her given name',
    candidate('Aguilar', 'Lorena', 'Arana', { birthDate: '1985-03-12' }),
    lorena,
    'no_match',
  ],
  [
    'surnames typed in name, the given name in lastName: a possible match, never a match',
    candidate('Arana Aguilar', 'Lorena', null, { birthDate: '1985-03-12' }),
    lorena,
    'possible_match',
    ['name_reordered'],
  ],
  [
    'each field one off (paternal in name, given name in secondLastName)',
    candidate('Arana', 'Aguilar', 'Lorena'),
    lorena,
    'possible_match',
    ['name_reordered'],
  ],
  [
    'a first given name as its initial: a possible match',
    candidate('J. Alfredo', 'Salazar', 'Quintero'),
    satPerson('SALAZAR QUINTERO JOSE ALFREDO', 'SAQA710220LM2'),
    'possible_match',
    ['given_name_initial'],
  ],
  [
    'an initial with the same birth date: the date confirms it',
    candidate('J. Alfredo', 'Salazar', 'Quintero', { birthDate: '1971-02-20' }),
    satPerson('SALAZAR QUINTERO JOSE ALFREDO', 'SAQA710220LM2', { birthDates: ['1971-02-20'] }),
    'match',
    ['name_similar', 'birth_date_same'],
  ],
  [
    'an initial that is another name’s: no match',
    candidate('R. Alfredo', 'Salazar', 'Quintero'),
    satPerson('SALAZAR QUINTERO JOSE ALFREDO', 'SAQA710220LM2'),
    'no_match',
    ['given_name_differs'],
  ],
  [
    'Fco. for Francisco',
    candidate('Fco. Javier', 'Zubiría', 'Ochoa'),
    pep('Francisco Javier', 'Zubiría Ochoa'),
    'possible_match',
    ['given_name_initial'],
  ],
  [
    'the maternal surname left out',
    candidate('Lorena', 'Arana', null),
    lorena,
    'possible_match',
    ['maternal_surname_missing'],
  ],
  [
    'the second given name left out',
    candidate('José', 'Pérez', 'de la Cruz'),
    satPerson('JOSE LUIS PEREZ DE LA CRUZ', 'PECL791102HT4'),
    'possible_match',
  ],
  [
    'a business name without its legal form',
    company('Pescadores del Golfo'),
    entry([listed('PESCADORES DEL GOLFO, S.C. DE P. DE R.L. DE C.V.', 'entity')], { kind: 'entity' }),
    'match',
    ['name_exact'],
  ],
  [
    "OFAC's RFC without homoclave: the candidate's RFC with that stem is at least a possible match",
    candidate('Otro', 'Nombre', null, { rfc: 'AUAM530929KL1' }),
    ofac('AGUILAR ALVAREZ, Mario', { rfcs: ['AUAM530929'] }),
    'possible_match',
    ['rfc_stem'],
  ],
  [
    'the stem and the name: a match (the stem carries the birth date)',
    candidate('Mario', 'Aguilar', 'Álvarez', { rfc: 'AUAM530929KL1' }),
    ofac('AGUILAR ALVAREZ, Mario', { rfcs: ['AUAM530929'], birthDates: ['1953-09-29'] }),
    'match',
    ['rfc_stem', 'birth_date_same'],
  ],
  [
    'another stem: the RFC differs',
    candidate('Mario', 'Aguilar', 'Álvarez', { rfc: 'AUAM530928KL1' }),
    ofac('AGUILAR ALVAREZ, Mario', { rfcs: ['AUAM530929'] }),
    'possible_match',
    ['rfc_differs'],
  ],
  [
    'a PEP who died: still a match, which says so',
    candidate('Rodolfo', 'Treviño', 'Garza', { birthDate: '1941-08-19' }),
    pep('Rodolfo', 'Treviño Garza', { birthDates: ['1941-08-19'], deceased: true }),
    'match',
    ['name_exact', 'deceased'],
  ],
];

describe('the real files and the way names are typed: compareWithEntry', () => {
  it.each(REAL_FILES)('%s', (_, subject, listedEntry, decision, features = []) => {
    const comparison = compareWithEntry(subject, listedEntry);
    expect(comparison.decision).toBe(decision);
    expect(comparison.features.map((f) => f.feature)).toEqual(expect.arrayContaining(features));
    expect(Math.round(comparison.features.reduce((sum, f) => sum + f.effect, 0) * 1000)).toBe(
      Math.round(comparison.score * 1000),
    );
  });
});

describe('docs/watch-list-matching.md: compareWithEntry', () => {
  it.each(CONTRACT)('%s', (_, subject, listedEntry, decision, features = []) => {
    const comparison = compareWithEntry(subject, listedEntry);
    expect(comparison.decision).toBe(decision);
    expect(comparison.features.map((f) => f.feature)).toEqual(expect.arrayContaining(features));
  });

  it.each(CONTRACT)('the features explain the score: %s', (_, subject, listedEntry) => {
    const { score, features } = compareWithEntry(subject, listedEntry);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
    expect(Math.round(features.reduce((sum, f) => sum + f.effect, 0) * 1000)).toBe(Math.round(score * 1000));
  });
});

describe('one typo in a given name or surname of five letters or more is at least a possible_match', () => {
  const base = candidate('Eduardo', 'Hernández', 'García');
  it.each([
    ['a letter replaced in the given name', 'Eduarfo', 'HERNANDEZ GARCIA'],
    ['a letter left out of the given name', 'Eduado', 'HERNANDEZ GARCIA'],
    ['a letter added to the paternal surname', 'Eduardo', 'HERNANDEEZ GARCIA'],
    ['two letters swapped in the paternal surname', 'Eduardo', 'HERNADNEZ GARCIA'],
    ['a letter left out of the maternal surname', 'Eduardo', 'HERNANDEZ GRCIA'],
    ['a letter replaced in the maternal surname', 'Eduardo', 'HERNANDEZ GARSIA'],
    ['a five-letter name losing a letter (MARIA -> MAIA)', 'Maia', 'HERNANDEZ GARCIA'],
  ])('%s', (_, given, surnames) => {
    const subject = given === 'Maia' ? { ...base, name: 'María' } : base;
    const comparison = compareWithEntry(subject, ofac(`${surnames}, ${given}`));
    expect(comparison.decision).not.toBe('no_match');
  });

  it('stays below match without the same birth date, and is a match with it', () => {
    const typo = ofac('ZUBIRIA OCHOSA, Eduardo');
    expect(compareWithEntry(candidate('Eduardo', 'Zubiría', 'Ochoa'), typo)).toMatchObject({
      decision: 'possible_match',
    });
    expect(
      compareWithEntry(eduardo, ofac('ZUBIRIA OCHOSA, Eduardo', { birthDates: ['1966-09-30'] })).decision,
    ).toBe('match');
  });
});

describe('features add up, and only what passes 1 is taken back', () => {
  it('keeps the weight of what lowers the score after an exact name and the same birth date', () => {
    const withEverything = compareWithEntry(
      { ...eduardo, nationality: 'MX', gender: 'H' },
      ofac('ZUBIRIA OCHOA, Eduardo', {
        birthDates: ['1966-09-30'],
        nationalities: ['Colombia'],
        gender: 'M',
      }),
    );
    const effect = (feature: string) => withEverything.features.find((f) => f.feature === feature)?.effect;
    expect(effect('nationality_differs')).toBe(-0.05);
    expect(effect('gender_differs')).toBe(-0.1);
    expect(effect('birth_date_same')).toBe(0.08);
    expect(withEverything.score).toBeCloseTo(1 - 0.016 + 0.08 - 0.05 - 0.1, 3);
  });

  it('takes the excess over 1 back from the last features that add', () => {
    const { score, features } = compareWithEntry(
      eduardo,
      ofac('ZUBIRIA OCHOA, Eduardo', { birthDates: ['1966-09-30'] }),
    );
    expect(score).toBe(1);
    expect(features).toEqual([
      { feature: 'name_exact', effect: 1, label: 'Nombre idéntico' },
      { feature: 'common_surname', effect: -0.016, label: 'Apellido frecuente' },
      { feature: 'birth_date_same', effect: 0.016, label: 'Fecha de nacimiento coincidente' },
    ]);
  });
});

describe('common surnames weigh less than rare ones', () => {
  it('scores García Hernández below Zubiría Ochoa, all else equal', () => {
    const common = compareWithEntry(
      candidate('Juan', 'García', 'Hernández'),
      pep('Juan', 'García Hernández'),
    );
    const rare = compareWithEntry(candidate('Juan', 'Zubiría', 'Ochoa'), pep('Juan', 'Zubiría Ochoa'));
    expect(common.score).toBeLessThan(rare.score);
    expect(common.features.find((f) => f.feature === 'common_surname')?.effect).toBeLessThan(-0.1);
  });
});

describe('listedName', () => {
  it('is the published name the best comparison was made with', () => {
    const listedEntry = entry([
      listed('OTRO NOMBRE, Pedro', 'surnames-comma-given'),
      listed('ZUBIRIA OCHOA, Eduardo', 'surnames-comma-given', { alias: true }),
    ]);
    expect(compareWithEntry(eduardo, listedEntry)).toMatchObject({
      listedName: 'ZUBIRIA OCHOA, Eduardo',
      nameIndex: 1,
    });
  });
});
