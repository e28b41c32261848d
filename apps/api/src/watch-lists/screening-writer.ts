import { StoredScreening, WatchListScreeningRepository } from '@app/persistence';
import { GroupCommit } from '@app/platform';
import { DataSource } from 'typeorm';

/**
 * Writes screenings without an Idempotency-Key with group commit, as registrations are: the
 * screenings that arrive while earlier ones are being written go to PostgreSQL together, in one
 * statement and one commit; one that fails in a group is written again alone.
 */
export class ScreeningWriter {
  private readonly commits = new GroupCommit<StoredScreening, void>(
    async (screenings) => {
      await this.screenings.insertScreenings(this.dataSource, screenings);
      return screenings.map(() => undefined);
    },
    // Two groups in flight keep PostgreSQL busy while the next group gathers.
    { maxBatch: 100, maxInFlight: 2, retryAlone: true },
  );

  constructor(
    private readonly screenings: WatchListScreeningRepository,
    private readonly dataSource: DataSource,
  ) {}

  write(screening: StoredScreening): Promise<void> {
    return this.commits.submit(screening);
  }
}
