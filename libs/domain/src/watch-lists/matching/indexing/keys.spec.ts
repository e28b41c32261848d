import damerauLevenshtein from 'talisman/metrics/damerau-levenshtein';
import { bornKey, noMaternalKey, oneEditAway, personPartKeys } from './keys';

describe('personPartKeys', () => {
  it.each([
    ['GARCIA', ['GARCIA']],
    ['DE LA CRUZ', ['CRUZ', 'DELACRUZ']],
    ['MA', ['MA', 'MARIA']],
  ])('%p is filed under %p', (part, keys) => {
    expect(personPartKeys(part)).toEqual(keys);
  });
});

describe('oneEditAway', () => {
  const edits = new Set(oneEditAway('GARCIA'));

  it.each(['GRACIA', 'GARSIA', 'GARCA', 'GARCIAS', 'AGRCIA', 'GARCAI', 'XGARCIA'])('reaches %p', (typo) => {
    expect(edits.has(typo)).toBe(true);
  });

  it('reaches nothing two edits away', () => {
    for (const edit of edits) expect(damerauLevenshtein(edit, 'GARCIA')).toBeLessThanOrEqual(1);
  });
});

describe('special keys', () => {
  it('cannot collide with a folded word', () => {
    expect(noMaternalKey(1)).toBe('#1');
    expect(noMaternalKey(7)).toBe('#3');
    expect(bornKey(5)).toBe('#05');
    expect(bornKey(68)).toBe('#68');
  });
});
