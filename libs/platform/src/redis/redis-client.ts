import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** A shared ioredis connection for small keyed state (sign-in throttling, heartbeats, health). */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly redis: Redis;
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // One retry per command: while Redis is away, callers fail fast instead of hanging.
    this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined); // reconnects by itself; /health reports the outage
  }
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
