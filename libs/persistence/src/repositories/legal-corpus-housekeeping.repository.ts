import { Injectable } from '@nestjs/common';
import { SEARCH_RETENTION_DAYS } from '@app/domain';
import { DataSource } from 'typeorm';
import { CORPUS_LOCK } from '../legal-corpus/corpus-locks';
import { RETIRED_SET, SET_RETIREMENT_GRACE_SECONDS } from '../legal-corpus/legal-corpus.queries';
import { queryRows } from './executor';

/** Sets deleted per transaction: each takes its TOAST chunks along, so batches stay short. */
const SETS_PER_BATCH = 500;

/**
 * What loads and ingests leave behind, cleared in the background (the processor's hourly purge)
 * rather than in the ingest: match sets that stopped being current and that no search points at,
 * and replaced lawsuits no recoverable search can read any more. A batch runs only while no load
 * or ingest writes the corpus (a load's sets are not current until it finishes).
 */
@Injectable()
export class LegalCorpusHousekeepingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Answers how many sets and replaced lawsuits went; stops early when a writer holds the corpus.
   * `graceSeconds`: how long a set stays after it stopped being current (tests shorten it).
   */
  async purgeRetired(
    graceSeconds = SET_RETIREMENT_GRACE_SECONDS,
  ): Promise<{ sets: number; lawsuits: number }> {
    let sets = 0;
    for (;;) {
      const deleted = await this.asCorpusWriter((tx) =>
        queryRows(
          tx,
          `DELETE FROM legal_match_set
            WHERE id IN (SELECT ms.id FROM legal_match_set ms WHERE ${RETIRED_SET} LIMIT ${SETS_PER_BATCH})
           RETURNING 1`,
          [graceSeconds],
        ),
      );
      if (deleted === null) return { sets, lawsuits: 0 };
      sets += deleted.length;
      if (deleted.length < SETS_PER_BATCH) break;
    }
    const lawsuits = await this.asCorpusWriter((tx) =>
      queryRows(
        tx,
        `DELETE FROM legal_lawsuit_history h USING legal_corpus_load v
          WHERE v.version = h.until_version AND v.finished_at < clock_timestamp() - $1::int * interval '1 day'
         RETURNING 1`,
        [SEARCH_RETENTION_DAYS],
      ),
    );
    return { sets, lawsuits: lawsuits?.length ?? 0 };
  }

  /** `work` in a transaction holding CORPUS_LOCK.WRITE; null when a load or an ingest holds it. */
  private asCorpusWriter<T>(work: (tx: { query: DataSource['query'] }) => Promise<T>): Promise<T | null> {
    return this.dataSource.transaction(async (tx) => {
      const [{ free }]: Array<{ free: boolean }> = await tx.query(
        `SELECT pg_try_advisory_xact_lock($1) AS free`,
        [CORPUS_LOCK.WRITE],
      );
      return free ? work(tx) : null;
    });
  }
}
