import { MEXICAN_SURNAME_COUNTS } from '@app/domain/watch-lists/matching/surname-frequencies';

/**
 * Deterministic Mexican names for the index's specs, its speed script and the labelled pairs: a
 * seeded generator (mulberry32), given names with rough frequencies, surnames drawn by the counts
 * of surname-frequencies.ts plus a long tail of rarer ones. Test support only: nothing in the
 * matcher reads these lists.
 */

export type Random = () => number;

/** mulberry32: a small seeded generator, the same sequence on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
export const chance = (random: Random, p: number): boolean => random() < p;
export const between = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** Draws from `[value, weight]` pairs in proportion to the weights. */
export function weighted<T>(items: ReadonlyArray<readonly [T, number]>): (random: Random) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, weight] of items) cumulative.push((sum += weight));
  return (random) => {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] <= target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo][0];
  };
}

/** Men's given names, with accents as registries write them, weighted roughly as the INE roll counts them. */
export const MALE_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['Juan', 60],
  ['José', 55],
  ['Luis', 30],
  ['Carlos', 28],
  ['Jesús', 26],
  ['Miguel', 24],
  ['Francisco', 24],
  ['Antonio', 22],
  ['Alejandro', 20],
  ['Pedro', 16],
  ['Manuel', 16],
  ['Jorge', 16],
  ['Ricardo', 12],
  ['Fernando', 12],
  ['Roberto', 12],
  ['Eduardo', 12],
  ['Javier', 12],
  ['Daniel', 12],
  ['Rafael', 9],
  ['Sergio', 9],
  ['Raúl', 9],
  ['Arturo', 9],
  ['Alberto', 9],
  ['Víctor', 8],
  ['Enrique', 8],
  ['Héctor', 8],
  ['Martín', 8],
  ['Óscar', 8],
  ['Gerardo', 6],
  ['Andrés', 6],
  ['Ángel', 6],
  ['Diego', 5],
  ['Emilio', 4],
  ['Santiago', 4],
  ['Mateo', 3],
  ['Ramón', 5],
  ['Guillermo', 5],
  ['Salvador', 5],
  ['Alfredo', 5],
  ['Mario', 6],
  ['Gabriel', 5],
  ['Hugo', 4],
  ['Armando', 4],
  ['Rubén', 4],
  ['Ignacio', 4],
  ['Jaime', 4],
  ['Joaquín', 3],
  ['Julio', 4],
  ['Rodolfo', 3],
  ['Gustavo', 3],
  ['Felipe', 3],
  ['Marco', 3],
  ['Adrián', 3],
  ['Rogelio', 3],
  ['Ernesto', 3],
  ['Agustín', 2],
  ['Benjamín', 2],
  ['Bernardo', 2],
  ['Cristian', 2],
  ['Efraín', 2],
  ['Eleuterio', 1],
  ['Everardo', 1],
  ['Fidel', 2],
  ['Gilberto', 2],
  ['Gonzalo', 2],
  ['Hilario', 1],
  ['Isidro', 1],
  ['Leonardo', 3],
  ['Lorenzo', 2],
  ['Marcelino', 1],
  ['Maximiliano', 1],
  ['Nicolás', 2],
  ['Octavio', 2],
  ['Pablo', 3],
  ['Porfirio', 1],
  ['Reynaldo', 1],
  ['Rigoberto', 1],
  ['Saúl', 2],
  ['Teodoro', 1],
  ['Tomás', 2],
  ['Ulises', 1],
  ['Valentín', 1],
  ['Zacarías', 1],
  ['Abel', 2],
  ['Aurelio', 1],
  ['Baltazar', 1],
  ['Cirilo', 1],
  ['Erasmo', 1],
];

export const FEMALE_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['María', 90],
  ['Guadalupe', 30],
  ['Juana', 14],
  ['Margarita', 12],
  ['Verónica', 11],
  ['Patricia', 11],
  ['Rosa', 11],
  ['Leticia', 9],
  ['Elizabeth', 9],
  ['Alejandra', 9],
  ['Gabriela', 9],
  ['Laura', 9],
  ['Ana', 9],
  ['Adriana', 9],
  ['Silvia', 7],
  ['Claudia', 7],
  ['Martha', 7],
  ['Teresa', 7],
  ['Fernanda', 6],
  ['Sofía', 6],
  ['Daniela', 6],
  ['Mónica', 6],
  ['Isabel', 6],
  ['Carmen', 6],
  ['Lucía', 4],
  ['Valeria', 4],
  ['Ximena', 3],
  ['Paola', 4],
  ['Elena', 4],
  ['Andrea', 4],
  ['Beatriz', 4],
  ['Irma', 4],
  ['Norma', 4],
  ['Josefina', 4],
  ['Susana', 3],
  ['Yolanda', 4],
  ['Alicia', 4],
  ['Araceli', 3],
  ['Blanca', 3],
  ['Cecilia', 3],
  ['Dolores', 3],
  ['Esperanza', 3],
  ['Esther', 3],
  ['Gloria', 3],
  ['Graciela', 3],
  ['Lorena', 3],
  ['Luz', 3],
  ['Maribel', 2],
  ['Mercedes', 2],
  ['Olga', 2],
  ['Raquel', 2],
  ['Rocío', 3],
  ['Sandra', 3],
  ['Socorro', 2],
  ['Victoria', 2],
  ['Xóchitl', 1],
  ['Yesenia', 2],
  ['Zoila', 1],
  ['Amparo', 1],
  ['Brenda', 2],
  ['Catalina', 2],
  ['Delfina', 1],
  ['Eugenia', 1],
  ['Fabiola', 1],
  ['Hortensia', 1],
  ['Iliana', 1],
  ['Jazmín', 1],
  ['Karina', 2],
  ['Liliana', 2],
  ['Nayeli', 1],
  ['Ofelia', 1],
  ['Perla', 1],
  ['Regina', 1],
  ['Rebeca', 1],
  ['Tania', 1],
  ['Viridiana', 1],
  ['Wendy', 1],
  ['Yadira', 1],
  ['Zulema', 1],
];

/** Given names of two words that registries keep together. */
const MALE_COMPOUNDS = [
  'José Luis',
  'Juan Carlos',
  'José Antonio',
  'Miguel Ángel',
  'Juan Manuel',
  'José de Jesús',
  'Luis Alberto',
  'Juan José',
  'Jesús Alberto',
  'Francisco Javier',
];
const FEMALE_COMPOUNDS = [
  'María Guadalupe',
  'María de los Ángeles',
  'María del Carmen',
  'María de Jesús',
  'María Elena',
  'María Fernanda',
  'Ana María',
  'Rosa María',
  'María de la Luz',
  'María Teresa',
];

/** Surnames past the frequency table: real rarer ones, then made-up Spanish-sounding ones. */
export const RARE_SURNAMES = [
  'Zubiría',
  'Echeverría',
  'Urquidi',
  'Iturbide',
  'Larrañaga',
  'Goicoechea',
  'Arizmendi',
  'Aldana',
  'Balderas',
  'Berlanga',
  'Cabañas',
  'Cantú',
  'Carbonell',
  'Covarrubias',
  'Dávalos',
  'Elizondo',
  'Escandón',
  'Garibay',
  'Guajardo',
  'Híjar',
  'Irigoyen',
  'Lizárraga',
  'Mijangos',
  'Montemayor',
  'Necoechea',
  'Olachea',
  'Palafox',
  'Quiñones',
  'Sepúlveda',
  'Tamez',
  'Treviño',
  'Urrutia',
  'Villarreal',
  'Yturralde',
  'Zertuche',
  'Anguiano',
  'Barragán',
  'Campuzano',
  'Chapa',
  'Errejón',
  'Fonseca',
  'Galeana',
  'Inclán',
  'Jáuregui',
  'Legorreta',
  'Madariaga',
  'Nájera',
  'Ochoterena',
  'Pliego',
  'Quezada',
  'Rebolledo',
  'Sotomayor',
  'Tinoco',
  'Ugalde',
  'Valdivia',
  'Xicoténcatl',
  'Yáñez',
  'Zozaya',
  'Ahumada',
  'Bocanegra',
  'Cuautle',
  'Dzib',
  'Ek',
  'Gamiño',
  'Huitrón',
  'Itzá',
  'Loaeza',
  'Mondaca',
  'Nieves',
  'Orendain',
  'Peniche',
  'Ruvalcaba',
  'Sámano',
  'Tzuc',
  'Uc',
  'Verástegui',
  'Zambrano',
  'Alcocer',
  'Bojórquez',
  'Cacho',
  'Ferrer',
  'Granados',
  'Hinojos',
  'Ledezma',
  'Magaña',
  'Nolasco',
  'Osuna',
  'Piña',
  'Rendón',
  'Tirado',
  'Vallejo',
  'Zazueta',
];
const SYLLABLES_START = [
  'Al',
  'Bar',
  'Cal',
  'Dur',
  'Esc',
  'Fig',
  'Gal',
  'Her',
  'Ib',
  'Jar',
  'Lar',
  'Mar',
  'Nav',
  'Ol',
  'Par',
  'Quin',
  'Ros',
  'Sal',
  'Tal',
  'Ur',
  'Val',
  'Zam',
  'Ber',
  'Cor',
  'Mon',
  'Pal',
  'San',
  'Ter',
  'Vil',
  'Ay',
];
const SYLLABLES_MIDDLE = [
  'a',
  'e',
  'i',
  'o',
  'u',
  'an',
  'ar',
  'el',
  'en',
  'er',
  'il',
  'in',
  'or',
  'ul',
  'ad',
  'ed',
];
const SYLLABLES_END = [
  'ez',
  'ado',
  'edo',
  'ero',
  'illa',
  'ón',
  'ana',
  'ales',
  'ino',
  'ueta',
  'aga',
  'ía',
  'oza',
  'urto',
  'ante',
  'ejo',
];

/** One of ~7,000 made-up surnames (the long tail past the table), chosen by `random`. */
export function madeUpSurname(random: Random): string {
  return pick(random, SYLLABLES_START) + pick(random, SYLLABLES_MIDDLE) + pick(random, SYLLABLES_END);
}

/** Share of surnames drawn from the long tail instead of the table (the table covers about two thirds). */
const TAIL_SHARE = 0.35;
const tableSurname = weighted(MEXICAN_SURNAME_COUNTS);
const ACCENTED = new Map(
  [
    ...RARE_SURNAMES,
    'Hernández',
    'García',
    'Martínez',
    'López',
    'González',
    'Pérez',
    'Rodríguez',
    'Sánchez',
    'Ramírez',
    'Gómez',
    'Vázquez',
    'Jiménez',
    'Díaz',
    'Gutiérrez',
    'Álvarez',
    'Méndez',
    'Chávez',
    'Juárez',
    'Domínguez',
    'Guzmán',
    'Velázquez',
    'Muñoz',
    'Cortés',
    'Ávila',
    'Ríos',
    'Márquez',
    'León',
    'Mejía',
    'Solís',
    'Núñez',
    'Peña',
    'Cárdenas',
    'Zúñiga',
    'Durán',
    'Macías',
    'Calderón',
    'Suárez',
    'Galván',
    'Beltrán',
    'Marín',
    'Benítez',
    'Ávalos',
    'Bermúdez',
    'Martín',
    'Vélez',
    'Téllez',
    'Reséndiz',
    'Mondragón',
    'Rentería',
    'Limón',
    'Gaytán',
    'Aragón',
    'Barrón',
    'Alcántara',
    'Chavarría',
    'Córdova',
    'Cuéllar',
    'Enríquez',
    'Félix',
    'Ibáñez',
    'Patiño',
    'Román',
    'Solórzano',
    'Tamayo',
    'Terán',
    'Yáñez',
    'Avendaño',
    'Cázares',
    'Muñiz',
    'Zárate',
  ].map((name) => [name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase(), name] as const),
);
const titleCase = (upper: string) =>
  upper
    .toLowerCase()
    .split(' ')
    .map((w, i) =>
      i > 0 && ['de', 'la', 'los', 'las', 'del'].includes(w) ? w : w[0].toUpperCase() + w.slice(1),
    )
    .join(' ');

/** A surname as a person writes it (accents, `de la Cruz`). */
export function surname(random: Random): string {
  if (chance(random, TAIL_SHARE))
    return chance(random, 0.4) ? pick(random, RARE_SURNAMES) : madeUpSurname(random);
  const folded = tableSurname(random);
  return ACCENTED.get(folded) ?? titleCase(folded);
}

export interface SyntheticPerson {
  given: string;
  paternal: string;
  maternal: string;
  gender: 'H' | 'M';
  /** YYYY-MM-DD. */
  birthDate: string;
}

const maleName = weighted(MALE_NAMES);
const femaleName = weighted(FEMALE_NAMES);

export function givenName(random: Random, gender: 'H' | 'M'): string {
  const compound = chance(random, 0.35);
  if (gender === 'H')
    return compound
      ? chance(random, 0.5)
        ? pick(random, MALE_COMPOUNDS)
        : `${maleName(random)} ${maleName(random)}`
      : maleName(random);
  return compound
    ? chance(random, 0.5)
      ? pick(random, FEMALE_COMPOUNDS)
      : `${femaleName(random)} ${femaleName(random)}`
    : femaleName(random);
}

export function birthDate(random: Random, fromYear = 1945, toYear = 2003): string {
  const year = between(random, fromYear, toYear);
  const month = between(random, 1, 12);
  const day = between(random, 1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function person(random: Random): SyntheticPerson {
  const gender = chance(random, 0.5) ? 'H' : 'M';
  let maternal = surname(random);
  const paternal = surname(random);
  if (chance(random, 0.02)) maternal = paternal; // Hernández Hernández
  return { given: givenName(random, gender), paternal, maternal, gender, birthDate: birthDate(random) };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z ]/g, '');

const VOWELS = /[AEIOU]/;
const ALNUM = [...'ABCDEFGHIJKLMNPQRSTUVWXYZ0123456789'];
const homoclave = (random: Random) => pick(random, ALNUM) + pick(random, ALNUM) + pick(random, ALNUM);
/** The core word of a surname for the RFC (`de la Cruz` -> `CRUZ`). */
const rfcWord = (text: string) => {
  const words = fold(text)
    .split(' ')
    .filter((w) => !['DE', 'LA', 'LOS', 'LAS', 'DEL', 'Y'].includes(w));
  return words[0] ?? 'X';
};

/** A persona física's RFC as SAT forms it (name letters, birth date YYMMDD, a random homoclave). */
export function personRfc(p: SyntheticPerson, random: Random): string {
  const paternal = rfcWord(p.paternal);
  const vowel = paternal.slice(1).match(VOWELS)?.[0] ?? 'X';
  const given = rfcWord(p.given.replace(/^(María|José) (?=\S)/, ''));
  const letters = paternal[0] + vowel + rfcWord(p.maternal)[0] + given[0];
  return letters + p.birthDate.slice(2).replace(/-/g, '') + homoclave(random);
}

/** A persona física's CURP (letters, birth date, sex, state, consonants, century, check digit). */
export function personCurp(p: SyntheticPerson, random: Random): string {
  const rfc = personRfc(p, random).slice(0, 10);
  const consonant = (word: string) => word.slice(1).match(/[^AEIOU]/)?.[0] ?? 'X';
  const century = Number(p.birthDate.slice(0, 4)) >= 2000 ? 'A' : String(between(random, 0, 9));
  return (
    rfc +
    p.gender +
    pick(random, ['DF', 'MC', 'JC', 'NL', 'PL', 'VZ', 'GT', 'CH', 'SL', 'OC']) +
    consonant(rfcWord(p.paternal)) +
    consonant(rfcWord(p.maternal)) +
    consonant(rfcWord(p.given)) +
    century +
    String(between(random, 0, 9))
  );
}

/** A persona moral's RFC: three letters of the name, the constitution date, a homoclave. */
export function entityRfc(name: string, random: Random): string {
  const letters = (fold(name).replace(/ /g, '') + 'XXX').slice(0, 3);
  return letters + birthDate(random, 1980, 2022).slice(2).replace(/-/g, '') + homoclave(random);
}

export const folded = fold;
