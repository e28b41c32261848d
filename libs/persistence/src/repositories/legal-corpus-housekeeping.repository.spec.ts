jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { CORPUS_LOCK } from '../legal-corpus/corpus-locks';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedMatchSet, seedSearch } from '../medium/seed.fixture';
import { LegalCorpusHousekeepingRepository } from './legal-corpus-housekeeping.repository';

const db = mediumDatabase();

describe('LegalCorpusHousekeepingRepository (medium)', () => {
  const set = () =>
    seedMatchSet(db, [{ uuid: randomUUID(), name: 'JUAN', count: 1, mask: 1, date: null, state: 'Jalisco' }]);
  const exists = async (id: string) =>
    (await db.rows(`SELECT 1 FROM legal_match_set WHERE id = $1`, [id])).length === 1;

  it('purgeRetired: sets no search points at and not current go; a searched one stays', async () => {
    const repo = new LegalCorpusHousekeepingRepository(db.dataSource);
    const retired = await set();
    const searched = await set();
    await seedSearch(db, { matchSetId: searched });
    const { result, sql } = await db.record(() => repo.purgeRetired(0));
    expect(result).toEqual({ sets: 1, lawsuits: 0 });
    expect(await exists(retired)).toBe(false);
    expect(await exists(searched)).toBe(true);
    expect(sql).toMatchSnapshot();
  });

  it('purgeRetired: does nothing while a load or an ingest holds the corpus', async () => {
    const repo = new LegalCorpusHousekeepingRepository(db.dataSource);
    const retired = await set();
    const result = await db.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [CORPUS_LOCK.WRITE]);
      return repo.purgeRetired(0);
    });
    expect(result).toEqual({ sets: 0, lawsuits: 0 });
    expect(await exists(retired)).toBe(true);
  });
});
