import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DELIVERY_STATUSES as STATUSES, deliveryListQueryViolations, EVENT_TYPES } from '@app/domain';
import { CountedPageDto, PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';

const DELIVERY_STATUSES = [...STATUSES];

export class DeliveryAttemptDto {
  @ApiProperty({
    type: 'integer',
    description: 'When the attempt started, epoch milliseconds',
    example: 1795357425000,
  })
  at!: number;

  @ApiProperty({
    type: 'integer',
    description:
      'The status your endpoint answered; null when it did not answer (refused, timed out, unreachable)',
    example: 500,
  })
  httpStatus!: number | null;

  @ApiProperty({ type: 'integer', example: 84 })
  durationMs!: number;

  @ApiProperty({
    description: 'Why the attempt failed; null when it succeeded (a 2xx)',
    example: 'HTTP 500',
  })
  error!: string | null;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', example: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a' })
  id!: string;

  @ApiProperty({
    description: 'The event delivered: the `webhook-id` header of every attempt',
    example: 'evt_7731_1042',
  })
  eventId!: string;

  @ApiProperty({ enum: [...EVENT_TYPES], example: 'process.finished' })
  eventType!: string;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    example: 'pending',
    description:
      '`pending` until an attempt answers 2xx (`succeeded`) or the retry schedule is spent (`failed`); a delivery also ends `failed` when its endpoint is disabled',
  })
  status!: string;

  @ApiProperty({ description: 'Oldest first' })
  attempts!: DeliveryAttemptDto[];

  @ApiProperty({
    type: 'integer',
    description:
      'When the next attempt is due, epoch milliseconds; null when none is scheduled (finished, or waiting for an earlier event of the same candidate request)',
    example: 1795357455000,
  })
  nextAttemptAt!: number | null;
}

export class WebhookDeliveryPageDto extends CountedPageDto(WebhookDeliveryDto, 'Newest event first', 13) {}

@CheckedBy(deliveryListQueryViolations)
export class WebhookDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, description: 'Only deliveries in this status' })
  @Allow()
  status?: 'pending' | 'succeeded' | 'failed';
}
