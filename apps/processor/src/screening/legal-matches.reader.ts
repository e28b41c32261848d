import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { givenNameWords, LegalMatchSummary, normalizeName } from '@app/domain';
import { CandidateRow, summarizeForScreening } from '@app/persistence';

/**
 * The port through which BGC Legal reads the legal-records corpus with the same matching rules
 * as the search (internal use: nothing is stored or billed). A company has no person record.
 */
@Injectable()
export class LegalMatchesReader {
  constructor(private readonly dataSource: DataSource) {}

  async summaryFor(candidate: CandidateRow): Promise<LegalMatchSummary> {
    if (candidate.personType === 'corporate' || !candidate.name || !candidate.lastName)
      return { lawsuitsFound: 0, asDefendant: 0, categories: [] };
    return summarizeForScreening(this.dataSource, {
      givenWords: givenNameWords(candidate.name),
      lastName: normalizeName(candidate.lastName),
      secondLastName: candidate.secondLastName ? normalizeName(candidate.secondLastName) : undefined,
    });
  }
}
