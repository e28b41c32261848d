import type { WatchListEntry } from './entry';
import { entryFingerprint } from './entry-fingerprint';

const base: WatchListEntry = {
  source: 'ofac-sdn',
  key: '36216',
  kind: 'person',
  names: [
    {
      text: 'AISPURO MORENO, Oscar',
      order: 'surnames-comma-given',
      given: 'Oscar',
      surnames: 'AISPURO MORENO',
      alias: false,
    },
  ],
  rfcs: ['AIMO6811069F7'],
  curps: [],
  birthDates: ['1968-11-06'],
  nationalities: ['MX'],
  gender: 'H',
  listStatus: 'SDNTK',
  redacted: false,
  raw: { remarks: 'DOB 06 Nov 1968' },
};

describe('entryFingerprint', () => {
  it('is the same for the same screened facts, whatever the raw cells say', () => {
    expect(entryFingerprint({ ...base, raw: { remarks: 'other text', extra: 1 } })).toBe(
      entryFingerprint(base),
    );
  });

  it.each<[string, Partial<WatchListEntry>]>([
    [
      'a new alias',
      { names: [...base.names, { text: 'AISPURO, Oscar', order: 'surnames-comma-given', alias: true }] },
    ],
    ['a changed RFC', { rfcs: ['AIMO6811069F8'] }],
    ['a new CURP', { curps: ['AIMO681106HCHRRS01'] }],
    ['another birth date', { birthDates: ['1968-11-07'] }],
    ['another list status', { listStatus: 'SDNTK; ILLICIT-DRUGS-EO14059' }],
    ['another nationality', { nationalities: ['GT'] }],
    ['another gender', { gender: 'M' }],
    ['redaction', { redacted: true }],
  ])('changes with %s', (_case, change) => {
    expect(entryFingerprint({ ...base, ...change })).not.toBe(entryFingerprint(base));
  });
});
