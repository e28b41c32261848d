import { Injectable } from '@nestjs/common';
import { givenNameWords, LegalMatchSummary, normalizeName } from '@app/domain';
import { CandidateRow, LegalRecordsSource } from '@app/persistence';

/**
 * BGC Legal's view of the legal-records corpus: the search's source port with the same matching
 * rules (internal use: nothing is stored or billed). A company has no person record. A source that
 * fails or times out throws, so the job retries with backoff like any other provider call.
 */
@Injectable()
export class LegalRecordsReader {
  constructor(private readonly source: LegalRecordsSource) {}

  summaryFor(candidate: CandidateRow): Promise<LegalMatchSummary> {
    if (candidate.personType === 'corporate' || !candidate.name || !candidate.lastName)
      return Promise.resolve({ lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] });
    return this.source.screeningSummary({
      givenWords: givenNameWords(candidate.name),
      lastName: normalizeName(candidate.lastName),
      secondLastName: candidate.secondLastName ? normalizeName(candidate.secondLastName) : undefined,
    });
  }
}
