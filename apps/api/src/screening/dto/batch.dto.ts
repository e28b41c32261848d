import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { batchQueryViolations, MAX_BATCH_ITEMS, REQUEST_STATUSES } from '@app/domain';
import { FieldErrorDto } from '../../common/api-error';
import { RegisterCandidateDto } from './register-candidate.dto';
import { CheckedBy } from '../../common/validation';

/** docs/behaviour.md JSON body. `@Allow` whitelists the fields; the shape and every item are checked by the domain. */
export class BatchRegistrationDto {
  @ApiProperty({
    description: 'The client the batch registers for (one of yours); your default client when omitted',
    example: 'acme',
    maxLength: 64,
  })
  @Allow()
  clientId?: string;

  @ApiProperty({
    type: [RegisterCandidateDto],
    minItems: 1,
    maxItems: MAX_BATCH_ITEMS,
    description: `1..${MAX_BATCH_ITEMS} registration bodies, each checked exactly as POST /candidate-requests checks one`,
  })
  @Allow()
  items!: unknown[];
}

@CheckedBy(batchQueryViolations)
export class BatchQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    description: "true: one invalid item answers 400 with every item's errors and registers nothing",
  })
  @Allow()
  atomic?: string;

  @ApiPropertyOptional({
    description: 'For a CSV body: the client the batch registers for (a JSON body may carry it instead)',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}

export class BatchItemAcceptedDto {
  @ApiProperty({ description: '0-based position of the item (the CSV header is not an item)', example: 0 })
  index!: number;

  @ApiProperty({ format: 'uuid', description: 'The registered candidate request' })
  uuid!: string;
}

export class BatchItemRejectedDto {
  @ApiProperty({ description: '0-based position of the item', example: 1 })
  index!: number;

  @ApiPropertyOptional({
    description:
      "CSV batches only (a JSON batch has none): the 1-based line of the body where the item's record starts, the header being line 1; blank lines and line breaks inside quoted cells count",
    example: 3,
    type: 'integer',
    minimum: 1,
  })
  line?: number;

  @ApiProperty({ description: 'Every rule the item violates' })
  errors!: FieldErrorDto[];
}

export class BatchAcceptedDto {
  @ApiProperty({ format: 'uuid' })
  batchId!: string;

  @ApiProperty({ example: 2 })
  accepted!: number;

  @ApiProperty({ example: 1 })
  rejected!: number;

  @ApiProperty({
    description: 'One entry per item, in order: its uuid when registered, its errors when not',
    items: {
      oneOf: [{ $ref: getSchemaPath(BatchItemAcceptedDto) }, { $ref: getSchemaPath(BatchItemRejectedDto) }],
    },
    type: 'array',
  })
  items!: Array<BatchItemAcceptedDto | BatchItemRejectedDto>;
}

export class BatchStatusCountsDto {
  @ApiProperty({ example: 0 })
  Pending!: number;

  @ApiProperty({ example: 1 })
  Processing!: number;

  @ApiProperty({ example: 1 })
  Completed!: number;
}

export class BatchRequestDto {
  @ApiProperty({ example: 0 })
  index!: number;

  @ApiProperty({ format: 'uuid' })
  uuid!: string;

  @ApiProperty({
    enum: REQUEST_STATUSES,
    example: 'Processing',
    description: 'Overall status of the request',
  })
  status!: string;
}

export class BatchDto {
  @ApiProperty({ format: 'uuid' })
  batchId!: string;

  @ApiProperty({ description: 'Epoch milliseconds', example: 1795440000000 })
  createdAt!: number;

  @ApiProperty({ description: 'Requests the batch registered', example: 2 })
  total!: number;

  @ApiProperty({ description: 'How many of them are in each overall status' })
  counts!: BatchStatusCountsDto;

  @ApiProperty({ description: 'The registered requests, by item index' })
  items!: BatchRequestDto[];
}
