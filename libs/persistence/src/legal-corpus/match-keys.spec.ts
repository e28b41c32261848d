import { givenNameWords, normalizeName } from '@app/domain';
import { matchKeys, pairKey, queryKeyOf } from './legal-corpus.queries';
import { categoriesNamed, categoriesOfMask, categoryMaskOf, statesNamed } from './vocabulary-filters';
import { CORPUS_CATEGORIES } from './vocabulary';

const query = (name: string, lastName?: string, secondLastName?: string) => ({
  givenWords: givenNameWords(name),
  lastName: lastName === undefined ? undefined : normalizeName(lastName),
  secondLastName: secondLastName === undefined ? undefined : normalizeName(secondLastName),
});

describe('matchKeys', () => {
  it.each([
    ['a pair is one key', query('Juan', 'Hernández'), ['gl:juan|hernandez']],
    ['a maternal surname alone', query('Guadalupe', undefined, 'Pérez'), ['gs:guadalupe|perez']],
    [
      'every given word with every surname, sorted',
      query('Luis  Alberto', 'Ramírez', 'de la Cruz'),
      ['gl:alberto|ramirez', 'gl:luis|ramirez', 'gs:alberto|de la cruz', 'gs:luis|de la cruz'],
    ],
    ['a repeated word counts once', query('Juan juan', 'López'), ['gl:juan|lopez']],
    ['no surname: nothing can match', query('Juan'), []],
  ])('%s', (_label, q, keys) => {
    expect(matchKeys(q)).toEqual(keys);
  });

  it('caches a pair under its one key, as the loader stores pair sets', () => {
    expect(queryKeyOf(matchKeys(query('MARÍA', ' hernández ')))).toBe(pairKey('gl', 'maria', 'hernandez'));
  });

  it('gives the same cache key whatever the order or spelling of the given words', () => {
    expect(queryKeyOf(matchKeys(query('Luis Alberto', 'Ramírez')))).toBe(
      queryKeyOf(matchKeys(query('ALBERTO luis', 'ramirez'))),
    );
  });
});

describe('vocabulary filters', () => {
  it('resolves normalized filter values to the corpus spellings', () => {
    expect(statesNamed(['nuevo leon', 'ciudad de mexico', 'atlantis'])).toEqual([
      'Ciudad de México',
      'Nuevo León',
    ]);
    expect(categoriesNamed(['penal', 'civil'])).toEqual(['Civil', 'Penal']);
    expect(statesNamed(['atlantis'])).toEqual([]);
  });

  it('turns categories into the bits of category_mask and back, alphabetically', () => {
    const mask = categoryMaskOf(['penal', 'administrativo']);
    expect(mask).toBe(
      (1 << CORPUS_CATEGORIES.indexOf('Penal')) | (1 << CORPUS_CATEGORIES.indexOf('Administrativo')),
    );
    expect(categoriesOfMask(mask)).toEqual(['Administrativo', 'Penal']);
    expect(categoryMaskOf(['unknown'])).toBe(0);
    expect(categoriesOfMask(0)).toEqual([]);
  });
});
