/**
 * docs/behaviour.md: matching is case-, accent- and whitespace-insensitive. Both the stored corpus and
 * the query go through the same normalization, so "HERNÁNDEZ", "hernandez" and " Hernández "
 * compare equal. Ñ becomes N like any other accented letter: consistent on both sides.
 */
export function normalizeName(value: string): string {
  return (
    value
      .normalize('NFD')
      // Every combining mark, not only the Latin block: "Ñ", "Ü" and stacked marks all fold.
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The words of a given-names field; each must be one of the person's given names. */
export function givenNameWords(name: string): string[] {
  const normalized = normalizeName(name);
  return normalized ? [...new Set(normalized.split(' '))] : [];
}
