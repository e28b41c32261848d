import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { ApiErrors } from '../docs/api-errors.decorator';
import { BatchDto } from './dto/batch.dto';
import { RegisterBatchUseCase } from './register-batch.use-case';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam } from '../audit/audited';

@ApiTag('Candidate screening')
@ApiBearerAuth('bearer')
@Controller('candidate-request-batches')
export class BatchesController {
  constructor(private readonly batches: RegisterBatchUseCase) {}

  @MinimumRole('viewer')
  @Audited('candidate_request_batch', byParam('batchId'))
  @Get(':batchId')
  @ApiOperation({
    operationId: 'getCandidateRequestBatch',
    summary: 'Progress of a batch',
    description:
      'The requests a batch registered, by item index, with their overall status and how many are in each. ' +
      'An unknown batch, or one of another client, answers 404.',
  })
  @ApiParam({ name: 'batchId', format: 'uuid', description: 'The `batchId` the batch registration answered' })
  @ApiOkResponse({ description: 'The batch with the status of each request it registered', type: BatchDto })
  @ApiErrors(401, 404)
  get(@CurrentUser() user: AuthUser, @Param('batchId') batchId: string): Promise<BatchDto> {
    return this.batches.read(user, batchId);
  }
}
