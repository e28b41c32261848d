import { MonitorIndex } from './reverse-screening';

// No miss and the narrowing, over the matcher's labelled pairs (test data, which the domain does not
// import): libs/testing/src/watch-lists/quality/monitor-index.spec.ts.

describe('MonitorIndex (reverse screening)', () => {
  it('finds a monitor by an identifier alone, and never through a redacted entry', () => {
    const byRfc = new MonitorIndex().add([
      { monitorId: 'm', subject: { kind: 'person', name: 'Ana', lastName: 'Ruiz', rfc: 'AIMO6811069F7' } },
    ]);
    const entry = {
      kind: 'person' as const,
      names: [{ text: 'SOMEONE ELSE, Entirely', order: 'surnames-comma-given' as const, alias: false }],
      rfcs: ['AIMO6811069F7'],
      curps: [],
      birthDates: [],
      nationalities: [],
      gender: null,
      redacted: false,
    };
    expect([...byRfc.candidatesFor(entry)]).toEqual(['m']);
    expect([...byRfc.candidatesFor({ ...entry, redacted: true })]).toEqual([]);
  });

  it('files monitors in several segments and finds them in each', () => {
    const split = new MonitorIndex()
      .add([
        {
          monitorId: 'a',
          subject: { kind: 'person', name: 'Oscar', lastName: 'Aispuro', secondLastName: 'Moreno' },
        },
      ])
      .add([
        {
          monitorId: 'b',
          subject: { kind: 'person', name: 'Oscar', lastName: 'Aispuro', secondLastName: 'Moreno' },
        },
      ]);
    const entry = {
      kind: 'person' as const,
      names: [{ text: 'AISPURO MORENO, Oscar', order: 'surnames-comma-given' as const, alias: false }],
      rfcs: [],
      curps: [],
      birthDates: [],
      nationalities: [],
      gender: null,
      redacted: false,
    };
    expect(split.segmentCount).toBe(2);
    expect([...split.candidatesFor(entry)].sort()).toEqual(['a', 'b']);
  });
});
