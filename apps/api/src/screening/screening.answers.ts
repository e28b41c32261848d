import { envelope, Envelope } from '../common/envelope';
import { AnswerCodec, AnswerCodecs } from '../common/idempotency';
import { pagination } from '@app/domain';
import { PaginationDto } from '../common/pagination';
import { BatchAcceptedDto } from './dto/batch.dto';
import {
  CandidateInputAcceptedDto,
  ProcessDetailDto,
  ProcessNotFinishedDto,
  RequestOverviewDto,
  RequestSummaryDto,
} from './dto/overview.dto';
import { RegistrationAcceptedDto } from './dto/register-candidate.dto';
import { ProcessDetailResult } from './read-requests.use-case';
import { RegisteredRequest } from './register-candidate.use-case';

/**
 * How the screening controllers answer the results of their use cases over HTTP: the docs/behaviour.md
 * envelope, its body-level statuses (docs/behaviour.md's kept quirks), `Location` headers, and what an
 * Idempotency-Key record keeps of a registration.
 */

export const REGISTRATION_MESSAGE =
  'Candidate request registered: its processes run asynchronously; poll GET /candidate-requests/{uuid}.';

/** docs/behaviour.md: 202 with the request's uuid and its `Location`. */
export const registrationAnswer: AnswerCodec<RegisteredRequest, RegistrationAcceptedDto> = {
  answer: ({ requestId, packageId }) => {
    const body = { uuid: requestId, status: 'Pending', packageId, message: REGISTRATION_MESSAGE };
    return { statusCode: 202, body, headers: { Location: `/candidate-requests/${requestId}` } };
  },
  result: ({ body }) => {
    const { uuid, packageId } = body as RegistrationAcceptedDto;
    return { requestId: uuid, packageId };
  },
};

/** docs/behaviour.md: 202 with the batch's items and its `Location`. */
export const batchAnswer: AnswerCodec<BatchAcceptedDto, BatchAcceptedDto> = {
  answer: (batch) => ({
    statusCode: 202,
    body: batch,
    headers: { Location: `/candidate-request-batches/${batch.batchId}` },
  }),
  result: ({ body }) => body as BatchAcceptedDto,
};

/** What an Idempotency-Key record of the screening module keeps, per operation. */
export const SCREENING_ANSWERS: AnswerCodecs = {
  createCandidateRequest: registrationAnswer,
  createCandidateRequestBatch: batchAnswer,
};

export const REQUEST_NOT_FOUND = 'Candidate request not found';

/** docs/behaviour.md quirk kept by docs/behaviour.md: unknown (or another client's) answers HTTP 200 with statusCode 404. */
function notFound(): Envelope<Record<string, never>> {
  return { isSuccess: true, statusCode: 404, message: REQUEST_NOT_FOUND, data: {} };
}

export function overviewAnswer(
  overview: RequestOverviewDto | null,
): Envelope<RequestOverviewDto | Record<string, never>> {
  return overview ? envelope(overview) : notFound();
}

/**
 * docs/behaviour.md: an unknown request or process answers exactly as the overview's unknown request; a
 * process that has not finished answers the body-level 409.
 */
export function processDetailAnswer(
  found: ProcessDetailResult,
): Envelope<ProcessDetailDto | ProcessNotFinishedDto | Record<string, never>> {
  if (found.kind === 'not-found') return notFound();
  if (found.kind === 'finished') return envelope(found.detail);
  return {
    isSuccess: true,
    statusCode: 409,
    message: `The process has not finished yet (status: ${found.process.status}).`,
    data: found.process,
  };
}

export function requestListAnswer(
  list: { requests: RequestSummaryDto[]; total: number },
  query: { page: number; limit: number },
): Envelope<RequestSummaryDto[]> & { meta: { pagination: PaginationDto } } {
  return {
    ...envelope(list.requests),
    meta: { pagination: pagination(list.total, query.page, query.limit) },
  };
}

export function candidateInputAnswer(
  accepted: CandidateInputAcceptedDto,
): Envelope<CandidateInputAcceptedDto> {
  return envelope(accepted, 'Candidate input accepted: the process is running.', 202);
}
