import { Injectable } from '@nestjs/common';
import { givenNameWords, LegalMatchSummary, normalizeName } from '@app/domain';
import { CandidateRow, LegalRecordsSource, MatchQuery } from '@app/persistence';
import { GroupCommit } from '@app/platform';

/**
 * BGC Legal's view of the legal-records corpus: the search's source port with the same matching
 * rules (internal use: nothing is stored or billed). A company has no person record. A source that
 * fails or times out throws, so the job retries with backoff like any other provider call.
 *
 * Candidates looked up at the same time share one call of the source.
 */
@Injectable()
export class LegalRecordsReader {
  private readonly lookups = new GroupCommit<MatchQuery, LegalMatchSummary>(
    async (queries) => {
      const answer = await this.source.screeningSummaries(queries);
      if (!answer.ok) throw new Error(`legal-records source: ${answer.reason}`);
      return answer.value;
    },
    // A failed call is the source's failure, not a candidate's: every job of the group retries.
    { maxBatch: 50, maxInFlight: 2, retryAlone: false },
  );

  constructor(private readonly source: LegalRecordsSource) {}

  summaryFor(candidate: CandidateRow): Promise<LegalMatchSummary> {
    if (candidate.personType === 'corporate' || !candidate.name || !candidate.lastName)
      return Promise.resolve({ lawsuitsFound: 0, asDefendant: 0, categories: [] });
    return this.lookups.submit({
      givenWords: givenNameWords(candidate.name),
      lastName: normalizeName(candidate.lastName),
      secondLastName: candidate.secondLastName ? normalizeName(candidate.secondLastName) : undefined,
    });
  }
}
