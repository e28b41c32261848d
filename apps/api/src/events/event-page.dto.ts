import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DEFAULT_EVENTS_LIMIT, EVENT_TYPES, MAX_EVENTS_LIMIT } from '@app/domain';

/** CONTRACT 7.1 envelope. */
export class EventDto {
  @ApiProperty({
    description: 'Unique, opaque; pass it as `after` to read what follows',
    example: 'evt_7731_1042',
  })
  id!: string;

  @ApiProperty({ enum: EVENT_TYPES, example: 'process.finished' })
  type!: string;

  @ApiProperty({ description: 'When the change happened, epoch milliseconds', example: 1795440000000 })
  createdAt!: number;

  @ApiProperty({ description: 'The client the event belongs to', example: 'acme' })
  clientId!: string;

  @ApiProperty({
    description: 'Identifiers, statuses and results of the change; never personal data',
    type: 'object',
    additionalProperties: true,
    example: {
      uuid: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
      processId: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
      processName: 'Peps',
      result: 'Aprobado',
    },
  })
  data!: Record<string, unknown>;
}

export class EventPageDto {
  @ApiProperty({ type: [EventDto], description: 'Oldest first' })
  data!: EventDto[];

  @ApiProperty({ description: 'More events follow: read again with `after` = the last id', example: false })
  hasMore!: boolean;
}

/** CONTRACT 7.2 query (all strings; checked by the domain). */
export class EventQueryDto {
  @ApiProperty({
    required: false,
    description:
      'The id of the last event read; the answer starts after it. Omit it to start at the oldest kept.',
    example: 'evt_7731_1042',
  })
  @IsOptional()
  @IsString()
  after?: string;

  @ApiProperty({
    required: false,
    description: `Comma-separated event types (any of them): ${EVENT_TYPES.join(', ')}`,
    example: 'process.finished,candidate_request.finished',
  })
  @IsOptional()
  @IsString()
  types?: string;

  @ApiProperty({
    required: false,
    description: `Events per page, 1..${MAX_EVENTS_LIMIT}`,
    default: String(DEFAULT_EVENTS_LIMIT),
    example: '100',
  })
  @IsOptional()
  @IsString()
  limit?: string;

  @ApiProperty({
    required: false,
    description: 'Only this client (one of yours); all your clients when omitted',
    example: 'acme',
  })
  @IsOptional()
  @IsString()
  clientId?: string;
}
