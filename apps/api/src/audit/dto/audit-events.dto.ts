import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { AUDIT_PAGE_SIZE } from '@app/domain';

export class AuditEventsQueryDto {
  @ApiProperty({
    required: false,
    description: 'From this time on (epoch milliseconds, or an ISO 8601 date or timestamp)',
    example: '2026-11-01',
  })
  @Allow()
  from?: string;

  @ApiProperty({ required: false, description: 'Up to this time (as `from`)', example: '2026-11-30' })
  @Allow()
  to?: string;

  @ApiProperty({ required: false, description: "Only this actor's events (a user's or an API key's id)" })
  @Allow()
  actorId?: string;

  @ApiProperty({
    required: false,
    description: 'Only this action (an operationId)',
    example: 'getCandidateRequest',
  })
  @Allow()
  action?: string;

  @ApiProperty({
    required: false,
    description: "Only this subject's events (a candidate request's uuid, ...)",
  })
  @Allow()
  subjectId?: string;

  @ApiProperty({ required: false, description: 'The `id` of the last event read: the page starts after it' })
  @Allow()
  after?: string;

  @ApiProperty({
    required: false,
    type: 'integer',
    minimum: 1,
    maximum: AUDIT_PAGE_SIZE.max,
    default: AUDIT_PAGE_SIZE.default,
    description: `Events per page (1 to ${AUDIT_PAGE_SIZE.max})`,
  })
  @Allow()
  limit?: string;

  @ApiProperty({
    required: false,
    description: 'Another client you administer (default: your default client)',
  })
  @Allow()
  clientId?: string;
}

class AuditActorDto {
  @ApiProperty({ enum: ['user', 'api_key', 'operator', 'system'], example: 'user' })
  type!: string;

  @ApiProperty({ example: '1b7c2f0e-5d4a-4f7e-9a0b-2c3d4e5f6a7b' })
  id!: string;

  @ApiProperty({
    required: false,
    description: "The staff member's e-mail (people only)",
    example: 'demo@acme.test',
  })
  email?: string;
}

class AuditSubjectDto {
  @ApiProperty({ example: 'candidate_request' })
  type!: string;

  @ApiProperty({
    nullable: true,
    description: 'Null for a list page',
    example: '5b0a2e8c-1f7e-4c61-9a43-2f1d6c8b9e70',
  })
  id!: string | null;
}

export class AuditEventDto {
  @ApiProperty({ description: "The event's place in the chain (a cursor for `after`)", example: '1042' })
  id!: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When it was written (epoch ms)',
    example: 1795876200000,
  })
  at!: number;

  @ApiProperty({ type: AuditActorDto })
  actor!: AuditActorDto;

  @ApiProperty({ nullable: true, example: 'acme' })
  clientId!: string | null;

  @ApiProperty({ description: 'The operationId, or the admin command', example: 'getCandidateRequest' })
  action!: string;

  @ApiProperty({ type: AuditSubjectDto })
  subject!: AuditSubjectDto;

  @ApiProperty({ type: 'integer', description: 'The HTTP status answered', example: 200 })
  status!: number;

  @ApiProperty({ nullable: true, example: '5f0c6a55-2b1e-4a4c-9a4e-0c7d2f8a1b3e' })
  requestId!: string | null;

  @ApiProperty({ nullable: true, example: '203.0.113.7' })
  ip!: string | null;

  @ApiProperty({
    description: "SHA-256 (hex) of the previous event's hash followed by this event's canonical JSON",
    example: '9f2b5c0e7a1d4f6b8c3e2a9d0b7f1e4c6a5d8b2f0e9c7a1b3d5f7e9a0c2b4d6f',
  })
  hash!: string;
}

export class AuditEventPageDto {
  @ApiProperty({ type: [AuditEventDto] })
  data!: AuditEventDto[];

  @ApiProperty({ description: 'Whether events follow this page (read them with `after` = the last id)' })
  hasMore!: boolean;
}
