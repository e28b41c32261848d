/** Small helpers for writing Spanish sentences from numbers and lists. */

/** "1 juicio", "3 juicios", "0 juicios". */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The verb agreeing with a count: "se encontró 1 juicio", "se encontraron 2 juicios". */
export function agree(n: number, singular: string, plural: string): string {
  return n === 1 ? singular : plural;
}

/** Thousands with commas, as Mexico writes them: 85000 -> "85,000". */
export function groupThousands(n: number): string {
  const [whole, decimals] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** "$85,000 MXN". */
export function pesos(n: number): string {
  return `$${groupThousands(n)} MXN`;
}

/**
 * "a", "a y b", "a, b y c". The conjunction is "e" before a word that starts with the sound "i"
 * ("OFAC SDN e Interpol"), but not before "hie"/"hia" ("y hielo").
 */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1];
  const bare = last.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const and = /^h?i(?![aeiou])/.test(bare) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}
