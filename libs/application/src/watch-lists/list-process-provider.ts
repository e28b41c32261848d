import {
  CandidateIdentity,
  entryFingerprint,
  isDismissed,
  fieldComparer,
  listMatchOf,
  listProcessResult,
  ProcessName,
  ProcessProvider,
  ProviderAnswer,
  ProviderContext,
  ProviderRawDetails,
  rankedHits,
  subjectOfCandidate,
  watchListSourcesOf,
  WatchListScreeningSummary,
} from '@app/domain';
import { ActiveWatchLists } from './active-watch-lists';

/** `rawDetails.provider` of the list processes. */
export const LIST_PROVIDER = 'watch-lists';

/**
 * The provider port as the processor sees it: the processes the catalogue says answer from list
 * files (Peps, Listas negras del SAT, Global Watch List) screen the candidate against the active
 * versions of their lists; every other process goes to `providers` (the sandbox today).
 */
export class ListProcessProvider extends ProcessProvider {
  constructor(
    private readonly lists: ActiveWatchLists,
    private readonly providers: ProcessProvider,
  ) {
    super();
  }

  async call(
    processName: ProcessName,
    candidate: CandidateIdentity,
    context: ProviderContext,
  ): Promise<ProviderAnswer> {
    const sources = watchListSourcesOf(processName);
    if (sources.length === 0) return this.providers.call(processName, candidate, context);
    const requestedAt = new Date();
    const subject = subjectOfCandidate(candidate);
    const read = await this.lists.screen(subject, sources, { limit: 100, raw: true });
    const dismissed = context.dismissed ?? [];
    const screening = dismissed.length
      ? {
          ...read,
          hits: read.hits.filter(
            (hit) =>
              !isDismissed(
                dismissed,
                { source: hit.entry.source, entryId: hit.entry.key },
                entryFingerprint(hit.entry),
              ),
          ),
        }
      : read;
    const shown = rankedHits(screening.hits) as typeof screening.hits;
    const compare = fieldComparer(subject);
    const summary: WatchListScreeningSummary = {
      listsChecked: screening.listsChecked,
      // Nothing is disputed yet: the process detail answers each match's dispute as it stands.
      matches: shown.map((hit) => ({ ...listMatchOf(hit, compare), disputed: false })),
    };
    return {
      result: listProcessResult(screening.hits, screening.missing),
      summary,
      rawDetails: {
        provider: LIST_PROVIDER,
        reference: screening.listsChecked.map((l) => `${l.source}@${l.version}`).join(',') || null,
        requestedAt: requestedAt.toISOString(),
        answeredAt: new Date().toISOString(),
        // Each matched entry as imported, best first, and the lists that had no version to read.
        payload: {
          listsChecked: screening.listsChecked,
          listsWithoutVersion: screening.missing,
          entries: shown.map((hit) => hit.entry),
        },
      },
    };
  }

  unanswered(processName: ProcessName, requestedAt: Date, error: unknown): ProviderRawDetails {
    if (watchListSourcesOf(processName).length === 0)
      return this.providers.unanswered(processName, requestedAt, error);
    return {
      provider: LIST_PROVIDER,
      reference: null,
      requestedAt: requestedAt.toISOString(),
      answeredAt: new Date().toISOString(),
      payload: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
