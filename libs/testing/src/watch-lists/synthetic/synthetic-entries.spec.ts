import { REAL_SIZES, syntheticEntries } from './synthetic-entries';

describe('syntheticEntries', () => {
  it('makes the same entries for the same seed', () => {
    expect([...syntheticEntries('ofac-sdn', 50)]).toEqual([...syntheticEntries('ofac-sdn', 50)]);
    expect([...syntheticEntries('ofac-sdn', 50, 1)]).not.toEqual([...syntheticEntries('ofac-sdn', 50, 2)]);
  });

  it('knows the real sizes of issue 24', () => {
    expect(REAL_SIZES).toEqual({
      'sat-69': 300_000,
      'sat-69b': 15_000,
      'ofac-sdn': 19_000,
      'un-consolidated': 1_000,
      peps: 50_000,
    });
  });

  it.each([
    ['sat-69', 'unknown'],
    ['ofac-sdn', 'surnames-comma-given'],
    ['un-consolidated', 'parts'],
    ['peps', 'given-first'],
  ] as const)('writes %s names as its reader does (%s)', (source, order) => {
    const entries = [...syntheticEntries(source, 300)];
    expect(entries).toHaveLength(300);
    expect(entries.some((entry) => entry.names[0].order === order)).toBe(true);
    expect(new Set(entries.map((entry) => entry.key)).size).toBeGreaterThan(290);
  });

  it('gives SDN about as many aliases as entries', () => {
    const entries = [...syntheticEntries('ofac-sdn', 2_000)];
    const aliases = entries.reduce((sum, entry) => sum + entry.names.filter((n) => n.alias).length, 0);
    expect(aliases / entries.length).toBeGreaterThan(0.8);
    expect(aliases / entries.length).toBeLessThan(1.4);
  });
});
