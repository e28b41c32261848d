import { AnswerCodec, AnswerCodecs } from '../common/idempotency';
import { ListScreeningResultDto } from './dto/watch-lists.dto';

/** A screening's answer, kept for a replay of its Idempotency-Key. */
export const screeningAnswer: AnswerCodec<ListScreeningResultDto, ListScreeningResultDto> = {
  answer: (screening) => ({ statusCode: 200, body: screening, headers: {} }),
  result: ({ body }) => body as ListScreeningResultDto,
};

export const WATCH_LISTS_ANSWERS: AnswerCodecs = { screenWatchLists: screeningAnswer };
