import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { Public } from '../auth/auth-user';
import { HealthDto, HealthUnavailableDto, LivenessDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTag('Health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health of the api and its dependencies',
    description:
      '200 when PostgreSQL and Redis answer, 503 otherwise; the body says which is down. The processor is reported from its heartbeat (informational).',
  })
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer', type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis is down', type: HealthUnavailableDto })
  getHealth(): Promise<HealthDto> {
    return this.health.dependencies();
  }

  @Get('live')
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness: the api process serves requests',
    description:
      'Always 200 while the process serves; checks no dependency (restart the process when it fails).',
  })
  @ApiOkResponse({ description: 'The process serves requests', type: LivenessDto })
  getLiveness(): LivenessDto {
    return this.health.liveness();
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: the api can take requests',
    description:
      '200 when PostgreSQL and Redis answer, 503 otherwise and as soon as a graceful shutdown begins (send traffic elsewhere). Same body as GET /health.',
  })
  @ApiOkResponse({ description: 'PostgreSQL and Redis answer; not shutting down', type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: 'PostgreSQL or Redis is down, or the api is shutting down',
    type: HealthUnavailableDto,
  })
  getReadiness(): Promise<HealthDto> {
    return this.health.readiness();
  }
}
