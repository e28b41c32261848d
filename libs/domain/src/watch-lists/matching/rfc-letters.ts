import { isParticle } from './folding';
import { readingsOf, type PersonNameForm, type PersonReading } from './person-names';

/**
 * The four letters a persona física's RFC takes from her name (the SAT's rules; see
 * docs/watch-list-matching.md, "Names"): the paternal surname's initial and its first inner vowel,
 * the maternal surname's initial, the first given name's initial. Particles are skipped (`DE LA
 * CRUZ` gives `C`); a first given name José or María (`J`, `MA`) followed by another gives that
 * other's initial; a person with one surname takes its first two letters and the given name's
 * first two. The SAT writes `X` where a letter is missing, for `Ñ`, and in place of the fourth
 * letter of a word it will not print: an `X` in the RFC stands for any letter here.
 *
 * They tell how an unstructured name is ordered: `LORENA ARANA AGUILAR` with RFC `AAAL...` is
 * given names first, `ARANA AGUILAR LORENA` with the same RFC surnames first.
 */

/** Given names the RFC passes over when another follows (spelled out, abbreviated, as an initial). */
const PASSED_OVER = new Set(['JOSE', 'J', 'MARIA', 'MA', 'M']);

const VOWEL = /[AEIOU]/;

/** The first word of a name part that is not a particle (`DE LA CRUZ` -> `CRUZ`). */
function firstWord(part: string | null): string {
  if (!part) return '';
  for (const word of part.split(' ')) if (!isParticle(word)) return word;
  return '';
}

/** The letters a reading gives an RFC, one string per rule that may apply (null: none can). */
export function rfcLettersOf(reading: PersonReading): string[] {
  const paternal = firstWord(reading.paternal);
  const givenWords = reading.given.map(firstWord).filter(Boolean);
  if (!paternal || givenWords.length === 0) return [];
  const given = givenWords.length > 1 && PASSED_OVER.has(givenWords[0]) ? givenWords[1] : givenWords[0];
  const vowel = paternal.slice(1).match(VOWEL)?.[0] ?? 'X';
  const maternal = firstWord(reading.maternal);
  if (maternal) return [paternal[0] + vowel + maternal[0] + given[0]];
  // One surname: its first two letters and the given name's (or `X` where the maternal would be).
  return [paternal.slice(0, 2) + given.slice(0, 2), paternal[0] + vowel + 'X' + given[0]];
}

/** Whether the reading gives these letters (an RFC's first four, `Ñ` read as `N`, `X` as any letter). */
export function agreesWithRfcLetters(reading: PersonReading, rfcLetters: string): boolean {
  const wanted = rfcLetters.replace(/Ñ/g, 'N');
  return rfcLettersOf(reading).some((letters) => {
    if (letters.length !== 4) return false;
    for (let i = 0; i < 4; i++) if (wanted[i] !== 'X' && wanted[i] !== letters[i]) return false;
    return true;
  });
}

/** A persona física's RFC (13 characters) or its stem (10: no homoclave). */
const PERSON_RFC = /^[A-ZÑ&]{4}\d{6}(?:[A-Z0-9]{3})?$/;

/** The first four letters of each persona física RFC (or stem) among an entry's RFCs. */
export function personRfcLetters(rfcs: readonly string[]): string[] {
  const letters: string[] = [];
  for (const rfc of rfcs) if (PERSON_RFC.test(rfc)) letters.push(rfc.slice(0, 4));
  return letters;
}

/**
 * The readings of a name form that the entry's persona física RFCs choose (`rfcLetters`, the first
 * four letters of each): of a name in one group (`given-first`, `surnames-first`, `unknown`: one
 * unstructured string), those whose letters are an RFC's; all of them when none is (a name typed
 * otherwise than the RFC was computed) or when the entry has no such RFC. A publisher's structure
 * (`split`, `parts`) is never second-guessed.
 */
export function chosenReadings(form: PersonNameForm, rfcLetters: readonly string[]): PersonReading[] {
  const readings = readingsOf(form);
  if (rfcLetters.length === 0 || readings.length < 2 || form.layout === 'split' || form.layout === 'parts')
    return readings;
  const chosen = readings.filter((r) => rfcLetters.some((letters) => agreesWithRfcLetters(r, letters)));
  return chosen.length ? chosen : readings;
}
