'use strict';
// Deterministic, realistic Mexican parties for the watch-list files the scripts write (demo files,
// the bench's real-size files): a seeded generator, names weighted as the demo legal corpus weighs
// them (libs/persistence/src/legal-corpus/vocabulary.ts: Hernández, García and Martínez lead), and
// RFCs and CURPs built the way the SAT and RENAPO build them, so they have the shapes readers check.

/** mulberry32: a small seeded generator; the same seed gives the same files. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** `Juan 14, José 12, ...` (a name and its weight) as a list where a uniform pick follows the weights. */
const weighted = (text) =>
  text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .flatMap((pair) => {
      const at = pair.lastIndexOf(' ');
      return Array(Number(pair.slice(at + 1))).fill(pair.slice(0, at));
    });

const MALE = weighted(`
  Juan 14, José 12, Luis 8, Carlos 7, Jesús 6, Miguel 6, Francisco 6, Antonio 5, Alejandro 5,
  Pedro 4, Manuel 4, Jorge 4, Ricardo 3, Fernando 3, Roberto 3, Eduardo 3, Javier 3, Daniel 3,
  Rafael 2, Sergio 2, Raúl 2, Arturo 2, Alberto 2, Víctor 2, Enrique 2, Héctor 2, Martín 2,
  Óscar 2, Gerardo 1, Andrés 1, Ángel 1, Diego 1, Emilio 1, Santiago 1, Ramón 1, Guillermo 1,
  Salvador 1, Efraín 1, Joaquín 1, Agustín 1
`);
const FEMALE = weighted(`
  María 16, Guadalupe 8, Juana 5, Margarita 4, Verónica 4, Patricia 4, Rosa 4, Leticia 3,
  Elizabeth 3, Alejandra 3, Gabriela 3, Laura 3, Ana 3, Adriana 3, Silvia 2, Claudia 2, Martha 2,
  Teresa 2, Fernanda 2, Sofía 2, Daniela 2, Mónica 2, Isabel 2, Carmen 2, Lucía 1, Valeria 1,
  Ximena 1, Paola 1, Elena 1, Andrea 1, Beatriz 1, Araceli 1, Rocío 1, Yolanda 1
`);
const SURNAMES = weighted(`
  Hernández 60, García 42, Martínez 40, López 36, González 34, Pérez 25, Rodríguez 24, Sánchez 23,
  Ramírez 22, Cruz 16, Flores 15, Gómez 14, Morales 12, Vázquez 12, Reyes 12, Jiménez 11,
  Torres 11, Díaz 10, Gutiérrez 10, Ruiz 9, Mendoza 9, Aguilar 9, Ortiz 8, Moreno 8, Castillo 8,
  Romero 7, Álvarez 7, Méndez 7, Chávez 7, Rivera 6, Juárez 6, Ramos 6, Domínguez 5, Herrera 5,
  Medina 5, Castro 5, Vargas 5, Guzmán 4, Velázquez 4, Muñoz 4, Rojas 4, Contreras 4, Salazar 4,
  Luna 4, Ortega 4, Santiago 3, Guerrero 3, Estrada 3, Bautista 3, Cortés 3, Soto 3, Alvarado 3,
  Espinoza 3, Lara 3, Ávila 3, Ríos 3, Cervantes 3, Silva 3, Delgado 3, Vega 3, Márquez 3,
  Sandoval 3, Fernández 3, León 3, Carrillo 2, Mejía 2, Solís 2, Núñez 2, Rosas 2, Valdez 2,
  Ibarra 2, Campos 2, Santos 2, Camacho 2, Navarro 2, Peña 2, Maldonado 2, Rosales 2, Acosta 2,
  Miranda 2, Trejo 2, Valencia 2, Nava 2, Pacheco 2, Robles 2, Molina 2, Rangel 2, Fuentes 2,
  Huerta 2, Meza 2, Aguirre 2, Cárdenas 2, Orozco 2, Padilla 2, Espinosa 1, Ayala 1, Salas 1,
  Zamora 1, Quintero 1, Villarreal 1, Treviño 1, Garza 1, Zúñiga 1, Arellano 1, Barrera 1,
  Cisneros 1, Beltrán 1, Galván 1, Esquivel 1, Montes 1, Olvera 1, Salinas 1, de la Cruz 2,
  de León 1, del Río 1, de la Garza 1
`);
/** The 32 federal entities, as the SAT writes them (upper case), and RENAPO's codes. */
const STATES = [
  ['AGUASCALIENTES', 'AS', 2],
  ['BAJA CALIFORNIA', 'BC', 4],
  ['BAJA CALIFORNIA SUR', 'BS', 1],
  ['CAMPECHE', 'CC', 1],
  ['CHIAPAS', 'CS', 6],
  ['CHIHUAHUA', 'CH', 4],
  ['CIUDAD DE MÉXICO', 'DF', 9],
  ['COAHUILA', 'CL', 3],
  ['COLIMA', 'CM', 1],
  ['DURANGO', 'DG', 2],
  ['GUANAJUATO', 'GT', 6],
  ['GUERRERO', 'GR', 4],
  ['HIDALGO', 'HG', 3],
  ['JALISCO', 'JC', 8],
  ['ESTADO DE MÉXICO', 'MC', 13],
  ['MICHOACÁN', 'MN', 5],
  ['MORELOS', 'MS', 2],
  ['NAYARIT', 'NT', 1],
  ['NUEVO LEÓN', 'NL', 6],
  ['OAXACA', 'OC', 4],
  ['PUEBLA', 'PL', 6],
  ['QUERÉTARO', 'QT', 2],
  ['QUINTANA ROO', 'QR', 2],
  ['SAN LUIS POTOSÍ', 'SP', 3],
  ['SINALOA', 'SL', 3],
  ['SONORA', 'SR', 3],
  ['TABASCO', 'TC', 2],
  ['TAMAULIPAS', 'TS', 3],
  ['TLAXCALA', 'TL', 1],
  ['VERACRUZ', 'VZ', 7],
  ['YUCATÁN', 'YN', 2],
  ['ZACATECAS', 'ZS', 2],
].flatMap(([name, code, weight]) => Array(weight).fill({ name, code }));

const COMPANY_HEADS = [
  'COMERCIALIZADORA',
  'SERVICIOS',
  'CONSTRUCTORA',
  'DISTRIBUIDORA',
  'GRUPO',
  'INMOBILIARIA',
  'TRANSPORTES',
  'CONSULTORÍA',
  'ABARROTES',
  'AGROPECUARIA',
  'INDUSTRIAS',
  'OPERADORA',
  'SOLUCIONES',
  'PROVEEDORA',
  'ASESORES',
  'IMPORTADORA',
  'LOGÍSTICA',
  'FERRETERÍA',
  'MANUFACTURAS',
  'EDIFICACIONES',
];
const COMPANY_TAILS = [
  'DEL BAJÍO',
  'DEL NORTE',
  'DEL PACÍFICO',
  'DEL GOLFO',
  'DEL SURESTE',
  'PENINSULAR',
  'INTEGRALES',
  'EMPRESARIALES',
  'ESPECIALIZADOS',
  'DE OCCIDENTE',
  'MEXICANA',
  'DEL CENTRO',
  'HUASTECA',
  'AZTECA',
  'DE LA LAGUNA',
  'ALTIPLANO',
  'DEL VALLE',
  'DEL ISTMO',
  'FRONTERIZA',
  'MAYA',
];
const COMPANY_WORDS = [
  'ÁGUILA',
  'ROBLE',
  'CANTERA',
  'HORIZONTE',
  'ATLAS',
  'ORIÓN',
  'SIERRA',
  'VÉRTICE',
  'ALTAMAR',
  'NOGAL',
  'CUMBRE',
  'TULUM',
  'ZENIT',
  'OCOTE',
  'MEZQUITE',
  'JADE',
  'OBSIDIANA',
  'PIRÁMIDE',
  'LAUREL',
  'CIPRÉS',
];
const COMPANY_FORMS = [
  ', S.A. DE C.V.',
  ' S.A. DE C.V.',
  ', S. DE R.L. DE C.V.',
  ', S.C.',
  ' SA DE CV',
  ', S.A.P.I. DE C.V.',
];

/** Upper case without accents (`Peña` -> `PENA`), as OFAC writes names. */
const plain = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
/** As RFCs and CURPs take letters: upper case, no accents, `Ñ` as `X`. */
const fold = (text) => plain(text.toUpperCase().replace(/Ñ/g, 'X'));
const PARTICLES = /^(DE LA|DE LOS|DE LAS|DEL|DE|LA|LOS|LAS|Y|MC|MAC|VON|VAN) /;
const surnameCore = (surname) => fold(surname).replace(PARTICLES, '');
const firstVowel = (word) => (word.slice(1).match(/[AEIOU]/) ?? ['X'])[0];
const firstConsonant = (word) => (word.slice(1).match(/[B-DF-HJ-NP-TV-Z]/) ?? ['X'])[0];
/** For an RFC or a CURP, a compound given name that starts José or María uses the second one. */
const givenCore = (given) => {
  const words = fold(given).split(' ');
  return words.length > 1 && ['JOSE', 'MARIA', 'MA', 'J'].includes(words[0]) ? words[1] : words[0];
};
const yymmdd = (iso) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const HOMOCLAVE = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

/** An RFC with the SAT's shape: 4 letters, the birth date, a 3-character homoclave. */
function personRfc(rng, { given, paternal, maternal, birthDate }) {
  const p = surnameCore(paternal);
  const m = maternal ? surnameCore(maternal) : 'X';
  const letters = (p[0] + firstVowel(p) + m[0] + givenCore(given)[0]).replace(/[^A-Z]/g, 'X');
  return letters + yymmdd(birthDate) + rng.pick(HOMOCLAVE) + rng.pick(HOMOCLAVE) + rng.pick('0123456789A');
}

/** A CURP with RENAPO's shape: the RFC's 10 characters, sex, state, three consonants, two digits. */
function personCurp(rng, { given, paternal, maternal, birthDate, sex, stateCode }) {
  const p = surnameCore(paternal);
  const m = maternal ? surnameCore(maternal) : 'X';
  const g = givenCore(given);
  const letters = (p[0] + firstVowel(p) + m[0] + g[0]).replace(/[^A-Z]/g, 'X');
  return (
    letters +
    yymmdd(birthDate) +
    sex +
    stateCode +
    firstConsonant(p) +
    (maternal ? firstConsonant(m) : 'X') +
    firstConsonant(g) +
    (Number(birthDate.slice(0, 4)) < 2000 ? '0' : 'A') +
    rng.int(0, 9)
  );
}

const COMPANY_SKIP = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'Y',
  'E',
  'EN',
  'SA',
  'CV',
  'SC',
  'RL',
  'SAPI',
]);

/**
 * A company RFC as the SAT builds it: the initials of the first three words of its name (of two
 * words, the first's initial and the second's first two letters; of one, its first three), its
 * founding date, a homoclave. Articles and the company form (`S.A. DE C.V.`) do not count.
 */
function companyRfc(rng, name, founded) {
  const words = fold(name.replace(/,?\s+(S\.?\s?A\.?|S\.?\s?C\.?|S\.? DE R\.?L\.?).*$/i, ''))
    .replace(/[^A-Z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !COMPANY_SKIP.has(w));
  const letters =
    words.length >= 3
      ? words[0][0] + words[1][0] + words[2][0]
      : words.length === 2
        ? words[0][0] + words[1].slice(0, 2)
        : (words[0] ?? 'XXX').slice(0, 3);
  return (
    letters.padEnd(3, 'X') +
    yymmdd(founded) +
    rng.pick(HOMOCLAVE) +
    rng.pick(HOMOCLAVE) +
    rng.pick('0123456789A')
  );
}

function isoDate(rng, fromYear, toYear) {
  const year = rng.int(fromYear, toYear);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A person: given names (one or two), two surnames, sex, birth date, state, RFC and CURP.
 * `avoid` (surnames as `plain` writes them) keeps filler away from the demo candidates' names.
 */
function person(rng, { avoid = new Set() } = {}) {
  const sex = rng.chance(0.5) ? 'H' : 'M';
  const names = sex === 'H' ? MALE : FEMALE;
  let given = rng.pick(names);
  if (rng.chance(0.45)) {
    const second = rng.pick(names);
    if (second !== given) given = `${given} ${second}`;
  }
  const surname = () => {
    for (;;) {
      const s = rng.pick(SURNAMES);
      if (!avoid.has(plain(s))) return s;
    }
  };
  const paternal = surname();
  let maternal = surname();
  if (maternal === paternal && rng.chance(0.8)) maternal = surname();
  const birthDate = isoDate(rng, 1950, 2000);
  const state = rng.pick(STATES);
  const parts = { given, paternal, maternal, birthDate, sex, stateCode: state.code };
  return { ...parts, state: state.name, rfc: personRfc(rng, parts), curp: personCurp(rng, parts) };
}

/** A company: its razón social, founding date, state and RFC. */
function company(rng, { avoid = new Set() } = {}) {
  for (;;) {
    const name =
      rng.pick(COMPANY_HEADS) +
      ' ' +
      (rng.chance(0.5) ? `${rng.pick(COMPANY_WORDS)} ` : '') +
      rng.pick(COMPANY_TAILS) +
      rng.pick(COMPANY_FORMS);
    if ([...avoid].some((word) => plain(name).includes(word))) continue;
    const founded = isoDate(rng, 1995, 2022);
    return { name, founded, state: rng.pick(STATES).name, rfc: companyRfc(rng, name, founded) };
  }
}

/** The SAT's way of writing a física: `PATERNO MATERNO NOMBRE`, upper case. */
const satPersonName = (p) => `${p.paternal} ${p.maternal} ${p.given}`.toUpperCase();
/** Given names first, as the Art. 69 files write most persons: `LORENA ARANA AGUILAR`. */
const givenFirstName = (p) => `${p.given} ${p.paternal} ${p.maternal}`.toUpperCase();
/** OFAC's: `PATERNO MATERNO, Given`, surnames upper case and without accents. */
const ofacPersonName = (p) =>
  `${plain(`${p.paternal} ${p.maternal}`)}, ${p.given.normalize('NFD').replace(/\p{M}/gu, '')}`;

module.exports = {
  seeded,
  person,
  company,
  isoDate,
  plain,
  satPersonName,
  givenFirstName,
  ofacPersonName,
  personRfc,
  personCurp,
};
