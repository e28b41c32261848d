/** Small text rules shared by the readings of every publisher. */

/** Runs of white space (line breaks of a quoted cell included) as one space, trimmed. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A column title or a status compared with case, accents, punctuation and spacing folded:
 * `Situación del contribuyente` -> `SITUACION DEL CONTRIBUYENTE`, `NOMBRE, DENOMINACIÓN O RAZÓN
 * SOCIAL` -> `NOMBRE DENOMINACION O RAZON SOCIAL`.
 */
export function foldLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The values of `values` without repeats, in their first order. */
export function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
