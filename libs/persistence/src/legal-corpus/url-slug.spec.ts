import { urlSlug } from './url-slug';
import { STATES } from './vocabulary';

describe('urlSlug', () => {
  it.each([
    ['Nuevo León', 'nuevo-leon'],
    ['Ciudad de México', 'ciudad-de-mexico'],
    ['San Luis Potosí', 'san-luis-potosi'],
    ['Querétaro', 'queretaro'],
    ['  Baja   California Sur ', 'baja-california-sur'],
    ['Peñasco / Güemes', 'penasco-guemes'],
    ['N\u0303un\u0303ez', 'nunez'],
  ])('%p -> %p', (input, expected) => {
    expect(urlSlug(input)).toBe(expected);
  });

  it('gives every state of the corpus a distinct, non-empty ASCII segment', () => {
    const slugs = STATES.map(([state]) => urlSlug(state));
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(slugs).size).toBe(STATES.length);
  });
});
