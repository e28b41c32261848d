import { WATCH_LIST_SOURCES } from '@app/domain';
// Through the entry point the import takes (the adapters' barrel does not load the readers).
import { readWatchListFiles, WatchListFileRefused } from '@app/adapters/watch-lists';
import { fixture } from './golden-files.fixture';

describe('readWatchListFiles', () => {
  it.each([...WATCH_LIST_SOURCES])('refuses no file for %s', async (source) => {
    await expect(readWatchListFiles(source, [])).rejects.toEqual(
      new WatchListFileRefused('files', null, `no file given for ${source}`),
    );
  });

  it.each([
    ['sat-69b', 'sat-69b/Listado_completo_69-B.csv', 'Listado_completo_69-B.csv'],
    ['un-consolidated', 'un-consolidated/consolidated.xml', 'consolidated.xml'],
    ['peps', 'peps/entities.ftm.jsonl', 'a .jsonl file'],
  ] as const)('reads %s from one file only', async (source, file, single) => {
    await expect(readWatchListFiles(source, [fixture(file), fixture(file)])).rejects.toMatchObject({
      refusal: 'files',
      reason: `${source} reads one file (${single}); 2 were given`,
    });
  });

  it.each([...WATCH_LIST_SOURCES])('refuses a file of %s that cannot be opened', async (source) => {
    const missing = { path: fixture('no-such-dir/sdn.csv').path };
    await expect(readWatchListFiles(source, [missing])).rejects.toMatchObject({
      refusal: 'unreadable',
      file: 'sdn.csv',
      reason: expect.stringMatching(/^it cannot be opened \(ENOENT/),
    });
  });

  it('cites a file by the name it is given, not its path', async () => {
    const read = await readWatchListFiles('sat-69b', [
      { ...fixture('sat-69b/Listado_completo_69-B.csv'), name: 'lista-69b-2026-05.csv' },
    ]);
    expect(read.rejected[0].file).toBe('lista-69b-2026-05.csv');
  });
});
