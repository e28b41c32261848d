import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ListChecked, ListMatch, WatchListSource } from '@app/domain';
import { SqlExecutor } from './executor';
import { GroupCommit } from './group-commit';
import { INSERT_SCREENINGS } from './hot-statements';
import { claimKey, IdempotencyClaim, IdempotencyRepository, StoredResponse } from './idempotency.repository';

/** An ad-hoc screening as kept: what was answered, never who was screened. */
export interface StoredScreening {
  id: string;
  clientId: string;
  userId: string;
  sources: readonly WatchListSource[];
  listsChecked: readonly ListChecked[];
  matches: readonly ListMatch[];
}

/** One screening to write, and its Idempotency-Key claim if any. */
export interface ScreeningWrite {
  screening: StoredScreening;
  /** With an Idempotency-Key: the key, the request's hash and the answer the key keeps. */
  claim?: IdempotencyClaim;
}

/** Written; or not, because the key's earlier request keeps this answer. */
export type WrittenScreening = { written: true } | { written: false; kept: StoredResponse };

/**
 * Group commit of screenings: those arriving while earlier statements run go together in the next
 * one. No timer: an idle api writes a screening at once.
 * - SCREENINGS_PER_STATEMENT: 100 screenings (with their matches as JSON) still write in a few
 *   milliseconds; larger groups only make their callers wait longer.
 * - STATEMENTS_IN_FLIGHT: two keep PostgreSQL busy while the next group gathers.
 */
const SCREENINGS_PER_STATEMENT = 100;
const STATEMENTS_IN_FLIGHT = 2;

/** `POST /watch-lists/screenings` (docs/watch-lists.md). */
@Injectable()
export class WatchListScreeningRepository {
  /** One that fails in a group is written again alone, so its error is its own. */
  private readonly screenings = new GroupCommit<ScreeningWrite, WrittenScreening>(
    (writes) => this.writeMany(writes),
    {
      maxBatch: SCREENINGS_PER_STATEMENT,
      maxInFlight: STATEMENTS_IN_FLIGHT,
      retryAlone: true,
      // Two claims of one key never share a statement: the later one must see the earlier's answer.
      keyOf: (write) => (write.claim ? claimKey(write.claim) : write.screening.id),
    },
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  /**
   * Stores a screening and its one charge atomically, and with an Idempotency-Key its claim
   * (docs/behaviour.md), as `CandidateRequestRepository.writeRegistration` does: a key already claimed
   * within its lifetime writes nothing and answers the answer it keeps (a request still running
   * with it is waited for).
   */
  writeScreening(write: ScreeningWrite): Promise<WrittenScreening> {
    return this.screenings.submit(write);
  }

  private async writeMany(writes: ScreeningWrite[]): Promise<WrittenScreening[]> {
    // Without keys, one statement and no transaction: the hot path.
    if (writes.every((w) => !w.claim)) {
      await this.insertScreenings(this.dataSource, writes);
      return writes.map(() => ({ written: true }));
    }
    return this.dataSource.transaction(async (tx) => {
      const claimed = await this.idempotency.claimAnswered(
        tx,
        writes.flatMap((w) => (w.claim ? [w.claim] : [])),
      );
      const isClaimed = (w: ScreeningWrite) => !w.claim || claimed.has(claimKey(w.claim));
      await this.insertScreenings(tx, writes.filter(isClaimed));
      const answers: WrittenScreening[] = [];
      for (const w of writes)
        answers.push(
          isClaimed(w)
            ? { written: true }
            : { written: false, kept: await this.idempotency.stored(tx, w.claim!) },
        );
      return answers;
    });
  }

  /** Screenings and their one charge each in one statement. */
  private async insertScreenings(executor: SqlExecutor, writes: readonly ScreeningWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await INSERT_SCREENINGS.query(executor, { screenings: writes.map((w) => w.screening) });
  }
}
