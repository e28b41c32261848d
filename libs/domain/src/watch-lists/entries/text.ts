/** Small text rules shared by the readings of every publisher. */

/** Runs of white space (line breaks of a quoted cell included) as one space, trimmed. */
export function collapseSpaces(text: string): string {
  // Most cells need nothing: keep the string itself (a 300,000-row file reads every name).
  return /\s\s|^\s|\s$|[^\S ]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
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

/**
 * `read` remembered for the values it has seen: a status or supuesto column repeats a handful of
 * values over hundreds of thousands of rows. Past `limit` distinct values it stops remembering.
 */
export function remembered<T>(read: (value: string) => T, limit = 1000): (value: string) => T {
  const seen = new Map<string, T>();
  return (value) => {
    const known = seen.get(value);
    if (known !== undefined || seen.has(value)) return known as T;
    const result = read(value);
    if (seen.size < limit) seen.set(value, result);
    return result;
  };
}

/**
 * Sets a property named as the publisher names it: a column or an element called `__proto__` is
 * data like any other, never the object's prototype. (Objects without a prototype would avoid the
 * check, but V8 keeps them as hash tables: a third more memory for 300,000 rows.)
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
