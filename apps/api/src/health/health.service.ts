import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ProcessorHeartbeat, RedisClient, ShutdownState } from '@app/platform';
import { UnavailableError } from '../common/unavailable.error';
import {
  DependencyStatusDto,
  HealthDetailsDto,
  HealthDto,
  LivenessDto,
  ProcessorStatusDto,
} from './health.dto';

/** A dependency that does not answer within this is reported down: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 1_500;

/**
 * The three probes. /health and /health/ready answer from PostgreSQL and Redis (the processor is
 * informational: registrations are accepted and wait in the outbox without it); /health/ready also
 * turns 503 as soon as a graceful shutdown begins; /health/live checks nothing.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redisClient: RedisClient,
    private readonly heartbeat: ProcessorHeartbeat,
    private readonly shutdown: ShutdownState,
  ) {}

  liveness(): LivenessDto {
    return { status: 'ok' };
  }

  async dependencies(): Promise<HealthDto> {
    const { down, details } = await this.check();
    if (down.length > 0) throw unavailable(`Unavailable: ${down.join(' and ')} did not answer.`, details);
    return { status: 'ok', details };
  }

  async readiness(): Promise<HealthDto> {
    if (!this.shutdown.isDraining) return this.dependencies();
    const { details } = await this.check();
    throw unavailable('Shutting down: this instance takes no new requests.', details);
  }

  private async check(): Promise<{ down: string[]; details: HealthDetailsDto }> {
    const [dependencies, processor] = await Promise.all([this.checkDependencies(), this.processorStatus()]);
    const down = Object.entries(dependencies)
      .filter(([, dependency]) => dependency.status !== 'up')
      .map(([name]) => name);
    return { down, details: { ...dependencies, processor } };
  }

  private async checkDependencies(): Promise<Pick<HealthDetailsDto, 'database' | 'redis'>> {
    try {
      const result = await this.health.check([
        () => this.db.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              await this.redisClient.redis.ping();
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      return result.details as unknown as Pick<HealthDetailsDto, 'database' | 'redis'>;
    } catch (error) {
      // Terminus answers a failed check with a 503 exception whose body holds every dependency.
      const details = ((error as ServiceUnavailableException).getResponse?.() as { details?: unknown })
        ?.details as Partial<Record<'database' | 'redis', DependencyStatusDto>> | undefined;
      return {
        database: details?.database ?? { status: 'down' },
        redis: details?.redis ?? { status: 'down' },
      };
    }
  }

  private async processorStatus(): Promise<ProcessorStatusDto> {
    const presence = await this.heartbeat.presence().catch(() => ({ instances: 0, lastSeen: null }));
    return {
      status: presence.instances > 0 ? 'up' : 'down',
      lastSeen: presence.lastSeen?.toISOString() ?? null,
      instances: presence.instances,
    };
  }
}

function unavailable(message: string, details: HealthDetailsDto): UnavailableError {
  return new UnavailableError(message, { status: 'error', details });
}
