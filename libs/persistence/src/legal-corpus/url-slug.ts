/**
 * An ASCII path segment for the corpus URLs (`source_url` is documented `format: uri`, and a raw
 * "nuevo-león" is not one): accents folded, lower case, every other run of characters a hyphen.
 * "Nuevo León" -> "nuevo-leon", "Ciudad de México" -> "ciudad-de-mexico".
 */
export function urlSlug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
