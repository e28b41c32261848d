import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Audited, byParam } from '../audit/audited';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { ApiErrors } from '../docs/api-errors.decorator';
import { BLOCKED_REQUEST_410 } from '../docs/retention-errors';
import { ApiTag } from '../docs/tags';
import {
  CreateDisputeDto,
  CreateReviewDto,
  DisputeDto,
  DisputeListDto,
  ReviewDto,
  ReviewListDto,
} from './dto/reviews.dto';
import { DISPUTE_400, DISPUTE_EXAMPLES, REVIEW_400, REVIEW_EXAMPLES } from './reviews.examples';
import { PROCESS_NOT_FOUND, REQUEST_NOT_FOUND, ReviewsUseCase } from './reviews.use-case';

const REQUEST_UUID = { name: 'uuid', format: 'uuid', description: 'The uuid returned at registration' };
const PROCESS_ID = {
  name: 'processId',
  format: 'uuid',
  description:
    'The `id` of a finished list process (Peps, Listas negras del SAT, Global Watch List) or of BGC Legal',
};
const NOT_FOUND = {
  status: 404,
  description: 'No candidate request of your clients has this uuid (or no process of it this id)',
  example: { code: 404, message: REQUEST_NOT_FOUND },
};
const PROCESS_404 = { ...NOT_FOUND, example: { code: 404, message: PROCESS_NOT_FOUND } };

/**
 * Reviews of findings and the candidate's disputes (docs/reviews.md): a person decides on each
 * match of a list process and each person BGC Legal found; the decision recomputes the process's
 * and the request's reviewed result, and is remembered when the request runs again.
 */
@ApiTag('Reviews')
@ApiBearerAuth('bearer')
@Controller('candidate-requests')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsUseCase) {}

  @MinimumRole('analyst')
  @Audited('candidate_request', byParam('uuid'))
  @Post(':uuid/processes/:processId/reviews')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'reviewFinding',
    summary: 'Decide on a finding of a process',
    description:
      'A finding is one of the process summary\'s `matches` (`source`, `entryId`) or, for BGC Legal, one of its `persons` (`source: "legal-records"`, the person\'s `entryId`). ' +
      "`dismissed` findings stop counting: the process's `review.reviewedResult` and the request's `reviewedResult` are worked out again over the rest, and a dismissed entry is not raised again for this request (its re-runs and its monitor) while it stays as it is. " +
      "A later review of the same finding replaces the earlier decision, and decides a dispute of it. Emits `candidate_request.review_changed` when the request's `reviewedResult` changes.",
  })
  @ApiParam(REQUEST_UUID)
  @ApiParam(PROCESS_ID)
  @ApiBody({ type: CreateReviewDto, examples: REVIEW_EXAMPLES })
  @ApiCreatedResponse({ description: 'The review as recorded', type: ReviewDto })
  @ApiErrors(REVIEW_400, 401, 403, PROCESS_404, BLOCKED_REQUEST_410, 413, { body: 'json' })
  review(
    @CurrentUser() user: AuthUser,
    @Param('uuid') uuid: string,
    @Param('processId') processId: string,
    @Body() body: CreateReviewDto,
  ) {
    return this.reviews.review(user, uuid, processId, body);
  }

  @MinimumRole('viewer')
  @Audited('candidate_request', byParam('uuid'))
  @Get(':uuid/processes/:processId/reviews')
  @ApiOperation({
    operationId: 'listFindingReviews',
    summary: 'Reviews of a process',
    description: "Every review of the process's findings, oldest first, with who decided and why.",
  })
  @ApiParam(REQUEST_UUID)
  @ApiParam(PROCESS_ID)
  @ApiOkResponse({ description: 'The reviews, oldest first', type: ReviewListDto })
  @ApiErrors(401, PROCESS_404, BLOCKED_REQUEST_410)
  list(@CurrentUser() user: AuthUser, @Param('uuid') uuid: string, @Param('processId') processId: string) {
    return this.reviews.list(user, uuid, processId);
  }

  @MinimumRole('analyst')
  @Audited('candidate_request', byParam('uuid'))
  @Post(':uuid/disputes')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'disputeFinding',
    summary: "Record the candidate's dispute of a finding",
    description:
      "The candidate says a finding of one of the request's finished processes is not them. Until a review of that finding made after the dispute decides it, " +
      'the match (or BGC Legal person) in the process detail carries `disputed: true`, the process\'s `review` carries `disputed: true`, and the report prints "en disputa". ' +
      'Emits `candidate_request.disputed`.',
  })
  @ApiParam(REQUEST_UUID)
  @ApiBody({ type: CreateDisputeDto, examples: DISPUTE_EXAMPLES })
  @ApiCreatedResponse({ description: 'The dispute, open', type: DisputeDto })
  @ApiErrors(DISPUTE_400, 401, 403, NOT_FOUND, BLOCKED_REQUEST_410, 413, { body: 'json' })
  dispute(@CurrentUser() user: AuthUser, @Param('uuid') uuid: string, @Body() body: CreateDisputeDto) {
    return this.reviews.dispute(user, uuid, body);
  }

  @MinimumRole('viewer')
  @Audited('candidate_request', byParam('uuid'))
  @Get(':uuid/disputes')
  @ApiOperation({
    operationId: 'listDisputes',
    summary: "The candidate's disputes of a request",
    description:
      'Every dispute, oldest first: `open` until a later review of its finding decides it, then `resolved`.',
  })
  @ApiParam(REQUEST_UUID)
  @ApiOkResponse({ description: 'The disputes, oldest first', type: DisputeListDto })
  @ApiErrors(401, NOT_FOUND, BLOCKED_REQUEST_410)
  disputes(@CurrentUser() user: AuthUser, @Param('uuid') uuid: string) {
    return this.reviews.disputes(user, uuid);
  }
}
