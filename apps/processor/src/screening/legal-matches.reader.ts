import { Injectable } from '@nestjs/common';
import { LegalMatchSummary } from '@app/domain';
import { CandidateRow } from '@app/persistence';

/**
 * Port through which BGC Legal reads the legal-records corpus (internal use, never billed).
 * Until the corpus is wired, it reports nothing and the sandbox derives the answer itself.
 */
@Injectable()
export class LegalMatchesReader {
  async summaryFor(_candidate: CandidateRow): Promise<LegalMatchSummary | undefined> {
    return undefined;
  }
}
