import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DEFAULT_EVENTS_LIMIT, EVENT_TYPES, eventQueryShapeViolations, MAX_EVENTS_LIMIT } from '@app/domain';
import { CheckedBy } from '../common/validation';
import { EventEnvelopeDto } from './event.dto';

export class EventPageDto {
  @ApiProperty({ description: 'Oldest first' })
  data!: EventEnvelopeDto[];

  @ApiProperty({ description: 'More events follow: read again with `after` = the last id', example: false })
  hasMore!: boolean;
}

/** CONTRACT 7.2 query (all strings; checked by the domain). */
@CheckedBy(eventQueryShapeViolations)
export class EventQueryDto {
  @ApiProperty({
    description:
      'The id of the last event read; the answer starts after it. Omit it to start at the oldest kept.',
    example: 'evt_7731_1042',
  })
  @Allow()
  after?: string;

  @ApiProperty({
    description: `Comma-separated event types (any of them): ${EVENT_TYPES.join(', ')}`,
    example: 'process.finished,candidate_request.finished',
  })
  @Allow()
  types?: string;

  @ApiProperty({
    description: `Events per page, 1..${MAX_EVENTS_LIMIT}`,
    default: String(DEFAULT_EVENTS_LIMIT),
    example: '100',
  })
  @Allow()
  limit?: string;

  @ApiProperty({
    description: 'Only this client (one of yours); all your clients when omitted',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}
