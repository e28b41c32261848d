import type { ListedName } from '../entry';
import { foldWords, nameUnits } from './folding';

/**
 * A person's name split into the parts docs/watch-list-matching.md compares: given names, paternal and maternal
 * surname. Each part is folded, with its particles (`DE LA CRUZ`); a compound surname keeps its
 * words (`PONCE DE LEON`). A part the name does not give is null (or no given names).
 */
export interface PersonReading {
  given: string[];
  paternal: string | null;
  maternal: string | null;
  /**
   * A candidate's name read the other way round: its surnames typed in `name`, its given names in
   * the surname fields (see `subjectReadings`). Never an entry's.
   */
  reordered?: true;
}

/**
 * The structure a publisher gave a person's name, folded into parts (`nameUnits`), before it is
 * read: what the index stores, so that a name is split the same way whether it comes from an
 * entry or from the index.
 * - `given-first`, `surnames-first`, `unknown`: one group, the parts in the published order;
 * - `split`: two groups, given names then surnames (OFAC `SURNAMES, Given`, FtM `firstName`/`lastName`);
 * - `parts`: one group per UN `FIRST_NAME` .. `FOURTH_NAME`.
 */
export interface PersonNameForm {
  layout: 'given-first' | 'surnames-first' | 'unknown' | 'split' | 'parts';
  groups: string[][];
}

const unitsOf = (text: string | null | undefined): string[] => nameUnits(foldWords(text));

/** How a published name form is to be split (an entity's name read as a person's: `unknown`). */
export function personNameForm(name: ListedName): PersonNameForm {
  if (name.surnames !== undefined && name.surnames !== null && name.surnames.trim() !== '')
    return { layout: 'split', groups: [unitsOf(name.given), unitsOf(name.surnames)] };
  switch (name.order) {
    case 'surnames-comma-given': {
      const comma = name.text.indexOf(',');
      return comma < 0
        ? { layout: 'surnames-first', groups: [unitsOf(name.text)] }
        : {
            layout: 'split',
            groups: [unitsOf(name.text.slice(comma + 1)), unitsOf(name.text.slice(0, comma))],
          };
    }
    case 'parts': {
      const parts = (name.parts ?? []).map(unitsOf).filter((units) => units.length > 0);
      return parts.length
        ? { layout: 'parts', groups: parts }
        : { layout: 'given-first', groups: [unitsOf(name.text)] };
    }
    case 'given-first':
    case 'surnames-first':
      return { layout: name.order, groups: [unitsOf(name.text)] };
    default:
      return { layout: 'unknown', groups: [unitsOf(name.text)] };
  }
}

const joined = (units: readonly string[]): string | null =>
  units.length === 0 ? null : units.length === 1 ? units[0] : units.join(' ');
/**
 * Given names keep an abbreviation as written (`MA`, `FCO`, `J`): the comparison tells an
 * abbreviation or an initial from the full name (`given_name_initial`), the index files both.
 */
const reading = (
  given: readonly string[],
  paternal: readonly string[],
  maternal: readonly string[],
): PersonReading => ({
  given: given as string[],
  paternal: joined(paternal),
  maternal: joined(maternal),
});

/** Given names first: the last two parts are the surnames, or the last one, or the last three (compound paternal). */
function givenFirst(units: readonly string[]): PersonReading[] {
  const n = units.length;
  if (n === 0) return [];
  if (n === 1) return [reading(units, [], [])];
  if (n === 2) return [reading(units.slice(0, 1), units.slice(1), [])];
  const readings = [reading(units.slice(0, n - 2), units.slice(n - 2, n - 1), units.slice(n - 1))];
  if (n >= 4) readings.push(reading(units.slice(0, n - 3), units.slice(n - 3, n - 1), units.slice(n - 1)));
  readings.push(reading(units.slice(0, n - 1), units.slice(n - 1), []));
  return readings;
}

/**
 * SAT's `PATERNO MATERNO NOMBRE`: the first two parts are the surnames (or a compound paternal
 * and the maternal). A person with one surname (`PATERNO NOMBRE NOMBRE`, about 1 % of Mexicans)
 * is not read apart: against their own name the first given name stands where the maternal
 * surname would, and the comparison finds it there (see `comparePersonReadings`).
 */
function surnamesFirst(units: readonly string[]): PersonReading[] {
  const n = units.length;
  if (n === 0) return [];
  if (n === 1) return [reading([], units, [])];
  if (n === 2) return [reading(units.slice(1), units.slice(0, 1), [])];
  const readings = [reading(units.slice(2), units.slice(0, 1), units.slice(1, 2))];
  if (n >= 4) readings.push(reading(units.slice(3), units.slice(0, 2), units.slice(2, 3)));
  return readings;
}

/** Given names and surnames given apart; joined surnames are split after the first (or before the last). */
function split(given: readonly string[], surnames: readonly string[]): PersonReading[] {
  const k = surnames.length;
  if (k <= 2) return [reading(given, surnames.slice(0, 1), surnames.slice(1))];
  return [
    reading(given, surnames.slice(0, 1), surnames.slice(1)),
    reading(given, surnames.slice(0, k - 1), surnames.slice(k - 1)),
  ];
}

function fromParts(parts: readonly string[][]): PersonReading[] {
  const m = parts.length;
  if (m === 1) return givenFirst(parts[0]);
  const readings = split(parts.slice(0, m - 1).flat(), parts[m - 1]);
  if (m >= 3) readings.unshift(reading(parts.slice(0, m - 2).flat(), parts[m - 2], parts[m - 1]));
  return [...readings, ...givenFirst(parts.flat())];
}

function unique(readings: PersonReading[]): PersonReading[] {
  const seen = new Set<string>();
  return readings.filter((r) => {
    const key = `${r.given.join(' ')}|${r.paternal ?? ''}|${r.maternal ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every way the matcher reads a name form, the publisher's own order first. */
export function readingsOf(form: PersonNameForm): PersonReading[] {
  const [first = [], second = []] = form.groups;
  switch (form.layout) {
    case 'given-first':
      return givenFirst(first);
    case 'surnames-first':
      return surnamesFirst(first);
    case 'split':
      return split(first, second);
    case 'parts':
      return unique(fromParts(form.groups));
    default:
      return unique([...givenFirst(first), ...surnamesFirst(first)]);
  }
}

const sameReading = (a: PersonReading, b: PersonReading): boolean =>
  a.paternal === b.paternal && a.maternal === b.maternal && a.given.join(' ') === b.given.join(' ');

/**
 * A candidate's name: `name` holds the given names, `lastName` the paternal surname,
 * `secondLastName` the maternal one. Without a `secondLastName`, a `lastName` of two parts
 * (`García López`) is read both as one surname and as the two. Last, the fields read the other
 * way round, as people mistype them (`name` `Arana Aguilar`, `lastName` `Lorena`; or `Arana` /
 * `Aguilar` / `Lorena`): every part in the fields' order, surnames first, and, with one word in
 * `name`, that word the paternal surname and the rest given names (`reordered`, which scoring
 * keeps below `match`).
 */
export function subjectReadings(subject: {
  name?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
}): PersonReading[] {
  const given = unitsOf(subject.name);
  const paternal = unitsOf(subject.lastName);
  const maternal = unitsOf(subject.secondLastName);
  const readings =
    maternal.length || paternal.length < 2
      ? [reading(given, paternal, maternal)]
      : [reading(given, paternal, []), reading(given, paternal.slice(0, 1), paternal.slice(1))];
  if (given.length && paternal.length) {
    const [swapped] = surnamesFirst([...given, ...paternal, ...maternal]);
    const swaps = [swapped];
    // One surname in `name` and several given names after it (`Hernández` / `María Fernanda`).
    if (given.length === 1 && paternal.length + maternal.length >= 2)
      swaps.push(reading([...paternal, ...maternal], given, []));
    for (const swap of swaps)
      if (swap.given.length && !readings.some((r) => sameReading(r, swap)))
        readings.push({ ...swap, reordered: true });
  }
  return readings;
}
