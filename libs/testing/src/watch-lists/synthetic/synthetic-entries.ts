import type { ListedName, WatchListEntry, WatchListSource } from '@app/domain/watch-lists/entry';
import {
  between,
  birthDate,
  chance,
  entityRfc,
  folded,
  madeUpSurname,
  person,
  personCurp,
  personRfc,
  pick,
  seededRandom,
  surname,
  type Random,
  type SyntheticPerson,
} from './synthetic-names';

/**
 * Watch-list entries of the sizes the publishers' files have (issue 24: Art. 69 300,000 rows,
 * 69-B 15,000, SDN 19,000 with 20,000 aliases, UN 1,000, PEPs 50,000), with realistic Mexican
 * names, made deterministically in memory for the index's specs and its speed script. Each source
 * is written the way its reader produces entries (SAT one cell in either order, OFAC
 * `SURNAMES, Given`, UN parts, FtM given/surnames). Test support, not a reader.
 */
export const REAL_SIZES: Readonly<Record<WatchListSource, number>> = {
  'sat-69': 300_000,
  'sat-69b': 15_000,
  'ofac-sdn': 19_000,
  'un-consolidated': 1_000,
  peps: 50_000,
};

const COMPANY_PREFIXES = [
  'Comercializadora',
  'Servicios',
  'Grupo',
  'Constructora',
  'Inmobiliaria',
  'Distribuidora',
  'Corporativo',
  'Consultores',
  'Transportes',
  'Soluciones',
  'Industrias',
  'Operadora',
  'Promotora',
  'Desarrolladora',
  'Importadora',
  'Logística',
  'Administradora',
  'Productos',
  'Alimentos',
  'Agrícola',
  'Farmacias',
  'Textiles',
];
const COMPANY_WORDS = [
  'Águila',
  'Sol',
  'Norte',
  'Pacífico',
  'Diamante',
  'Halcón',
  'Jaguar',
  'Quetzal',
  'Sierra',
  'Valle',
  'Golfo',
  'Bajío',
  'Azteca',
  'Maya',
  'Olmeca',
  'Tolteca',
  'Huasteca',
  'Laguna',
  'Altiplano',
  'Sureste',
  'Occidente',
  'Oriente',
  'Centro',
  'Progreso',
  'Futuro',
  'Horizonte',
  'Aurora',
  'Estrella',
  'Luna',
  'Cóndor',
  'Roble',
  'Cedro',
  'Pino',
  'Encino',
  'Nopal',
  'Maguey',
  'Agave',
  'Cacao',
  'Vainilla',
  'Obsidiana',
  'Jade',
  'Plata',
  'Cobre',
  'Hierro',
  'Acero',
  'Cemento',
  'Granito',
  'Mármol',
  'Cantera',
  'Tecnología',
  'Digital',
  'Global',
  'Integral',
  'Express',
  'Premier',
  'Plus',
  'Total',
  'Nova',
  'Alfa',
  'Delta',
  'Omega',
  'Sigma',
  'Vértice',
  'Cumbre',
  'Puerto',
  'Marina',
  'Costa',
  'Bahía',
  'Istmo',
  'Tierra',
  'Campo',
  'Rancho',
  'Hacienda',
  'Molino',
  'Monterrey',
  'Guadalajara',
  'Puebla',
  'Querétaro',
  'Toluca',
  'Veracruz',
  'Mérida',
  'Tijuana',
  'Chihuahua',
  'Sonora',
  'Sinaloa',
  'Durango',
  'Oaxaca',
  'Chiapas',
  'Tabasco',
  'Jalisco',
  'Anáhuac',
  'Tenochtitlan',
];
const SYLLABLES = [
  'tec',
  'pro',
  'mex',
  'sol',
  'ven',
  'tra',
  'dis',
  'com',
  'ind',
  'agro',
  'eco',
  'bio',
  'net',
  'lux',
  'max',
  'vip',
  'ser',
  'con',
  'mar',
  'fin',
  'inv',
  'log',
  'med',
  'far',
  'ali',
  'tex',
  'cor',
  'gru',
  'ter',
  'zen',
];
const LEGAL_FORMS = [
  'S.A. de C.V.',
  'SA DE CV',
  'S. de R.L. de C.V.',
  'S.C.',
  'A.C.',
  'S.A.P.I. de C.V.',
  'S.A.',
  'S.P.R. de R.L.',
  'SOCIEDAD ANONIMA DE CAPITAL VARIABLE',
  '',
];

const madeUpWord = (random: Random) => {
  const word =
    pick(random, SYLLABLES) + pick(random, SYLLABLES) + (chance(random, 0.5) ? pick(random, SYLLABLES) : '');
  return word[0].toUpperCase() + word.slice(1);
};

/** A word that tells one company from another: made up, a place or a noun, or a surname. */
export function companyWord(random: Random): string {
  const roll = random();
  return roll < 0.35 ? madeUpWord(random) : roll < 0.7 ? pick(random, COMPANY_WORDS) : surname(random);
}

/** A company name: a generic word, one to three distinctive ones, often a legal form. */
export function companyName(random: Random): string {
  const words: string[] = [];
  if (chance(random, 0.7)) words.push(pick(random, COMPANY_PREFIXES));
  const distinctive = between(random, 1, 3);
  for (let i = 0; i < distinctive; i++) words.push(companyWord(random));
  const form = pick(random, LEGAL_FORMS);
  return form ? `${words.join(' ')} ${form}` : words.join(' ');
}

const FOREIGN_GIVEN = [
  'Mohammed',
  'Ahmad',
  'Ali',
  'Abdul',
  'Hassan',
  'Hussein',
  'Omar',
  'Khalid',
  'Yusuf',
  'Ibrahim',
  'Mustafa',
  'Abu Bakr',
  'Said',
  'Tariq',
  'Vladimir',
  'Sergei',
  'Dmitri',
  'Igor',
  'Alexei',
  'Viktor',
  'Kim',
  'Jong',
  'Wei',
  'Li',
  'Chen',
  'Hamid',
  'Reza',
  'Jamal',
  'Nasser',
  'Walid',
];
const FOREIGN_FAMILY = [
  'Al-Baghdadi',
  'Al-Masri',
  'Al-Shami',
  'Hakimi',
  'Rahman',
  'Karimi',
  'Haddad',
  'Nasrallah',
  'Petrov',
  'Ivanov',
  'Sokolov',
  'Volkov',
  'Kuznetsov',
  'Popov',
  'Zhang',
  'Wang',
  'Liu',
  'Yang',
  'Abdallah',
  'Qureshi',
  'Siddiqui',
  'Farouk',
  'Mansour',
  'Saleh',
  'Yassin',
  'Zawahiri',
  'Omari',
  'Darwish',
  'Jaber',
  'Khoury',
];
const foreignFamily = (random: Random) =>
  chance(random, 0.6) ? pick(random, FOREIGN_FAMILY) : `${madeUpSurname(random)}ov`;

const upper = (text: string) => text.toUpperCase();
const SAT_ABBREVIATED = (given: string) => given.replace(/^María /, 'MA. ').replace(/^María$/, 'MA.');

function entry(source: WatchListSource, key: string, fields: Partial<WatchListEntry>): WatchListEntry {
  return {
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
  };
}

const name = (text: string, order: ListedName['order'], extra: Partial<ListedName> = {}): ListedName => ({
  text,
  order,
  alias: false,
  ...extra,
});

/** An SAT row's name: `PATERNO MATERNO NOMBRE`, upper case, accents kept or dropped, `MA.` for María now and then. */
/**
 * A física as the SAT writes her, in one cell: the Art. 69 files mostly given names first, the
 * 69-B list mostly surnames first (the RFC's letters tell which; the reader says `unknown`).
 */
function satPersonName(p: SyntheticPerson, random: Random, givenFirst: boolean): string {
  const given = chance(random, 0.1) ? SAT_ABBREVIATED(p.given) : p.given;
  const text = givenFirst ? `${given} ${p.paternal} ${p.maternal}` : `${p.paternal} ${p.maternal} ${given}`;
  return chance(random, 0.5) ? upper(text) : folded(text);
}

function* sat(source: 'sat-69' | 'sat-69b', count: number, random: Random): Generator<WatchListEntry> {
  const statuses =
    source === 'sat-69b'
      ? ['Definitivo', 'Presunto', 'Desvirtuado', 'Sentencia Favorable']
      : ['Firmes', 'Exigibles', 'No localizados', 'Cancelados', 'Firmes; No localizados'];
  const personShare = source === 'sat-69' ? 0.6 : 0.2;
  for (let i = 0; i < count; i++) {
    const listStatus = pick(random, statuses);
    if (source === 'sat-69b' && chance(random, 0.01)) {
      yield entry(source, `XXXXXXXXXXXX-${i}`, {
        kind: 'unknown',
        redacted: true,
        listStatus,
        rfcs: ['XXXXXXXXXXXX'],
      });
      continue;
    }
    // 69-B has no TIPO PERSONA column; a tenth of the Art. 69 files lack it too.
    const typed = source === 'sat-69' && chance(random, 0.9);
    if (chance(random, personShare)) {
      const p = person(random);
      const rfc = personRfc(p, random);
      const givenFirst = source === 'sat-69' ? i % 5 !== 0 : i % 5 === 0;
      yield entry(source, rfc, {
        kind: typed ? 'person' : 'unknown',
        names: [name(satPersonName(p, random, givenFirst), 'unknown')],
        rfcs: [rfc],
        listStatus,
      });
    } else {
      const company = upper(companyName(random));
      const rfc = entityRfc(company, random);
      yield entry(source, rfc, {
        kind: typed ? 'entity' : 'unknown',
        names: [name(company, typed ? 'entity' : 'unknown')],
        rfcs: [rfc],
        listStatus,
      });
    }
  }
}

function* ofac(count: number, random: Random): Generator<WatchListEntry> {
  // 20,000 aliases over 19,000 entries.
  const aliasesPer = () => (chance(random, 0.45) ? between(random, 1, 4) : 0);
  for (let i = 0; i < count; i++) {
    const key = String(10_000 + i);
    const roll = random();
    const listStatus = pick(random, [
      'SDNTK',
      'ILLICIT-DRUGS-EO14059',
      'SDGT',
      'IRAN',
      'RUSSIA-EO14024',
      'CYBER2',
    ]);
    if (roll < 0.25) {
      const p = person(random);
      const names = [
        name(`${upper(folded(`${p.paternal} ${p.maternal}`))}, ${p.given}`, 'surnames-comma-given'),
      ];
      for (let a = aliasesPer(); a > 0; a--) {
        const alias = person(random);
        const text = chance(random, 0.5)
          ? `${upper(folded(`${p.paternal} ${alias.maternal}`))}, ${p.given}`
          : `${upper(folded(alias.paternal))}, ${alias.given}`;
        names.push(
          name(text, 'surnames-comma-given', {
            alias: true,
            quality: chance(random, 0.8) ? 'strong' : 'weak',
          }),
        );
      }
      yield entry('ofac-sdn', key, {
        kind: 'person',
        names,
        birthDates: chance(random, 0.8) ? [p.birthDate] : [],
        nationalities: chance(random, 0.7) ? ['MX'] : [],
        rfcs: chance(random, 0.3) ? [personRfc(p, random)] : [],
        curps: chance(random, 0.2) ? [personCurp(p, random)] : [],
        gender: chance(random, 0.5) ? p.gender : null,
        listStatus,
      });
    } else if (roll < 0.45) {
      const names = [
        name(
          `${upper(foreignFamily(random))}, ${pick(random, FOREIGN_GIVEN)} ${pick(random, FOREIGN_GIVEN)}`,
          'surnames-comma-given',
        ),
      ];
      for (let a = aliasesPer(); a > 0; a--)
        names.push(
          name(`${upper(foreignFamily(random))}, ${pick(random, FOREIGN_GIVEN)}`, 'surnames-comma-given', {
            alias: true,
            quality: 'strong',
          }),
        );
      yield entry('ofac-sdn', key, {
        kind: 'person',
        names,
        birthDates: chance(random, 0.6) ? [birthDate(random).slice(0, chance(random, 0.5) ? 4 : 10)] : [],
        nationalities: [pick(random, ['IR', 'SY', 'IQ', 'RU', 'LB', 'AF', 'KP', 'CN', 'YE'])],
        listStatus,
      });
    } else {
      const names = [name(upper(companyName(random)), 'entity')];
      for (let a = aliasesPer(); a > 0; a--)
        names.push(name(upper(companyName(random)), 'entity', { alias: true, quality: 'strong' }));
      yield entry('ofac-sdn', key, {
        kind: 'entity',
        names,
        nationalities: chance(random, 0.5) ? [pick(random, ['MX', 'CO', 'PA', 'IR', 'RU', 'CN'])] : [],
        listStatus,
      });
    }
  }
}

function* un(count: number, random: Random): Generator<WatchListEntry> {
  for (let i = 0; i < count; i++) {
    const key = String(6_900_000 + i);
    const listStatus = pick(random, ['Al-Qaida', 'DPRK', 'Libya', 'Taliban', "ISIL (Da'esh) & Al-Qaida"]);
    if (chance(random, 0.7)) {
      const parts = [pick(random, FOREIGN_GIVEN), pick(random, FOREIGN_GIVEN), foreignFamily(random)].map(
        upper,
      );
      const names = [name(parts.join(' '), 'parts', { parts })];
      if (chance(random, 0.5))
        names.push(
          name(upper(`${pick(random, FOREIGN_GIVEN)} ${foreignFamily(random)}`), 'given-first', {
            alias: true,
            quality: chance(random, 0.5) ? 'strong' : 'weak',
          }),
        );
      yield entry('un-consolidated', key, {
        kind: 'person',
        names,
        birthDates: [birthDate(random).slice(0, chance(random, 0.5) ? 4 : 10)],
        nationalities: [pick(random, ['AF', 'IQ', 'SY', 'KP', 'LY', 'SO', 'YE', 'PK'])],
        listStatus,
      });
    } else {
      const text = upper(companyName(random));
      yield entry('un-consolidated', key, {
        kind: 'entity',
        names: [name(text, 'parts', { parts: [text] })],
        listStatus,
      });
    }
  }
}

function* peps(count: number, random: Random): Generator<WatchListEntry> {
  for (let i = 0; i < count; i++) {
    const p = person(random);
    const surnames = chance(random, 0.85) ? `${p.paternal} ${p.maternal}` : p.paternal;
    const names = [name(`${p.given} ${surnames}`, 'given-first', { given: p.given, surnames })];
    if (chance(random, 0.1))
      names.push(name(`${p.given.split(' ')[0]} ${p.paternal}`, 'given-first', { alias: true }));
    yield entry('peps', `mx-pep-${i.toString(36)}`, {
      kind: 'person',
      names,
      birthDates: chance(random, 0.6) ? [p.birthDate] : [],
      nationalities: ['MX'],
      rfcs: chance(random, 0.1) ? [personRfc(p, random)] : [],
      gender: chance(random, 0.5) ? p.gender : null,
      listStatus: pick(random, [
        'Presidente municipal',
        'Diputado federal',
        'Senador',
        'Secretario de Estado',
        'Magistrado',
        'Director general',
      ]),
    });
  }
}

/** `count` entries of a source (default: its real size), the same ones for the same seed. */
export function* syntheticEntries(
  source: WatchListSource,
  count: number = REAL_SIZES[source],
  seed = 24,
): Generator<WatchListEntry> {
  const random = seededRandom([...source].reduce((hash, c) => Math.imul(hash, 31) + c.charCodeAt(0), seed));
  switch (source) {
    case 'sat-69':
    case 'sat-69b':
      yield* sat(source, count, random);
      return;
    case 'ofac-sdn':
      yield* ofac(count, random);
      return;
    case 'un-consolidated':
      yield* un(count, random);
      return;
    case 'peps':
      yield* peps(count, random);
  }
}
