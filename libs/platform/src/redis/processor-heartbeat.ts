import { Injectable } from '@nestjs/common';
import { RedisClient } from './redis-client';

const KEY = 'processor:heartbeat';

/** The processor writes a timestamp every few seconds; the api's /health reads it. */
@Injectable()
export class ProcessorHeartbeat {
  constructor(private readonly redisClient: RedisClient) {}

  async beat(now = new Date()): Promise<void> {
    await this.redisClient.redis.set(KEY, now.toISOString(), 'EX', 60);
  }

  async lastSeen(): Promise<Date | null> {
    const value = await this.redisClient.redis.get(KEY);
    return value ? new Date(value) : null;
  }
}
