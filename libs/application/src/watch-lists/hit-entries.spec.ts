import type { WatchListEntry } from '@app/domain';
import { HitEntries, type WantedEntry } from './hit-entries';

const listed = (key: string): WatchListEntry => ({
  source: 'peps',
  key,
  kind: 'person',
  names: [{ text: `Juan García ${key}`, order: 'given-first', alias: false }],
  rfcs: [],
  curps: [],
  birthDates: [],
  nationalities: [],
  gender: null,
  listStatus: 'Diputado federal',
  redacted: false,
  raw: { id: key },
});

/** The repository's read, in memory, each call recorded. */
class InMemoryEntries {
  reads: Array<{ keys: string[]; raw: boolean }> = [];

  entriesByKeys = async (
    wanted: ReadonlyArray<{ versionId: number; key: string }>,
    { raw }: { raw: boolean },
  ) => {
    this.reads.push({ keys: wanted.map((w) => `${w.versionId}/${w.key}`), raw });
    return wanted.map(({ key }) => ({ ...listed(key), raw: raw ? listed(key).raw : {} }));
  };
}

const wanted = (versionId: number, ...keys: string[]): WantedEntry[] =>
  keys.map((key) => ({ source: 'peps', versionId, key }));

describe('HitEntries', () => {
  let repository: InMemoryEntries;
  let entries: HitEntries;

  beforeEach(() => {
    repository = new InMemoryEntries();
    entries = new HitEntries(repository);
  });

  it('reads an entry without raw cells once: later screenings of it answer from memory', async () => {
    const first = await entries.read(wanted(1, 'Q1', 'Q2'), false);
    const second = await entries.read(wanted(1, 'Q2', 'Q3'), false);
    expect([...first.keys()]).toEqual(['peps/Q1', 'peps/Q2']);
    expect([...second.keys()].sort()).toEqual(['peps/Q2', 'peps/Q3']);
    expect(second.get('peps/Q2')).toMatchObject({ key: 'Q2', listStatus: 'Diputado federal', raw: {} });
    expect(repository.reads).toEqual([
      { keys: ['1/Q1', '1/Q2'], raw: false },
      { keys: ['1/Q3'], raw: false },
    ]);
  });

  it('asks nothing when every entry is kept', async () => {
    await entries.read(wanted(1, 'Q1'), false);
    await entries.read(wanted(1, 'Q1'), false);
    expect(repository.reads).toHaveLength(1);
  });

  it('reads raw cells every time (a list process shows them; they are most of an entry)', async () => {
    await entries.read(wanted(1, 'Q1'), false);
    for (let i = 0; i < 2; i++)
      expect((await entries.read(wanted(1, 'Q1'), true)).get('peps/Q1')?.raw).toEqual({ id: 'Q1' });
    expect(repository.reads.map((read) => read.raw)).toEqual([false, true, true]);
  });

  it('reads the next version’s entries afresh: the same key in another version is another entry', async () => {
    await entries.read(wanted(1, 'Q1'), false);
    await entries.read(wanted(2, 'Q1'), false);
    expect(repository.reads.map((read) => read.keys)).toEqual([['1/Q1'], ['2/Q1']]);
  });
});
