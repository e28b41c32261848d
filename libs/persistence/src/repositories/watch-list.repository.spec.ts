import type { WatchListEntry } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { type ImportFacts, WatchListRepository } from './watch-list.repository';

const db = mediumDatabase();

describe('WatchListRepository (medium)', () => {
  let repo: WatchListRepository;
  const entry = (key: string, over: Partial<WatchListEntry> = {}): WatchListEntry => ({
    source: 'ofac-sdn',
    key,
    kind: 'person',
    names: [{ text: 'PEREZ LOPEZ, Juan', order: 'surnames-comma-given', alias: false }],
    rfcs: ['PELJ900517AB1'],
    curps: [],
    birthDates: ['1990-05-17'],
    nationalities: ['MX'],
    gender: 'H',
    listStatus: 'SDNTK',
    redacted: false,
    // A tab, a newline and a backslash: COPY's text format escapes them.
    raw: { remarks: 'a\tb\nc\\d' },
    ...over,
  });
  const facts = (sha256: string, over: Partial<ImportFacts> = {}): ImportFacts => ({
    source: 'ofac-sdn',
    asOf: '2026-03-01',
    sha256,
    files: ['sdn.xml'],
    rows: 2,
    entries: 2,
    redacted: 0,
    rejected: [{ line: 7, file: 'sdn.xml', reason: 'no name' }],
    ...over,
  });

  beforeAll(() => {
    repo = new WatchListRepository(db.dataSource);
  });

  it('activeVersion, hasAnyVersion and activeVersions: nothing before an import', async () => {
    const { result, sql } = await db.record(() => repo.activeVersion('ofac-sdn'));
    expect(result).toBeNull();
    const any = await db.record(() => repo.hasAnyVersion('ofac-sdn'));
    expect(any.result).toBe(false);
    const all = await db.record(() => repo.activeVersions());
    expect(all.result).toEqual([]);
    expect({ activeVersion: sql, hasAnyVersion: any.sql, activeVersions: all.sql }).toMatchSnapshot();
  });

  it('activateVersion: the version, its entries by COPY and the hook in one transaction; the same files again are unchanged', async () => {
    const hooked: Array<number | null> = [];
    const { result, sql } = await db.record(() =>
      repo.activateVersion(
        facts('sha-1'),
        [entry('100'), entry('200', { deceased: true })],
        async (_tx, versionId, previous) => {
          hooked.push(versionId, previous?.version ?? null);
        },
      ),
    );
    expect(result).toEqual({ kind: 'activated', version: 1, versionId: expect.any(Number) });
    expect(hooked).toEqual([result.kind === 'activated' ? result.versionId : -1, null]);
    expect(await repo.activeVersion('ofac-sdn')).toMatchObject({
      source: 'ofac-sdn',
      version: 1,
      asOf: '2026-03-01',
      sha256: 'sha-1',
      rows: 2,
      entries: 2,
      rejected: 1,
      status: 'active',
      reason: null,
    });
    expect(await repo.activateVersion(facts('sha-1'), [])).toEqual({ kind: 'unchanged', version: 1 });
    expect(await repo.hasAnyVersion('ofac-sdn')).toBe(true);
    expect(sql).toMatchSnapshot();
  });

  it('recordRefusal: a refused version; the active one stays', async () => {
    const { result, sql } = await db.record(() => repo.recordRefusal(facts('sha-bad'), 'too few entries'));
    expect(result).toBe(2);
    expect((await repo.activeVersion('ofac-sdn'))?.sha256).toBe('sha-1');
    const [row] = await db.rows(
      `SELECT status, reason FROM watch_list_version WHERE version = 2 AND source = 'ofac-sdn'`,
    );
    expect(row).toEqual({ status: 'refused', reason: 'too few entries' });
    expect(sql).toMatchSnapshot();
  });

  it('indexedEntries and entriesByKeys: the entries as stored, raw cells only when asked', async () => {
    const active = (await repo.activeVersion('ofac-sdn'))!;
    const pages: string[][] = [];
    const { sql } = await db.record(async () => {
      for await (const page of repo.indexedEntries(active.id)) pages.push(page.map((e) => e.key));
    });
    expect(pages).toEqual([['100', '200']]);
    const { raw: _raw, ...indexed } = entry('100');
    const withRaw = await db.record(() =>
      repo.entriesByKeys([{ versionId: active.id, key: '100' }], { raw: true }),
    );
    expect(withRaw.result).toEqual([{ ...indexed, raw: { remarks: 'a\tb\nc\\d' } }]);
    const [noRaw] = await repo.entriesByKeys([{ versionId: active.id, key: '200' }], { raw: false });
    expect(noRaw).toMatchObject({ key: '200', deceased: true, raw: {} });
    expect(await repo.entriesByKeys([], { raw: true })).toEqual([]);
    expect({ indexedEntries: sql, entriesByKeys: withRaw.sql }).toMatchSnapshot();
  });

  it('activateVersion: a new version supersedes the active one', async () => {
    const result = await repo.activateVersion(facts('sha-2', { rejected: [] }), [entry('300')]);
    expect(result).toMatchObject({ kind: 'activated', version: 3 });
    const versions = await db.rows(
      `SELECT version, status FROM watch_list_version WHERE source = 'ofac-sdn' ORDER BY version`,
    );
    expect(versions).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'refused' },
      { version: 3, status: 'active' },
    ]);
    expect((await repo.activeVersions()).map((v) => v.sha256)).toEqual(['sha-2']);
  });
});
