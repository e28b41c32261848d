import { decideImport, isActiveVersion } from './import-rules';

const active = { version: 4, sha256: 'abc', entries: 1000 };

describe('decideImport', () => {
  it.each([
    [
      'the first version of a source',
      { sha256: 'x', rows: 10, entries: 10 },
      null,
      false,
      { kind: 'activate' },
    ],
    [
      'the active version again',
      { sha256: 'abc', rows: 10, entries: 10 },
      active,
      false,
      { kind: 'unchanged', version: 4 },
    ],
    ['files without data rows', { sha256: 'x', rows: 0, entries: 0 }, null, false, { kind: 'refuse' }],
    [
      'files whose rows make no entry',
      { sha256: 'x', rows: 5, entries: 0 },
      active,
      true,
      { kind: 'refuse' },
    ],
    [
      '80 % of the active entries',
      { sha256: 'x', rows: 800, entries: 800 },
      active,
      false,
      { kind: 'activate' },
    ],
    [
      'fewer than 80 % of the active entries',
      { sha256: 'x', rows: 799, entries: 799 },
      active,
      false,
      { kind: 'refuse' },
    ],
    [
      'fewer than 80 % with --force',
      { sha256: 'x', rows: 10, entries: 10 },
      active,
      true,
      { kind: 'activate' },
    ],
    [
      'files older than the active version',
      { sha256: 'x', rows: 1000, entries: 1000, asOf: '2018-05-02' },
      { ...active, asOf: '2026-02-27' },
      false,
      { kind: 'refuse' },
    ],
    [
      'files older than the active version, with --force',
      { sha256: 'x', rows: 1000, entries: 1000, asOf: '2018-05-02' },
      { ...active, asOf: '2026-02-27' },
      true,
      { kind: 'activate' },
    ],
    [
      'files of the same date as the active version',
      { sha256: 'x', rows: 1000, entries: 1000, asOf: '2026-02-27' },
      { ...active, asOf: '2026-02-27' },
      false,
      { kind: 'activate' },
    ],
    [
      'files without a date over a dated version (nothing tells them older)',
      { sha256: 'x', rows: 1000, entries: 1000, asOf: null },
      { ...active, asOf: '2026-02-27' },
      false,
      { kind: 'activate' },
    ],
    [
      'dated files over a version without a date',
      { sha256: 'x', rows: 1000, entries: 1000, asOf: '2018-05-02' },
      { ...active, asOf: null },
      false,
      { kind: 'activate' },
    ],
    [
      'more entries than the active version',
      { sha256: 'x', rows: 2000, entries: 1500 },
      active,
      false,
      { kind: 'activate' },
    ],
  ] as const)('%s', (_case, read, current, force, expected) => {
    expect(decideImport(read, current, force)).toMatchObject(expected);
  });

  it('says why an older file is refused, naming the active version and its date', () => {
    const decision = decideImport(
      { sha256: 'x', rows: 1000, entries: 1000, asOf: '2018-05-02' },
      { ...active, asOf: '2026-02-27' },
      false,
    );
    expect(decision).toEqual({
      kind: 'refuse',
      reason:
        'The files are dated 2018-05-02: older than the active version 4, as of 2026-02-27. Use --force to import them anyway.',
    });
  });

  it('says why a shrunken file is refused and how to import it anyway', () => {
    const decision = decideImport({ sha256: 'x', rows: 100, entries: 100 }, active, false);
    expect(decision).toEqual({
      kind: 'refuse',
      reason: expect.stringMatching(/100 entries, fewer than 80 % of the active version 4 \(1000\).*--force/),
    });
  });
});

describe('isActiveVersion', () => {
  it.each([
    ['abc', active, true],
    ['abd', active, false],
    ['abc', null, false],
  ] as const)('%s against %j is %s', (sha, current, expected) => {
    expect(isActiveVersion(sha, current)).toBe(expected);
  });
});
