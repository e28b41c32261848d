import { compactOf, coreOf, expandGivenName } from '../folding';

/**
 * The keys under which the index files a part of a name, and under which a candidate's part is
 * looked up: one function for both sides, so a part is always found under the keys it was filed
 * under. Particles are not keys (every third name has a `DE`).
 *
 * A person's part (`DE LA CRUZ`) is filed under its word (`CRUZ`), its spelling without spaces
 * when it has particles (`DELACRUZ`, how some publishers write it) and its spelled-out
 * abbreviation (`MA` -> `MARIA`). An entity's word is its own key.
 */
export function personPartKeys(part: string): string[] {
  const core = coreOf(part);
  const keys = [core];
  const compact = compactOf(part);
  if (compact !== core) keys.push(compact);
  const expanded = expandGivenName(part);
  if (expanded !== part) keys.push(expanded);
  return keys;
}

/**
 * Marks a reading without a maternal surname, with its number of given names (3: three or more):
 * against a candidate with as many given names or more, its maternal surname is missing, not
 * different. `#` never survives folding, so no word collides with it.
 */
export const noMaternalKey = (givenNames: number): string => `#${Math.min(givenNames, 3)}`;

/**
 * A given name of a reading without maternal surname, kept among the entry's maternal keys: against
 * a candidate with fewer given names, the extra one is compared as the maternal surname. Apart from
 * a maternal surname's own keys (`~` never survives folding), since only those can stand for one
 * of the candidate's given names the other way round (see `scoreCeiling`).
 */
export const standInKey = (key: string): string => `~${key}`;

/**
 * Marks a reading whose maternal surname has two units or more (`GARCIA LOPEZ`): a single name
 * agrees with it only as a whole, which none of its units' keys says (see `scoreCeiling`).
 */
export const COMPOUND_MATERNAL_KEY = '#C';

/** The year of the century a birth date is filed under (`#75`): a full year and an RFC's agree on it. */
export const bornKey = (yearOfCentury: number): string => `#${String(yearOfCentury).padStart(2, '0')}`;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Every spelling one edit away from `word` (deletion, neighbours swapped, substitution, insertion):
 * looked up in a segment's dictionary, they find the words a one-letter typo away without storing
 * anything more per word (Norvig's spelling corrector, run on the query side).
 */
export function oneEditAway(word: string): string[] {
  const edits: string[] = [];
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) edits.push(head + tail.slice(1));
    if (tail.length > 1) edits.push(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail && letter !== tail[0]) edits.push(head + letter + tail.slice(1));
      edits.push(head + letter + tail);
    }
  }
  return edits;
}
