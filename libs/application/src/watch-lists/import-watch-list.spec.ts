import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_RECORD_CHARACTERS } from '@app/adapters/watch-lists/record-limits';
import type { ImportFacts, WatchListRepository } from '@app/persistence/repositories/watch-list.repository';
import { ImportWatchList, readListFiles } from './import-watch-list';

/** The versions table in memory: what was recorded as refused, and why. */
class InMemoryVersions {
  readonly refused: Array<{ facts: ImportFacts; reason: string }> = [];
  readonly activated: ImportFacts[] = [];

  async activeVersion() {
    return null;
  }

  async recordRefusal(facts: ImportFacts, reason: string): Promise<number> {
    this.refused.push({ facts, reason });
    return this.refused.length;
  }

  async activateVersion(facts: ImportFacts) {
    this.activated.push(facts);
    return { kind: 'activated' as const, version: 1 };
  }
}

describe('ImportWatchList: a line past the readers bound (the import CLI)', () => {
  it('records a refused version with the reason, and activates nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const path = join(dir, 'peps.jsonl');
    const person = JSON.stringify({ id: 'a', schema: 'Person', properties: { name: ['Juan Pérez'] } });
    writeFileSync(path, `${person}\n${'x'.repeat(MAX_RECORD_CHARACTERS + 1)}\n`);
    const versions = new InMemoryVersions();
    const importer = new ImportWatchList(
      versions as unknown as WatchListRepository,
      readListFiles,
      () => '2026-11-25',
    );

    const outcome = await importer.execute('peps', [path]);

    expect(outcome).toEqual({
      kind: 'refused',
      source: 'peps',
      version: 1,
      reason: expect.stringMatching(/^peps\.jsonl: line 2 is longer than 1,048,576 characters/),
    });
    expect(versions.refused).toEqual([
      {
        facts: expect.objectContaining({ source: 'peps', files: ['peps.jsonl'], rows: 0, entries: 0 }),
        reason: outcome.kind === 'refused' ? outcome.reason : '',
      },
    ]);
    expect(versions.activated).toEqual([]);
  });
});
