import { BoundedCache } from '../../bounded-cache';

/**
 * docs/watch-list-matching.md: names are folded (case, accents, `Ñ` as `N`, punctuation, repeated spaces) and
 * particles stay part of the surname they precede. Both sides of a comparison, and the index's
 * keys, go through these functions, so `Zúñiga de la Garza`, `ZUNIGA DE LA GARZA` and
 * `zuniga  de  la garza` are one name.
 */

/** Letters that do not decompose into a base letter and a mark (`Ø` is not `O` + a mark). */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  Ø: 'O',
  Æ: 'AE',
  Œ: 'OE',
  ß: 'SS',
  Ł: 'L',
  Đ: 'D',
  Ð: 'D',
  Þ: 'TH',
  ı: 'I',
};

/**
 * Upper-case ASCII letters and digits separated by single spaces. Marks are dropped (`Ñ` is `N`),
 * apostrophes join (`O'Brien` is `OBRIEN`), any other punctuation separates words.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(
      /[ØÆŒßŁĐÐÞı]/giu,
      (letter) => UNDECOMPOSED[letter] ?? UNDECOMPOSED[letter.toUpperCase()] ?? letter,
    )
    .toUpperCase()
    .replace(/['’`´]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** The folded words of a text. */
export function foldWords(text: string | null | undefined): string[] {
  const folded = text ? foldText(text) : '';
  return folded ? folded.split(' ') : [];
}

/**
 * Words that belong to the name part after them: the Spanish particles of docs/watch-list-matching.md (`de`,
 * `del`, `de la`, `de los`, `de las`, `y`) and, for the foreign names of the sanctions lists, the
 * Dutch, German, Portuguese, Italian, French and Arabic ones (`van der`, `von`, `da`, `dos`, `di`,
 * `du`, `al`, `el`). A run of particles joins the word that follows it: `DE LOS SANTOS` is one part.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'Y',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'DA',
  'DAS',
  'DO',
  'DOS',
  'DI',
  'DELLA',
  'DU',
  'AL',
  'EL',
]);

export const isParticle = (word: string): boolean => NAME_PARTICLES.has(word);

/**
 * The parts of a folded name: each word with the particles before it (`JUAN DE LA CRUZ` ->
 * `JUAN`, `DE LA CRUZ`). Particles at the very end (nothing follows them) join the part before.
 */
export function nameUnits(words: readonly string[]): string[] {
  const units: string[] = [];
  let pending: string[] = [];
  for (const word of words) {
    if (isParticle(word)) {
      pending.push(word);
      continue;
    }
    units.push(pending.length ? `${pending.join(' ')} ${word}` : word);
    pending = [];
  }
  if (pending.length) {
    if (units.length) units[units.length - 1] += ` ${pending.join(' ')}`;
    else units.push(pending.join(' '));
  }
  return units;
}

/** A unit or a surname without its particles and spaces: `DE LA CRUZ` -> `CRUZ`, `PONCE DE LEON` -> `PONCELEON`. */
export function coreOf(part: string): string {
  return part.includes(' ') ? cores.getOrSet(part, coreOfSpaced) : part;
}

function coreOfSpaced(part: string): string {
  let core = '';
  for (const word of part.split(' ')) if (!isParticle(word)) core += word;
  return core || compactOf(part);
}
/** Remembered: the same few thousand parts with particles come back on every screening. */
const cores = new BoundedCache<string, string>({ maxEntries: 20_000 });

/** A part written without spaces: `DE LA CRUZ` -> `DELACRUZ` (how some publishers write it). */
export const compactOf = (part: string): string => (part.includes(' ') ? part.replace(/ /g, '') : part);

/** `compactOf(a) === compactOf(b)` without writing either (compared for every part with particles). */
export function sameCompact(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && a.charCodeAt(i) === 32) i++;
    while (j < b.length && b.charCodeAt(j) === 32) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a.charCodeAt(i++) !== b.charCodeAt(j++)) return false;
  }
}

/**
 * Abbreviations of given names that Mexican registries and people write (`MA. GUADALUPE`, `MA DEL
 * CARMEN`, `FCO JAVIER`, `GMO`, `FDO`); an initial (`J. ALFREDO`) stands for any name it begins.
 * Applied to given names only: the index files a listed `MA` under `MARIA` too, the comparison
 * calls either an initial (`given_name_initial`), never the same name.
 */
const GIVEN_NAME_ABBREVIATIONS: Readonly<Record<string, string>> = {
  MA: 'MARIA',
  GPE: 'GUADALUPE',
  FCO: 'FRANCISCO',
  GMO: 'GUILLERMO',
  FDO: 'FERNANDO',
  ANTO: 'ANTONIO',
  STGO: 'SANTIAGO',
};

/** The longest abbreviation above. */
export const MAX_ABBREVIATION = 4;

/** A folded given-name word with its registry abbreviation spelled out. */
export const expandGivenName = (word: string): string =>
  word.length <= MAX_ABBREVIATION ? (GIVEN_NAME_ABBREVIATIONS[word] ?? word) : word;

/**
 * `short` stands for `full` as people write given names: `MA` for `MARIA`, the initial `J` for
 * `JOSE`, `JUAN`, `JESUS`... (not the same word: that is an exact match).
 */
export function abbreviates(short: string, full: string): boolean {
  if (short.length >= full.length) return false;
  if (short.length === 1) return full.charCodeAt(0) === short.charCodeAt(0);
  return GIVEN_NAME_ABBREVIATIONS[short] === full;
}
