import damerauLevenshtein from 'talisman/metrics/damerau-levenshtein';
import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import { BoundedCache } from '../../bounded-cache';
import { abbreviates, coreOf, MAX_ABBREVIATION, sameCompact } from './folding';

/**
 * How one name part of a candidate compares with the same part of a listed name (docs/watch-list-matching.md:
 * "compared part by part"). Distances and phonetic codes come from talisman; the thresholds are
 * the contract's: one typo counts only in a part of five letters or more.
 */
export type PartVerdict =
  /** The same folded spelling. */
  | 'exact'
  /** The same words, particles written differently (`DE LA GARZA` / `GARZA` / `DELAGARZA`). */
  | 'particle'
  /** One side gives more given names than the other, all the shorter side's agreeing (`MARIA GUADALUPE` / `GUADALUPE`). */
  | 'partial'
  /** A given name written as its initial or a usual abbreviation (`J` / `JOSE`, `MA` / `MARIA`, `FCO`). */
  | 'initial'
  /** One edit (insertion, deletion, substitution, neighbours swapped) in a part of five letters or more. */
  | 'typo'
  /** Spelled differently, pronounced alike (`GONZALEZ` / `GONSALES`): same length, vowels and Double Metaphone code. */
  | 'phonetic'
  | 'differs';

export interface PartMatch {
  verdict: PartVerdict;
  /** 0..1: how much of the part's weight it earns. */
  similarity: number;
}

const SIMILARITY: Record<PartVerdict, number> = {
  exact: 1,
  particle: 0.97,
  partial: 0.92,
  initial: 0.85,
  typo: 0.92,
  phonetic: 0.88,
  differs: 0,
};

/**
 * A part of this many letters or more (on either side: `MARIA` typed `MAIA` is a typo of a
 * five-letter name) may take one typo; shorter ones are other names (`RAUL` / `SAUL`, `SOTO` / `SOTA`).
 */
export const TYPO_MIN_LENGTH = 5;

const match = (verdict: PartVerdict): PartMatch => ({ verdict, similarity: SIMILARITY[verdict] });
const EXACT = match('exact');
const DIFFERS = match('differs');
/** A part that is there on both sides and is another name. */
export const PART_DIFFERS: PartMatch = DIFFERS;

export const agrees = (part: PartMatch): boolean => part.verdict !== 'differs';

/**
 * Double Metaphone primary codes, remembered: the same few thousand surnames come back on every
 * screening. Bounded so that a stream of odd words cannot grow it without end.
 */
const metaphones = new BoundedCache<string, string>({ maxEntries: 20_000 });
const primaryMetaphone = (word: string): string => doubleMetaphone(word)[0];
const metaphone = (word: string): string => metaphones.getOrSet(word, primaryMetaphone);

const PARTICLE = match('particle');
const PARTIAL = match('partial');
const INITIAL = match('initial');
const TYPO = match('typo');
const PHONETIC = match('phonetic');

/**
 * The vowels of a word, in order. Spanish says its vowels as it writes them, so a sound-alike
 * spelling changes consonants (`S`/`Z`, `B`/`V`, `LL`/`Y`), never vowels: `SOTO` / `SOTA` differ.
 */
const vowels = (word: string): string => word.replace(/[^AEIOU]/g, '');

/** The word without a final `A` or `O`. */
const stem = (word: string): string => {
  const last = word.charCodeAt(word.length - 1);
  return last === 65 || last === 79 ? word.slice(0, -1) : word;
};

/**
 * A given name that differs from another only by its gender ending is another person's name
 * (`JUAN`/`JUANA`, `MARIO`/`MARIA`, `GABRIEL`/`GABRIELA`): siblings are named so.
 */
const genderVariants = (a: string, b: string): boolean => stem(a) === stem(b);

/**
 * One part (a surname, or one given name) against another. `given` adds the given-name rule:
 * gender variants differ. Called for every part of every candidate entry, so the cheap
 * refusals come first (most parts compared are plainly other names).
 */
export function compareSpellings(a: string, b: string, given = false): PartMatch {
  if (a === b) return EXACT;
  if (
    given &&
    (a.length <= MAX_ABBREVIATION || b.length <= MAX_ABBREVIATION) &&
    (abbreviates(a, b) || abbreviates(b, a))
  )
    return INITIAL;
  let coreA = a;
  let coreB = b;
  if (a.includes(' ') || b.includes(' ')) {
    coreA = coreOf(a);
    coreB = coreOf(b);
    if (coreA === coreB || sameCompact(a, b)) return PARTICLE;
  }
  const lengthA = coreA.length;
  const lengthB = coreB.length;
  if (lengthA - lengthB > 1 || lengthB - lengthA > 1) return DIFFERS;
  if (given && genderVariants(coreA, coreB)) return DIFFERS;
  const longer = lengthA > lengthB ? lengthA : lengthB;
  if (longer >= TYPO_MIN_LENGTH && damerauLevenshtein.limited(1, coreA, coreB) <= 1) return TYPO;
  if (
    lengthA === lengthB &&
    lengthA >= 4 &&
    metaphone(coreA) === metaphone(coreB) &&
    vowels(coreA) === vowels(coreB) &&
    damerauLevenshtein.limited(2, coreA, coreB) <= 2
  )
    return PHONETIC;
  return DIFFERS;
}

const RANK: Record<PartVerdict, number> = {
  exact: 6,
  particle: 5,
  partial: 4,
  initial: 3,
  typo: 2,
  phonetic: 1,
  differs: 0,
};
const worse = (a: PartMatch, b: PartMatch): PartMatch => (RANK[a.verdict] <= RANK[b.verdict] ? a : b);

/**
 * Given names, in any order: every given name of the side that gives fewer must agree with one of
 * the other side's. Fewer given names on one side (a second name left out) is `partial`; any
 * disagreeing name (`JUAN CARLOS` / `JUAN PABLO`) makes the given names differ.
 */
export function compareGivenNames(a: readonly string[], b: readonly string[]): PartMatch {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  let used = 0;
  let result = EXACT;
  for (const name of shorter) {
    let best = DIFFERS;
    let at = -1;
    for (let i = 0; i < longer.length && i < 31; i++) {
      if (used & (1 << i)) continue;
      const found = compareSpellings(name, longer[i], true);
      if (RANK[found.verdict] > RANK[best.verdict]) {
        best = found;
        at = i;
        if (found === EXACT) break;
      }
    }
    if (at < 0) return DIFFERS;
    used |= 1 << at;
    result = worse(result, best);
  }
  if (shorter.length < longer.length) return worse(result, PARTIAL);
  return result;
}
