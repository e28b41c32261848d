import { Injectable } from '@nestjs/common';
import { RedisClient } from './redis-client';

/** A sorted set: member = processor instance id, score = its last beat (ms, Redis clock). */
const KEY = 'processor:heartbeats';

/** Each processor instance beats this often... */
export const HEARTBEAT_EVERY_MS = 1_000;
/** ...and counts as alive while its last beat is younger than this (two missed beats of slack). */
export const ALIVE_WITHIN_MS = 3_000;
/** Instances that died without leaving are dropped after a day; until then they give `lastSeen`. */
const FORGET_AFTER_MS = 24 * 3_600_000;

// Both scripts read Redis's own clock, so the processors' and the api's clocks may disagree freely.
const BEAT_SCRIPT = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZADD', KEYS[1], ms, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - tonumber(ARGV[2]))
return ms`;

const PRESENCE_SCRIPT = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
local alive = redis.call('ZCOUNT', KEYS[1], ms - tonumber(ARGV[1]), '+inf')
local latest = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { alive, latest[2] or false }`;

export interface ProcessorPresence {
  /** Processor instances that beat within {@link ALIVE_WITHIN_MS}. */
  instances: number;
  /** The latest beat of any instance, alive or not; null when none ever beat (or a day has passed). */
  lastSeen: Date | null;
}

/**
 * Processor instances announce themselves here; the api's /health reads how many are alive. A
 * processor that stops gracefully leaves at once; one that dies is counted out after
 * {@link ALIVE_WITHIN_MS}.
 */
@Injectable()
export class ProcessorHeartbeat {
  constructor(private readonly redisClient: RedisClient) {}

  async beat(instanceId: string): Promise<void> {
    await this.redisClient.redis.eval(BEAT_SCRIPT, 1, KEY, instanceId, FORGET_AFTER_MS);
  }

  async leave(instanceId: string): Promise<void> {
    await this.redisClient.redis.zrem(KEY, instanceId);
  }

  async presence(): Promise<ProcessorPresence> {
    const [instances, latest] = (await this.redisClient.redis.eval(
      PRESENCE_SCRIPT,
      1,
      KEY,
      ALIVE_WITHIN_MS,
    )) as [number, string | null];
    return { instances, lastSeen: latest ? new Date(Number(latest)) : null };
  }
}
