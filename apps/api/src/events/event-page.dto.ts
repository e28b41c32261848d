import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { EVENT_TYPES, eventQueryShapeViolations, EVENTS_PAGE_SIZE } from '@app/domain';
import { LimitParam } from '../common/pagination';
import { CheckedBy } from '../common/validation';
import { EVENT_ENVELOPE_SCHEMA, EventEnvelope } from './event-envelope.docs';

export class EventPageDto {
  @ApiProperty({
    description: 'Oldest first',
    type: 'array',
    items: { $ref: getSchemaPath(EVENT_ENVELOPE_SCHEMA) },
  })
  data!: EventEnvelope[];

  @ApiProperty({ description: 'More events follow: read again with `after` = the last id', example: false })
  hasMore!: boolean;
}

/** docs/integrators.md query (all strings; checked by the domain). */
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

  @LimitParam(EVENTS_PAGE_SIZE, 'Events')
  limit?: string;

  @ApiProperty({
    description: 'Only this client (one of yours); all your clients when omitted',
    example: 'acme',
  })
  @Allow()
  clientId?: string;
}
