import {
  coreOf,
  compactOf,
  expandGivenName,
  foldText,
  foldWords,
  isParticle,
  nameUnits,
  sameCompact,
} from './folding';

describe('foldText', () => {
  it.each([
    ['Hernández', 'HERNANDEZ'],
    ['  hernández   garcía ', 'HERNANDEZ GARCIA'],
    ['Muñoz', 'MUNOZ'],
    ['NUÑEZ', 'NUNEZ'],
    ['N\u0303un\u0303ez', 'NUNEZ'],
    ['Zúñiga de la Garza', 'ZUNIGA DE LA GARZA'],
    ['AISPURO MORENO, Oscar', 'AISPURO MORENO OSCAR'],
    ['García-López', 'GARCIA LOPEZ'],
    ["O'Brien", 'OBRIEN'],
    ['O’Higgins', 'OHIGGINS'],
    ['Ma. Guadalupe', 'MA GUADALUPE'],
    ['S.A. de C.V.', 'S A DE C V'],
    ['Grupo (México) 2000', 'GRUPO MEXICO 2000'],
    ['Øster Æbeltoft Straße', 'OSTER AEBELTOFT STRASSE'],
    ['\tJOSÉ\n LUIS\u00a0', 'JOSE LUIS'],
    ['GÜERO', 'GUERO'],
    ['---', ''],
  ])('%p -> %p', (input, folded) => {
    expect(foldText(input)).toBe(folded);
  });

  it('gives the words of a text, none for an empty or missing one', () => {
    expect(foldWords('  Juan  Carlos ')).toEqual(['JUAN', 'CARLOS']);
    expect(foldWords('')).toEqual([]);
    expect(foldWords(null)).toEqual([]);
  });
});

describe('particles (docs/watch-list-matching.md: part of the surname they precede)', () => {
  it.each([
    ['DE', true],
    ['DEL', true],
    ['LA', true],
    ['LOS', true],
    ['LAS', true],
    ['Y', true],
    ['VAN', true],
    ['VON', true],
    ['DA', true],
    ['DOS', true],
    ['DI', true],
    ['DU', true],
    ['AL', true],
    ['CRUZ', false],
    ['DELGADO', false],
  ])('%p is a particle: %p', (word, particle) => {
    expect(isParticle(word)).toBe(particle);
  });

  it.each([
    ['JUAN DE LA CRUZ', ['JUAN', 'DE LA CRUZ']],
    ['DE LOS SANTOS GARCIA', ['DE LOS SANTOS', 'GARCIA']],
    ['MARIA DEL CARMEN PONCE DE LEON', ['MARIA', 'DEL CARMEN', 'PONCE', 'DE LEON']],
    ['ORTEGA Y GASSET', ['ORTEGA', 'Y GASSET']],
    ['LUDWIG VAN DER BERG', ['LUDWIG', 'VAN DER BERG']],
    ['JUAN DE', ['JUAN DE']],
    ['DE LA', ['DE LA']],
    ['', []],
  ])('%p -> parts %p', (text, units) => {
    expect(nameUnits(foldWords(text))).toEqual(units);
  });

  it.each([
    ['DE LA CRUZ', 'CRUZ', 'DELACRUZ'],
    ['PONCE DE LEON', 'PONCELEON', 'PONCEDELEON'],
    ['GARCIA', 'GARCIA', 'GARCIA'],
    ['DE LA', 'DELA', 'DELA'],
  ])('%p: core %p, written together %p', (part, core, compact) => {
    expect(coreOf(part)).toBe(core);
    expect(compactOf(part)).toBe(compact);
  });

  it.each([
    ['DE LA CRUZ', 'DELACRUZ', true],
    ['DE LA CRUZ', 'DELA CRUZ', true],
    ['DE LA CRUZ', 'DE LA CRU', false],
    ['DE LA CRUZ', 'DE LA CRUZZ', false],
    ['GARCIA', 'GARCIA', true],
    ['', ' ', true],
  ])('%p and %p written together are the same: %p (as compactOf says)', (a, b, same) => {
    expect(sameCompact(a, b)).toBe(same);
    expect(sameCompact(b, a)).toBe(same);
    expect(compactOf(a) === compactOf(b)).toBe(same);
  });
});

describe('expandGivenName', () => {
  it.each([
    ['MA', 'MARIA'],
    ['GPE', 'GUADALUPE'],
    ['FCO', 'FRANCISCO'],
    ['MARIA', 'MARIA'],
    ['J', 'J'],
    ['MAR', 'MAR'],
  ])('%p -> %p', (word, expanded) => {
    expect(expandGivenName(word)).toBe(expanded);
  });
});
