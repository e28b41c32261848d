import { processOfSource, WATCH_LIST_SOURCES } from '@app/domain';
import type { WatchListRepository, WatchListVersionRow } from '@app/persistence';
import { ListWatchListsUseCase } from './list-watch-lists.use-case';

const ACTIVE: WatchListVersionRow = {
  id: 7,
  source: WATCH_LIST_SOURCES[0],
  version: 3,
  asOf: '2026-10-31',
  sha256: 'a'.repeat(64),
  importedAt: new Date('2026-11-01T10:00:00Z'),
  rows: 12,
  entries: 10,
  redacted: 2,
  rejected: 0,
  status: 'active',
  reason: null,
};

describe('ListWatchListsUseCase', () => {
  it('lists every source of the catalogue with its process, and the active version where there is one', async () => {
    const versions = { activeVersions: async () => [ACTIVE] };
    const { data } = await new ListWatchListsUseCase(versions as unknown as WatchListRepository).execute();
    expect(data.map((list) => [list.source, list.process])).toEqual(
      WATCH_LIST_SOURCES.map((source) => [source, processOfSource(source)]),
    );
    expect(data[0].active).toEqual({
      version: 3,
      asOf: '2026-10-31',
      importedAt: '2026-11-01T10:00:00.000Z',
      rows: 12,
      entries: 10,
      redacted: 2,
      sha256: 'a'.repeat(64),
    });
    expect(data.slice(1).map((list) => list.active)).toEqual(WATCH_LIST_SOURCES.slice(1).map(() => null));
  });
});
