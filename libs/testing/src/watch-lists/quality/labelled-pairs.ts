import type { ScreeningSubject } from '@app/domain/watch-lists/comparison';
import type { ListedName, WatchListSource } from '@app/domain/watch-lists/entry';
import type { MatchableEntry } from '@app/domain/watch-lists/matching/compare';
import {
  between,
  birthDate,
  chance,
  entityRfc,
  FEMALE_NAMES,
  folded,
  givenName,
  MALE_NAMES,
  person,
  personCurp,
  personRfc,
  pick,
  RARE_SURNAMES,
  seededRandom,
  type Random,
  type SyntheticPerson,
} from '../synthetic/synthetic-names';
import { companyName, companyWord } from '../synthetic/synthetic-entries';
import { MEXICAN_SURNAME_COUNTS } from '@app/domain/watch-lists/matching/surname-frequencies';

/**
 * The labelled pairs the matcher's quality is measured on (issue 24: at least 1,000 name pairs).
 * Each pair is a candidate and a list entry as a reader produces it, labelled by how the pair was
 * BUILT: the same person (or company) written with a variation, or two different ones. The
 * matcher's output never decides a label, and no pair is dropped for what the matcher makes of it.
 *
 * Variations follow what the lists and the candidates really do: accents and case dropped,
 * one-letter typos, particles written apart, together or left out, a maternal surname missing,
 * surnames first (SAT, OFAC), aliases, identifiers with hyphens, company legal forms. Hard
 * negatives: namesakes born in other years, siblings (same surnames, another given name, `Juan` /
 * `Juana`), another maternal surname, a surname one letter away that is another real surname
 * (`Hernández` / `Fernández`), an alias of someone else, companies that share words.
 */
export const PAIR_CATEGORIES = [
  'accent',
  'typo',
  'particle',
  'missing-surname',
  'swapped-order',
  'given-names',
  'namesake',
  'namesake-undated',
  'common-surname',
  'maternal-differs',
  'near-name',
  'identifier',
  'alias',
  'entity',
  'combined',
  // What the publishers' real files and the way people type names added (docs/watch-list-matching.md).
  'given-first-sat',
  'reordered',
  'initials',
  'rfc-stem',
  'deceased',
] as const;
export type PairCategory = (typeof PAIR_CATEGORIES)[number];

export interface LabelledEntry extends MatchableEntry {
  source: WatchListSource;
  key: string;
}

export interface LabelledPair {
  id: string;
  category: PairCategory;
  /** The label: built as the same person (or company). */
  sameParty: boolean;
  /** How the pair was built, in words. */
  construction: string;
  subject: ScreeningSubject;
  entry: LabelledEntry;
}

/** How the list side writes a person: the four reader formats. */
type Format = 'sat' | 'ofac' | 'pep' | 'un';

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const upper = (text: string) => text.toUpperCase();

/** Real Mexican surnames one letter away from another real one: another family, not a typo. */
const NEAR_SURNAMES: ReadonlyArray<readonly [string, string]> = [
  ['Hernández', 'Fernández'],
  ['Mora', 'Moya'],
  ['Mora', 'Mota'],
  ['Lara', 'Lora'],
  ['Rojas', 'Rosas'],
  ['Vega', 'Vera'],
  ['Cano', 'Canto'],
  ['Peña', 'Piña'],
  ['Mata', 'Mota'],
  ['Silva', 'Selva'],
  ['Mena', 'Mesa'],
  ['Meza', 'Mesa'],
  ['Campos', 'Ramos'],
  ['Varela', 'Valera'],
  ['Salas', 'Salar'],
  ['Zavala', 'Zavaleta'],
  ['Leal', 'Real'],
  ['Rivas', 'Rivera'],
  ['Santos', 'Santo'],
  ['Olivares', 'Olivarez'],
];

/** Given names that are other names one letter away (siblings are named so). */
const NEAR_GIVEN: ReadonlyArray<readonly [string, string]> = [
  ['Juan', 'Juana'],
  ['Mario', 'María'],
  ['Raúl', 'Saúl'],
  ['José', 'Josué'],
  ['Gabriel', 'Gabriela'],
  ['Daniel', 'Daniela'],
  ['Alejandro', 'Alejandra'],
  ['Francisco', 'Francisca'],
  ['Julio', 'Julia'],
  ['Luis', 'Luisa'],
];

const PARTICLE_SURNAMES = [
  'de la Cruz',
  'de los Santos',
  'del Ángel',
  'de la Rosa',
  'de León',
  'del Río',
  'de la Garza',
  'de la Torre',
  'de la Fuente',
  'del Valle',
  'de Anda',
  'de la Peña',
];

const REAL_GIVEN = new Set([...MALE_NAMES, ...FEMALE_NAMES].map(([name]) => folded(name)));
const REAL_SURNAMES = new Set([
  ...MEXICAN_SURNAME_COUNTS.map(([name]) => name),
  ...RARE_SURNAMES.map(folded),
]);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * One edit in a word (substitution, deletion, insertion or neighbours swapped), keeping its case.
 * An edit that lands on another real name is drawn again: that is another name, not a typo.
 */
function typo(random: Random, word: string, real: ReadonlySet<string>): string {
  for (;;) {
    const chars = [...word];
    const at = between(random, 1, chars.length - 1);
    const letter = LETTERS[between(random, 0, 25)];
    const cased = chars[at] === chars[at].toLowerCase() ? letter.toLowerCase() : letter;
    const kind = between(random, 0, 3);
    if (kind === 0) chars[at] = cased;
    else if (kind === 1) chars.splice(at, 1);
    else if (kind === 2) chars.splice(at, 0, cased);
    else if (at < chars.length - 1) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
    const result = chars.join('');
    if (folded(result) !== folded(word) && !real.has(folded(result))) return result;
  }
}

/** The person as a candidate types them: accents and case as registered, or without accents. */
function subjectOf(
  p: SyntheticPerson,
  random: Random,
  options: { birthDate?: boolean } = {},
): ScreeningSubject {
  const plain = chance(random, 0.2);
  const text = (value: string) => (plain ? stripAccents(value) : value);
  return {
    kind: 'person',
    name: text(p.given),
    lastName: text(p.paternal),
    secondLastName: text(p.maternal),
    birthDate: (options.birthDate ?? chance(random, 0.6)) ? p.birthDate : null,
    nationality: chance(random, 0.5) ? 'MX' : null,
    gender: chance(random, 0.5) ? p.gender : null,
  };
}

let keys = 0;

/** The entry a reader produces for a person, in one of the publishers' formats. */
function entryOf(
  p: SyntheticPerson,
  format: Format,
  random: Random,
  options: { birthDate?: boolean; maternal?: boolean; rfc?: string; aliases?: ListedName[] } = {},
): LabelledEntry {
  const maternal = options.maternal === false ? '' : p.maternal;
  const surnames = maternal ? `${p.paternal} ${maternal}` : p.paternal;
  const withDate = options.birthDate ?? chance(random, 0.7);
  const key = String(++keys);
  const aliases = options.aliases ?? [];
  switch (format) {
    case 'sat': {
      const typed = chance(random, 0.8);
      const text = `${surnames} ${p.given}`;
      const rfc = options.rfc ?? personRfc(p, random);
      return {
        source: chance(random, 0.5) ? 'sat-69' : 'sat-69b',
        key: rfc,
        kind: typed ? 'person' : 'unknown',
        names: [
          {
            text: upper(chance(random, 0.5) ? stripAccents(text) : text),
            order: typed ? 'surnames-first' : 'unknown',
            alias: false,
          },
          ...aliases,
        ],
        rfcs: [rfc],
        curps: [],
        birthDates: [],
        nationalities: [],
        gender: null,
        redacted: false,
      };
    }
    case 'ofac':
      return {
        source: 'ofac-sdn',
        key,
        kind: 'person',
        names: [
          {
            text: `${upper(stripAccents(surnames))}, ${stripAccents(p.given)}`,
            order: 'surnames-comma-given',
            alias: false,
          },
          ...aliases,
        ],
        rfcs: options.rfc ? [options.rfc] : [],
        curps: [],
        birthDates: withDate ? [p.birthDate] : [],
        nationalities: chance(random, 0.7) ? ['MX'] : [],
        gender: null,
        redacted: false,
      };
    case 'un':
      return {
        source: 'un-consolidated',
        key,
        kind: 'person',
        names: [
          {
            text: upper(stripAccents(`${p.given} ${surnames}`)),
            order: 'parts',
            parts: [p.given, p.paternal, maternal].filter(Boolean).map((part) => upper(stripAccents(part))),
            alias: false,
          },
          ...aliases,
        ],
        rfcs: [],
        curps: [],
        birthDates: withDate ? [chance(random, 0.3) ? p.birthDate.slice(0, 4) : p.birthDate] : [],
        nationalities: ['MX'],
        gender: null,
        redacted: false,
      };
    default:
      return {
        source: 'peps',
        key: `pep-${key}`,
        kind: 'person',
        names: [
          { text: `${p.given} ${surnames}`, order: 'given-first', given: p.given, surnames, alias: false },
          ...aliases,
        ],
        rfcs: options.rfc ? [options.rfc] : [],
        curps: [],
        birthDates: withDate ? [p.birthDate] : [],
        nationalities: ['MX'],
        gender: chance(random, 0.5) ? p.gender : null,
        redacted: false,
      };
  }
}

const FORMATS: readonly Format[] = ['sat', 'ofac', 'pep', 'un'];
const otherYear = (random: Random, date: string) => {
  const year = Number(date.slice(0, 4)) + (chance(random, 0.5) ? 1 : -1) * between(random, 1, 25);
  return `${year}${date.slice(4)}`;
};
const GENERIC_PREFIX =
  /^(Comercializadora|Servicios|Grupo|Constructora|Inmobiliaria|Distribuidora|Corporativo|Consultores|Transportes|Soluciones|Industrias|Operadora|Promotora|Desarrolladora|Importadora) /;
const commonSurname = (random: Random) => pick(random, MEXICAN_SURNAME_COUNTS.slice(0, 12))[0];
const titleCase = (upperName: string) => upperName[0] + upperName.slice(1).toLowerCase();

type Builder = (random: Random, n: number) => Omit<LabelledPair, 'id' | 'category'>;

/** The categories of what the real files and the way people type names added. */
type RealFileCategory = 'given-first-sat' | 'reordered' | 'initials' | 'rfc-stem' | 'deceased';

const BUILDERS: Record<Exclude<PairCategory, RealFileCategory>, { count: number; build: Builder }> = {
  accent: {
    count: 110,
    build: (random, n) => {
      const p = person(random);
      const dated = n % 2 === 0;
      return {
        sameParty: true,
        construction: 'same person; accents, case or Ñ written differently on one side',
        subject: {
          ...subjectOf(p, random, { birthDate: dated }),
          name: stripAccents(p.given),
          lastName: upper(p.paternal),
        },
        entry: entryOf(p, pick(random, FORMATS), random, { birthDate: dated }),
      };
    },
  },
  typo: {
    count: 120,
    build: (random, n) => {
      const p = person(random);
      const listed = { ...p };
      const part = pick(random, ['given', 'paternal', 'maternal'] as const);
      const words = listed[part].split(' ');
      // A tenth of the typos fall in a short word (under five letters), as they do in real lists.
      const long = words
        .map((w, i) => [w, i] as const)
        .filter(([w]) => (n % 10 === 0 ? w.length < 5 && w.length > 2 : w.length >= 5));
      if (long.length) {
        const [word, at] = pick(random, long);
        words[at] = typo(random, word, part === 'given' ? REAL_GIVEN : REAL_SURNAMES);
        listed[part] = words.join(' ');
      }
      return {
        sameParty: true,
        construction: `same person; one typo in the listed ${part} ${n % 10 === 0 ? '(a short word)' : '(five letters or more)'}`,
        subject: subjectOf(p, random),
        entry: entryOf(listed, pick(random, FORMATS), random),
      };
    },
  },
  particle: {
    count: 80,
    build: (random, n) => {
      const p = { ...person(random), paternal: pick(random, PARTICLE_SURNAMES) };
      if (n % 3 === 0) p.maternal = pick(random, PARTICLE_SURNAMES);
      const listed = { ...p };
      const style = n % 4;
      const rewrite = (surname: string) =>
        style === 0
          ? surname.replace(/^(de la |de los |del |de )/i, '')
          : style === 1
            ? surname.replace(/ /g, '')
            : style === 2
              ? upper(surname)
              : surname.replace(/\b(de|la|los|del)\b/g, (w) => titleCase(upper(w)));
      listed.paternal = rewrite(p.paternal);
      return {
        sameParty: true,
        construction:
          ['particle left out', 'particle written together', 'upper case', 'particle capitalised'][style] +
          ' in the listed surname',
        subject: subjectOf(p, random),
        entry: entryOf(listed, pick(random, FORMATS), random),
      };
    },
  },
  'missing-surname': {
    count: 120,
    build: (random, n) => {
      const p = person(random);
      const dated = n % 2 === 0;
      if (n % 6 === 5) {
        // A namesake of given name and paternal surname, born another year; the list has no maternal.
        const other = { ...person(random), given: p.given, paternal: p.paternal, gender: p.gender };
        other.birthDate = otherYear(random, p.birthDate);
        return {
          sameParty: false,
          construction:
            'different people: same given name and paternal surname, no maternal surname listed, born in different years',
          subject: subjectOf(p, random, { birthDate: true }),
          entry: entryOf(other, pick(random, ['ofac', 'pep'] as const), random, {
            birthDate: true,
            maternal: false,
          }),
        };
      }
      const listSide = n % 3 !== 0;
      const subject = subjectOf(p, random, { birthDate: dated });
      if (n % 6 === 4)
        return {
          sameParty: true,
          construction: 'same person; the candidate typed both surnames in lastName',
          subject: {
            ...subject,
            lastName: `${subject.lastName} ${subject.secondLastName}`,
            secondLastName: null,
          },
          entry: entryOf(p, pick(random, FORMATS), random, { birthDate: dated }),
        };
      return {
        sameParty: true,
        construction: `same person; maternal surname missing on the ${listSide ? 'list' : 'candidate'} side, birth date ${dated ? 'on both sides' : 'not compared'}`,
        subject: listSide ? subject : { ...subject, secondLastName: null },
        entry: entryOf(p, pick(random, ['ofac', 'pep'] as const), random, {
          birthDate: dated,
          maternal: !listSide,
        }),
      };
    },
  },
  'swapped-order': {
    count: 90,
    build: (random, n) => {
      const p = person(random);
      const format = (['sat', 'ofac', 'un'] as const)[n % 3];
      const entry = entryOf(p, format, random);
      if (format === 'sat' && chance(random, 0.5)) entry.names[0] = { ...entry.names[0], order: 'unknown' };
      return {
        sameParty: true,
        construction: `same person; the list writes ${format === 'un' ? 'UN name parts' : 'surnames first'} (${format})`,
        subject: subjectOf(p, random),
        entry,
      };
    },
  },
  'given-names': {
    count: 90,
    build: (random, n) => {
      const gender = chance(random, 0.5) ? 'H' : 'M';
      const p = { ...person(random), gender } as SyntheticPerson;
      if (n % 3 === 2) {
        // Another person: one given name shared, the other not (Juan Carlos / Juan Pablo).
        const first = gender === 'H' ? 'Juan' : 'María';
        p.given = `${first} ${givenName(random, gender).split(' ')[0]}`;
        const other = {
          ...p,
          given: `${first} ${givenName(random, gender).split(' ')[0]}`,
          birthDate: otherYear(random, p.birthDate),
        };
        if (folded(other.given) === folded(p.given))
          other.given = `${first} ${gender === 'H' ? 'Pablo' : 'Fernanda'}`;
        return {
          sameParty: false,
          construction:
            'different people: same surnames, first given name shared, second given name different',
          subject: subjectOf(p, random),
          entry: entryOf(other, pick(random, FORMATS), random),
        };
      }
      p.given =
        gender === 'M'
          ? pick(random, ['María Guadalupe', 'María del Carmen', 'María Elena', 'María de Jesús'])
          : pick(random, ['José Luis', 'Juan Carlos', 'José Antonio', 'Miguel Ángel']);
      const listed = { ...p };
      const [first, ...rest] = p.given.split(' ');
      listed.given = n % 3 === 0 ? rest.join(' ') : first === 'María' ? `Ma. ${rest.join(' ')}` : first;
      return {
        sameParty: true,
        construction:
          n % 3 === 0
            ? 'same person; the list leaves out the first given name'
            : first === 'María'
              ? 'same person; the list abbreviates María as Ma.'
              : 'same person; the list gives only the first given name',
        subject: subjectOf(p, random),
        entry: entryOf(listed, pick(random, FORMATS), random),
      };
    },
  },
  namesake: {
    count: 100,
    build: (random) => {
      const p = person(random);
      const other = { ...p, birthDate: otherYear(random, p.birthDate) };
      return {
        sameParty: false,
        construction: 'different people: the same full name, born in different years (both dates known)',
        subject: subjectOf(p, random, { birthDate: true }),
        entry: entryOf(other, pick(random, FORMATS), random, { birthDate: true }),
      };
    },
  },
  'namesake-undated': {
    count: 30,
    build: (random, n) => {
      const p = person(random);
      const other = { ...p, birthDate: otherYear(random, p.birthDate) };
      // Nothing but the name to go by: what a screening without a birth date meets every day.
      return {
        sameParty: false,
        construction:
          'different people: the same full name, no birth date on the candidate side (nothing tells them apart)',
        subject: subjectOf(p, random, { birthDate: false }),
        entry: entryOf(other, FORMATS[n % FORMATS.length], random),
      };
    },
  },
  'common-surname': {
    count: 110,
    build: (random, n) => {
      const p = {
        ...person(random),
        paternal: titleCase(commonSurname(random)),
        maternal: titleCase(commonSurname(random)),
      };
      if (n % 3 === 0)
        return {
          sameParty: true,
          construction: 'same person with two very common surnames, birth date on both sides',
          subject: subjectOf(p, random, { birthDate: true }),
          entry: entryOf(p, pick(random, FORMATS), random, { birthDate: true }),
        };
      let given = givenName(random, p.gender);
      while (folded(given).split(' ')[0] === folded(p.given).split(' ')[0])
        given = givenName(random, p.gender);
      const sibling = { ...p, given, birthDate: n % 2 === 0 ? p.birthDate : birthDate(random) };
      return {
        sameParty: false,
        construction: 'different people: the same two common surnames, another given name',
        subject: subjectOf(p, random),
        entry: entryOf(sibling, pick(random, FORMATS), random),
      };
    },
  },
  'maternal-differs': {
    count: 70,
    build: (random) => {
      const p = person(random);
      let maternal = person(random).maternal;
      while (folded(maternal) === folded(p.maternal)) maternal = person(random).maternal;
      const other = { ...p, maternal, birthDate: chance(random, 0.5) ? p.birthDate : birthDate(random) };
      return {
        sameParty: false,
        construction: 'different people: same given name and paternal surname, another maternal surname',
        subject: subjectOf(p, random),
        entry: entryOf(other, pick(random, FORMATS), random),
      };
    },
  },
  'near-name': {
    count: 70,
    build: (random, n) => {
      const p = person(random);
      const other = { ...p, birthDate: birthDate(random) };
      if (n % 4 === 3) {
        const [a, b] = pick(random, NEAR_GIVEN);
        const genderOf = (given: string) => (given.endsWith('a') ? 'M' : 'H');
        p.given = a;
        p.gender = genderOf(a);
        other.given = b;
        other.gender = genderOf(b);
      } else {
        const [a, b] = pick(random, NEAR_SURNAMES);
        p.paternal = a;
        other.paternal = b;
      }
      return {
        sameParty: false,
        construction: 'different people: a name one letter away that is another real name',
        subject: subjectOf(p, random),
        entry: entryOf(other, pick(random, FORMATS), random),
      };
    },
  },
  identifier: {
    count: 90,
    build: (random, n) => {
      const p = person(random);
      const rfc = personRfc(p, random);
      if (n % 3 === 2) {
        // A namesake with an RFC of their own (another birth date): not the candidate.
        const other = { ...p, birthDate: otherYear(random, p.birthDate) };
        return {
          sameParty: false,
          construction: "different people: the same name, the list gives an RFC that is not the candidate's",
          subject: { ...subjectOf(p, random), rfc },
          entry: entryOf(other, 'sat', random),
        };
      }
      const listed = { ...p, given: givenName(random, p.gender), maternal: person(random).maternal };
      const written = n % 2 === 0 ? `${rfc.slice(0, 4)}-${rfc.slice(4, 10)}-${rfc.slice(10)}` : rfc;
      const useCurp = n % 5 === 0;
      const curp = personCurp(p, random);
      const entry = entryOf(
        listed,
        useCurp ? 'ofac' : pick(random, ['sat', 'ofac', 'pep'] as const),
        random,
        { rfc: useCurp ? undefined : written },
      );
      if (useCurp) entry.curps = [curp];
      return {
        sameParty: true,
        construction: `same person; the list gives the candidate's ${useCurp ? 'CURP' : 'RFC'}${written !== rfc ? ' with hyphens' : ''} under another name`,
        subject: { ...subjectOf(p, random), rfc, curp },
        entry,
      };
    },
  },
  alias: {
    count: 80,
    build: (random, n) => {
      const p = person(random);
      const primary = person(random);
      const strong = chance(random, 0.7);
      if (n % 4 === 3) {
        const aliasOf = { ...p, given: givenName(random, p.gender === 'H' ? 'M' : 'H') };
        const alias: ListedName = {
          text: `${upper(stripAccents(`${aliasOf.paternal} ${aliasOf.maternal}`))}, ${stripAccents(aliasOf.given)}`,
          order: 'surnames-comma-given',
          alias: true,
          quality: strong ? 'strong' : 'weak',
        };
        return {
          sameParty: false,
          construction: "different people: an alias of another listed person with the candidate's surnames",
          subject: subjectOf(p, random),
          entry: entryOf(primary, 'ofac', random, { aliases: [alias] }),
        };
      }
      const alias: ListedName = {
        text: `${upper(stripAccents(`${p.paternal} ${p.maternal}`))}, ${stripAccents(p.given)}`,
        order: 'surnames-comma-given',
        alias: true,
        quality: strong ? 'strong' : 'weak',
      };
      const entry = entryOf({ ...primary, birthDate: p.birthDate }, 'ofac', random, { aliases: [alias] });
      return {
        sameParty: true,
        construction: `same person; listed under another name with the candidate's name as a ${strong ? 'strong' : 'weak'} alias`,
        subject: subjectOf(p, random),
        entry,
      };
    },
  },
  combined: {
    count: 80,
    build: (random, n) => {
      const p = person(random);
      if (chance(random, 0.5)) p.given = givenName(random, p.gender);
      const listed = { ...p };
      const dated = chance(random, 0.5);
      const part = pick(random, ['given', 'paternal', 'maternal'] as const);
      const words = listed[part].split(' ');
      const long = words.findIndex((word) => word.length >= 5);
      if (long >= 0) words[long] = typo(random, words[long], part === 'given' ? REAL_GIVEN : REAL_SURNAMES);
      listed[part] = words.join(' ');
      const second = n % 3;
      const given = listed.given.split(' ');
      if (second === 1 && given.length > 1) listed.given = given[0];
      if (second === 2) listed.given = listed.given.replace(/^María\b/, 'Ma.');
      if (n % 4 === 3) {
        // Another person whose name is this one's with the same variations, born another year.
        const other = { ...listed, birthDate: otherYear(random, p.birthDate) };
        return {
          sameParty: false,
          construction: 'different people: the same name but for a typo, born in different years',
          subject: subjectOf(p, random, { birthDate: true }),
          entry: entryOf(other, pick(random, FORMATS), random, { birthDate: true }),
        };
      }
      return {
        sameParty: true,
        construction: `same person; a typo in the listed ${part} and ${['no maternal surname listed', 'only the first given name listed', 'María abbreviated (where there is one)'][second]}, birth date ${dated ? 'on both sides' : 'not compared'}`,
        subject: subjectOf(p, random, { birthDate: dated }),
        entry: entryOf(
          listed,
          second === 0 ? pick(random, ['ofac', 'pep'] as const) : pick(random, FORMATS),
          random,
          {
            birthDate: dated,
            maternal: second !== 0,
          },
        ),
      };
    },
  },
  entity: {
    count: 120,
    build: (random, n) => {
      const name = companyName(random);
      const core = name.replace(
        / (S\.A\. de C\.V\.|SA DE CV|S\. de R\.L\. de C\.V\.|S\.C\.|A\.C\.|S\.A\.P\.I\. de C\.V\.|S\.A\.|S\.P\.R\. de R\.L\.|SOCIEDAD ANONIMA DE CAPITAL VARIABLE)$/,
        '',
      );
      const rfc = entityRfc(name, random);
      const entry = (text: string): LabelledEntry => ({
        source: pick(random, ['sat-69', 'sat-69b', 'ofac-sdn'] as const),
        key: rfc,
        kind: chance(random, 0.5) ? 'entity' : 'unknown',
        names: [{ text: upper(text), order: chance(random, 0.5) ? 'entity' : 'unknown', alias: false }],
        rfcs: [rfc],
        curps: [],
        birthDates: [],
        nationalities: [],
        gender: null,
        redacted: false,
      });
      const generic = GENERIC_PREFIX.test(core) && core.split(' ').length > 1;
      // The sixth variant needs a generic first word to leave out; without one it omits the legal form.
      const variant = n % 6 === 5 && !generic ? 1 : n % 6;
      if (variant === 5) {
        return {
          sameParty: true,
          construction: 'same company; the list leaves out the generic first word',
          subject: { kind: 'entity', businessName: name },
          entry: entry(core.replace(/^\S+ /, '')),
        };
      }
      if (variant >= 3) {
        // Another company that shares words: the generic one and one of its distinctive words, or all but one.
        const words = core.split(' ');
        const changed = [...words];
        const at = words.length > 1 ? between(random, 1, words.length - 1) : 0;
        let replacement = companyWord(random);
        while (folded(replacement) === folded(changed[at])) replacement = companyWord(random);
        changed[at] = replacement;
        return {
          sameParty: false,
          construction: 'different companies: one distinctive word differs',
          subject: { kind: 'entity', businessName: name },
          entry: entry(`${changed.join(' ')} SA DE CV`),
        };
      }
      const words = core.split(' ');
      const long = words.findLastIndex((word) => word.length >= 5);
      if (variant === 2 && long >= 0) words[long] = typo(random, words[long], new Set());
      const listed =
        variant === 0 ? upper(stripAccents(name)).replace(/\./g, '') : variant === 1 ? core : words.join(' ');
      return {
        sameParty: true,
        construction: [
          'same company; legal form without dots, no accents',
          'same company; the list omits the legal form',
          long >= 0 ? 'same company; one typo in its name' : 'same company; the list omits the legal form',
        ][variant],
        subject: { kind: 'entity', businessName: name },
        entry: entry(listed),
      };
    },
  },
};

/** An SAT física as the real files write her: one cell given names first, her RFC, its birth date. */
function givenFirstSatEntry(p: SyntheticPerson, random: Random): LabelledEntry {
  const text = `${p.given} ${p.paternal} ${p.maternal}`;
  const rfc = personRfc(p, random);
  return {
    source: 'sat-69',
    key: rfc,
    kind: 'person',
    names: [{ text: upper(chance(random, 0.5) ? stripAccents(text) : text), order: 'unknown', alias: false }],
    rfcs: [rfc],
    curps: [],
    // The reader dates a física by her RFC's YYMMDD.
    birthDates: [p.birthDate],
    nationalities: [],
    gender: null,
    redacted: false,
  };
}

/** A sibling: the same surnames, given names that share no word with the person's, born another year. */
function siblingOf(p: SyntheticPerson, random: Random): SyntheticPerson {
  const words = new Set(folded(p.given).split(' '));
  let given = givenName(random, p.gender);
  while (
    folded(given)
      .split(' ')
      .some((word) => words.has(word))
  )
    given = givenName(random, p.gender);
  return { ...p, given, birthDate: otherYear(random, p.birthDate) };
}

/** Usual abbreviations of a first given name; any other is written as its initial. */
const ABBREVIATED: Readonly<Record<string, string>> = {
  María: 'Ma.',
  Francisco: 'Fco.',
  Guadalupe: 'Gpe.',
  Guillermo: 'Gmo.',
  Fernando: 'Fdo.',
};
function abbreviatedGiven(given: string, initialOnly: boolean): string {
  const [first, ...rest] = given.split(' ');
  const short = !initialOnly && ABBREVIATED[first] ? ABBREVIATED[first] : `${first[0]}.`;
  return [short, ...rest].join(' ');
}

/** The candidate's fields typed the other way round, in the three ways people do. */
function reorderedSubject(
  p: SyntheticPerson,
  random: Random,
  form: number,
  dated: boolean,
): ScreeningSubject {
  const base = subjectOf(p, random, { birthDate: dated });
  if (form === 0)
    return { ...base, name: `${p.paternal} ${p.maternal}`, lastName: p.given, secondLastName: null };
  if (form === 1) return { ...base, name: p.paternal, lastName: p.maternal, secondLastName: p.given };
  return { ...base, name: p.paternal, lastName: p.given, secondLastName: null };
}

const REAL_FILE_BUILDERS: Record<RealFileCategory, { count: number; build: Builder }> = {
  'given-first-sat': {
    count: 60,
    build: (random, n) => {
      const p = person(random);
      if (n % 6 === 5) {
        // A sibling: the same surnames, another given name.
        const sibling = siblingOf(p, random);
        return {
          sameParty: false,
          construction:
            'different people: the same surnames, another given name, the list writes given names first',
          subject: subjectOf(p, random),
          entry: givenFirstSatEntry(sibling, random),
        };
      }
      const form = n % 3;
      const subject = subjectOf(p, random, { birthDate: n % 2 === 0 });
      return {
        sameParty: true,
        construction: `same person; an Art. 69 row written given names first (its RFC tells the order)${['', ', no maternal surname typed', ', only the first given name typed'][form]}`,
        subject:
          form === 1
            ? { ...subject, secondLastName: null }
            : form === 2
              ? { ...subject, name: p.given.split(' ')[0] }
              : subject,
        entry: givenFirstSatEntry(p, random),
      };
    },
  },
  reordered: {
    count: 60,
    build: (random, n) => {
      const p = person(random);
      const form = n % 3;
      if (n % 6 === 5) {
        const sibling = siblingOf(p, random);
        return {
          sameParty: false,
          construction:
            'different people: a sibling (another given name), the candidate typed surnames first',
          subject: reorderedSubject(p, random, form, false),
          entry: entryOf(sibling, pick(random, FORMATS), random),
        };
      }
      return {
        sameParty: true,
        construction: `same person; ${['surnames typed in name, the given names in lastName', 'each field one off: paternal, maternal, given', 'the paternal surname in name, the given names in lastName, no maternal'][form]}`,
        subject: reorderedSubject(p, random, form, n % 2 === 0),
        entry:
          form === 2
            ? entryOf(p, pick(random, ['ofac', 'pep'] as const), random)
            : entryOf(p, pick(random, FORMATS), random),
      };
    },
  },
  initials: {
    count: 60,
    build: (random, n) => {
      const p = person(random);
      if (n % 6 === 5) {
        // Another person of the same surnames whose given name has another initial.
        const other = { ...p, given: givenName(random, p.gender) };
        while (folded(other.given)[0] === folded(p.given)[0]) other.given = givenName(random, p.gender);
        return {
          sameParty: false,
          construction: 'different people: the same surnames, a given name of another initial',
          subject: { ...subjectOf(p, random), name: abbreviatedGiven(p.given, true) },
          entry: entryOf(other, pick(random, FORMATS), random),
        };
      }
      const initialOnly = n % 2 === 1;
      return {
        sameParty: true,
        construction: `same person; the candidate's first given name ${initialOnly ? 'as its initial' : 'abbreviated as registries do (or its initial)'}`,
        subject: { ...subjectOf(p, random), name: abbreviatedGiven(p.given, initialOnly) },
        entry: entryOf(p, pick(random, FORMATS), random),
      };
    },
  },
  'rfc-stem': {
    count: 40,
    build: (random, n) => {
      const p = person(random);
      const rfc = personRfc(p, random);
      const stemOnly = { ...entryOf(p, 'ofac', random, { birthDate: true }), rfcs: [rfc.slice(0, 10)] };
      if (n % 5 === 4) {
        // A namesake born another day: another stem.
        const other = { ...p, birthDate: otherYear(random, p.birthDate) };
        return {
          sameParty: false,
          construction:
            "different people: the same name, the candidate's RFC of another stem (born another year)",
          subject: { ...subjectOf(other, random, { birthDate: false }), rfc: personRfc(other, random) },
          entry: stemOnly,
        };
      }
      const subject = { ...subjectOf(p, random, { birthDate: false }), rfc };
      return {
        sameParty: true,
        construction: `same person; OFAC lists the RFC without homoclave (its stem)${n % 2 ? ', the candidate gives only the given name and paternal surname' : ''}`,
        subject: n % 2 ? { ...subject, secondLastName: null } : subject,
        entry: stemOnly,
      };
    },
  },
  deceased: {
    count: 30,
    build: (random, n) => {
      const p = person(random);
      if (n % 6 === 5) {
        const sibling = siblingOf(p, random);
        return {
          sameParty: false,
          construction: 'different people: a sibling (another given name) of a PEP who died',
          subject: subjectOf(p, random),
          entry: { ...entryOf(sibling, 'pep', random), deceased: true },
        };
      }
      return {
        sameParty: true,
        construction: 'same person; a PEP who died (FtM deathDate): still screened',
        subject: subjectOf(p, random),
        entry: { ...entryOf(p, 'pep', random), deceased: true },
      };
    },
  },
};

/** The labelled pairs, the same on every run (seeded). */
export function generateLabelledPairs(seed = 2024): LabelledPair[] {
  const random = seededRandom(seed);
  keys = 0;
  const pairs: LabelledPair[] = [];
  const builders = { ...BUILDERS, ...REAL_FILE_BUILDERS };
  for (const category of PAIR_CATEGORIES) {
    const { count, build } = builders[category];
    for (let n = 0; n < count; n++)
      pairs.push({ id: `${category}-${String(n + 1).padStart(3, '0')}`, category, ...build(random, n) });
  }
  return pairs;
}

/** One pair per line, as the committed file holds them. */
export const toJsonLines = (pairs: readonly LabelledPair[]): string =>
  pairs.map((pair) => JSON.stringify(pair)).join('\n') + '\n';

export const fromJsonLines = (text: string): LabelledPair[] =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledPair);
