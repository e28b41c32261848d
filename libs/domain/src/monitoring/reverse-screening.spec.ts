import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithEntry } from '../watch-lists/matching/compare';
import { fromJsonLines } from '../watch-lists/matching/quality/labelled-pairs';
import { MonitorIndex } from './reverse-screening';

const PAIRS = fromJsonLines(
  readFileSync(join(__dirname, '../watch-lists/matching/quality/labelled-pairs.jsonl'), 'utf8'),
);

describe('MonitorIndex (reverse screening)', () => {
  // Every labelled candidate is a monitor; every labelled entry is a changed entry.
  const index = new MonitorIndex().add(PAIRS.map((pair) => ({ monitorId: pair.id, subject: pair.subject })));

  it('names every monitor the matcher rates match or possible_match for an entry (no miss)', () => {
    const missed: string[] = [];
    for (const pair of PAIRS) {
      if (compareWithEntry(pair.subject, pair.entry).decision === 'no_match') continue;
      if (!index.candidatesFor(pair.entry).has(pair.id)) missed.push(pair.id);
    }
    expect(missed).toEqual([]);
  });

  it('narrows: an entry concerns a few monitors, not every monitor', () => {
    const counts = PAIRS.map((pair) => index.candidatesFor(pair.entry).size);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(index.size).toBe(PAIRS.length);
    expect(mean).toBeLessThan(PAIRS.length * 0.05);
  });

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
