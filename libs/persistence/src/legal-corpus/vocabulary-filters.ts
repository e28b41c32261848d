import { normalizeName } from '@app/domain';
import { CORPUS_CATEGORIES, STATE_NAMES } from './vocabulary';

/**
 * The corpus's categories and states are closed vocabularies (docs/behaviour.md: the judicial matters and
 * the 32 federal entities). A filter value, normalized by the domain's normalizeName, is turned
 * here into the values as the corpus spells them (or a category bit mask), so that SQL compares
 * plain values and never re-implements the folding.
 */
function spelledAs(vocabulary: readonly string[], normalized: readonly string[]): string[] {
  const wanted = new Set(normalized);
  return vocabulary.filter((value) => wanted.has(normalizeName(value)));
}

/** Corpus category names whose normalized form is listed (none when no listed value is a category). */
export function categoriesNamed(normalized: readonly string[]): string[] {
  return spelledAs(CORPUS_CATEGORIES, normalized);
}

/** Corpus state names whose normalized form is listed. */
export function statesNamed(normalized: readonly string[]): string[] {
  return spelledAs(STATE_NAMES, normalized);
}

/** The bits of `legal_person.category_mask` of the listed categories (0: none of them exists). */
export function categoryMaskOf(normalized: readonly string[]): number {
  return categoriesNamed(normalized).reduce((mask, c) => mask | (1 << CORPUS_CATEGORIES.indexOf(c)), 0);
}

/** Category names of a mask, alphabetical (as `legal_person.categories` lists them); one array per mask. */
const BY_NAME = CORPUS_CATEGORIES.map((name, bit) => ({ name, bit })).sort((a, b) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
);
const OF_MASK = new Map<number, string[]>();
export function categoriesOfMask(mask: number): string[] {
  let names = OF_MASK.get(mask);
  if (!names) {
    names = BY_NAME.filter(({ bit }) => (mask >> bit) & 1).map(({ name }) => name);
    OF_MASK.set(mask, names);
  }
  return names;
}
