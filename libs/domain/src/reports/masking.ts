/** Characters of an identifier a report shows; the rest is starred. */
export const VISIBLE_IDENTIFIER_PREFIX = 4;

/**
 * An RFC or CURP as a printed report shows it: the first four characters (the initials, enough
 * for a reader to tell candidates apart) and one star for every other character, so the length
 * stays visible. A value too short to hide anything behind its prefix is starred entirely: a
 * report never prints a whole identifier. Absent values stay absent.
 */
export function maskIdentifier(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const characters = [...value];
  if (characters.length <= VISIBLE_IDENTIFIER_PREFIX) return '*'.repeat(characters.length);
  return (
    characters.slice(0, VISIBLE_IDENTIFIER_PREFIX).join('') +
    '*'.repeat(characters.length - VISIBLE_IDENTIFIER_PREFIX)
  );
}
