import { isEmptyDelta, versionDelta } from './version-delta';

const v = (...pairs: Array<[string, string]>) => pairs.map(([key, fingerprint]) => ({ key, fingerprint }));

describe('versionDelta (by key and fingerprint)', () => {
  it.each([
    [
      'nothing changed',
      v(['1', 'a'], ['2', 'b']),
      v(['2', 'b'], ['1', 'a']),
      { added: [], changed: [], removed: [] },
    ],
    ['an added entry', v(['1', 'a']), v(['1', 'a'], ['2', 'b']), { added: ['2'], changed: [], removed: [] }],
    ['a changed fingerprint', v(['1', 'a']), v(['1', 'z']), { added: [], changed: ['1'], removed: [] }],
    ['a removed entry', v(['1', 'a'], ['2', 'b']), v(['1', 'a']), { added: [], changed: [], removed: ['2'] }],
    [
      'a first version: all added',
      [],
      v(['1', 'a'], ['2', 'b']),
      { added: ['1', '2'], changed: [], removed: [] },
    ],
    [
      'all at once',
      v(['1', 'a'], ['2', 'b'], ['3', 'c']),
      v(['1', 'a'], ['2', 'B'], ['4', 'd']),
      { added: ['4'], changed: ['2'], removed: ['3'] },
    ],
  ])('%s', (_name, previous, current, expected) => {
    const delta = versionDelta(previous, current);
    expect(delta).toEqual(expected);
    expect(isEmptyDelta(delta)).toBe(
      expected.added.length + expected.changed.length + expected.removed.length === 0,
    );
  });
});
