import { processOfSource, WATCH_LIST_SOURCES } from '@app/domain';
import { WatchListRepository } from '@app/persistence';
import { WatchListsDto } from './dto/watch-lists.dto';

/** `GET /watch-lists` (docs/watch-lists.md): every source, with the version screenings read now. */
export class ListWatchListsUseCase {
  constructor(private readonly versions: WatchListRepository) {}

  async execute(): Promise<WatchListsDto> {
    const active = await this.versions.activeVersions();
    return {
      data: WATCH_LIST_SOURCES.map((source) => {
        const row = active.find((v) => v.source === source);
        return {
          source,
          process: processOfSource(source),
          active: row
            ? {
                version: row.version,
                asOf: row.asOf,
                importedAt: row.importedAt.toISOString(),
                rows: row.rows,
                entries: row.entries,
                redacted: row.redacted,
                sha256: row.sha256,
              }
            : null,
        };
      }),
    };
  }
}
