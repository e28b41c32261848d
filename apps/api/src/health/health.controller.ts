import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ProcessorHeartbeat, RedisClient } from '@app/platform';
import { Public } from '../auth/auth-user';

interface DependencyStatusDto {
  status: string;
}

class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  status!: string;

  @ApiProperty({
    description: 'Per dependency: `database`, `redis` (decide the status) and `processor` (informational)',
    example: {
      database: { status: 'up' },
      redis: { status: 'up' },
      processor: { status: 'up', lastSeen: '2026-11-22T14:00:00.000Z' },
    },
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['up', 'down'] } },
    },
  })
  details!: Record<string, DependencyStatusDto>;
}

@ApiTags('Health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redisClient: RedisClient,
    private readonly heartbeat: ProcessorHeartbeat,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health of the api and its dependencies',
    description:
      '200 when PostgreSQL and Redis answer, 503 otherwise; the body says which is down. The processor is reported from its heartbeat.',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis is down', type: HealthDto })
  async check(): Promise<HealthDto> {
    const processor = await this.heartbeat.lastSeen().catch(() => null);
    const processorStatus = {
      status: processor && Date.now() - processor.getTime() < 15_000 ? 'up' : 'down',
      lastSeen: processor?.toISOString() ?? null,
    };
    try {
      const result = await this.health.check([
        () => this.db.pingCheck('database', { timeout: 1500 }),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              await this.redisClient.redis.ping();
            })
            .withTimeout(1500),
      ]);
      return { status: 'ok', details: { ...result.details, processor: processorStatus } };
    } catch (error) {
      const details = (
        (error as ServiceUnavailableException).getResponse?.() as {
          details?: Record<string, DependencyStatusDto>;
        }
      )?.details;
      const down = Object.entries(details ?? {})
        .filter(([, v]) => v.status !== 'up')
        .map(([k]) => k);
      throw new ServiceUnavailableException({
        code: 503,
        message: `Unavailable: ${down.join(' and ') || 'a dependency'} did not answer.`,
        status: 'error',
        details: { ...details, processor: processorStatus },
      });
    }
  }
}
