import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromJsonLines, generateLabelledPairs, PAIR_CATEGORIES, toJsonLines } from './labelled-pairs';

const FILE = join(__dirname, 'labelled-pairs.jsonl');
const committed = readFileSync(FILE, 'utf8');

describe('the labelled pairs file', () => {
  it('is what the generator writes (regenerate with `node scripts/watch-list-pairs.js` after a build)', () => {
    expect(committed).toBe(toJsonLines(generateLabelledPairs()));
  });

  const pairs = fromJsonLines(committed);

  it('holds at least 1,000 pairs, each with a distinct id, a construction and a label', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(pairs.length);
    for (const pair of pairs) {
      expect(typeof pair.sameParty).toBe('boolean');
      expect(pair.construction.length).toBeGreaterThan(10);
    }
  });

  it.each(PAIR_CATEGORIES)('has pairs of category %s', (category) => {
    expect(pairs.filter((pair) => pair.category === category).length).toBeGreaterThanOrEqual(30);
  });

  it('has hard negatives as well as positives', () => {
    const negatives = (category: string) =>
      pairs.filter((p) => p.category === category && !p.sameParty).length;
    for (const category of [
      'namesake',
      'common-surname',
      'maternal-differs',
      'near-name',
      'given-names',
      'alias',
      'entity',
    ])
      expect(negatives(category)).toBeGreaterThanOrEqual(15);
    expect(pairs.filter((pair) => pair.sameParty).length).toBeGreaterThan(pairs.length / 2);
  });

  it('writes entries as the readers do (a source, a key, names with an order)', () => {
    for (const { entry } of pairs) {
      expect(entry.source).toMatch(/^(sat-69|sat-69b|ofac-sdn|un-consolidated|peps)$/);
      expect(entry.key).not.toBe('');
      expect(entry.names.length).toBeGreaterThan(0);
      for (const name of entry.names)
        expect(name.order).toMatch(
          /^(given-first|surnames-first|surnames-comma-given|parts|entity|unknown)$/,
        );
    }
  });
});
