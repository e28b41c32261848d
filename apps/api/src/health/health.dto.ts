import { ApiProperty } from '@nestjs/swagger';

export class DependencyStatusDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  status!: 'up' | 'down';

  @ApiProperty({ type: 'integer', description: 'Milliseconds the check took', example: 3 })
  responseTime?: number;

  @ApiProperty({ description: 'Why the check failed', example: 'timeout of 1500ms exceeded' })
  message?: string;
}

export class ProcessorStatusDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up', description: 'up while at least one instance beats' })
  status!: 'up' | 'down';

  @ApiProperty({
    format: 'date-time',
    description: 'The latest heartbeat of any processor instance (one a second each)',
    example: '2026-11-22T14:00:00.000Z',
  })
  lastSeen!: string | null;

  @ApiProperty({
    type: 'integer',
    description: 'Processor instances that beat within the last 3 seconds',
    example: 1,
  })
  instances!: number;
}

export class HealthDetailsDto {
  @ApiProperty({ description: 'PostgreSQL: decides the status' })
  database!: DependencyStatusDto;

  @ApiProperty({ description: 'Redis: decides the status' })
  redis!: DependencyStatusDto;

  @ApiProperty({ description: 'The processors, informational only' })
  processor!: ProcessorStatusDto;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  status!: 'ok' | 'error';

  @ApiProperty()
  details!: HealthDetailsDto;
}

/** The 503 answer: the error body of docs/behaviour.md with the same `status` and `details`. */
export class HealthUnavailableDto extends HealthDto {
  @ApiProperty({ example: 503, enum: [503] })
  code!: number;

  @ApiProperty({ example: 'Unavailable: redis did not answer.' })
  message!: string;
}

export class LivenessDto {
  @ApiProperty({ example: 'ok' })
  status!: 'ok';
}
