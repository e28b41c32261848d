import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MonitorIndex } from '@app/domain/monitoring/reverse-screening';
import { compareWithEntry } from '@app/domain/watch-lists/matching/compare';
import { fromJsonLines } from './labelled-pairs';

/** The monitors' reverse index (libs/domain/src/monitoring) over the matcher's labelled pairs. */
const PAIRS = fromJsonLines(readFileSync(join(__dirname, 'labelled-pairs.jsonl'), 'utf8'));

describe('MonitorIndex (reverse screening) on the labelled pairs', () => {
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
});
