import { envelope, Envelope } from '../common/envelope';
import { AnswerCodec, AnswerCodecs } from '../common/idempotency';
import { SearchDataDto } from './dto/search-result.dto';

function messageFor(outcome: string): string {
  if (outcome === 'FAILED')
    return 'The legal-records source did not answer in time: refine or repeat the search later.';
  if (outcome === 'EMPTY') return 'No person matches this name.';
  return 'Search completed.';
}

/** docs/behaviour.md: the search in the docs/behaviour.md envelope, its message saying how the search went. */
export const searchAnswer: AnswerCodec<SearchDataDto, Envelope<SearchDataDto>> = {
  answer: (search) => ({ statusCode: 200, body: envelope(search, messageFor(search.outcome)), headers: {} }),
  result: ({ body }) => (body as Envelope<SearchDataDto>).data,
};

/** What an Idempotency-Key record of the legal-records module keeps, per operation. */
export const LEGAL_RECORDS_ANSWERS: AnswerCodecs = { createLegalSearch: searchAnswer };
