import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisClient } from '@app/platform';
import { TooManyRequestsError } from './http-errors';

/**
 * Counts one call in a fixed window, atomically: KEYS[1] the count, ARGV the limit and the window
 * (seconds). Answers 0 when the call is admitted, else the seconds until the window ends.
 */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if count <= tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 1 then ttl = 1 end
return ttl
`;

/** At most `max` calls in `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Limits of an operation shared by every api instance, counted in Redis as the sign-in throttle's
 * are (apps/api/src/auth/signin-throttle.ts): one script admits or refuses a call atomically, so of
 * any number of parallel calls at most `max` get through a window. A refusal is the sign-in's 429
 * with Retry-After (TooManyRequestsError, answered by the error filter). If Redis cannot be
 * asked the call is admitted and the outage logged: the limit guards against floods, and losing it
 * for a while is better than refusing everyone.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(private readonly redisClient: RedisClient) {}

  /** Takes one call of `scope`/`key`, or throws a 429 whose message `refusal` words from the wait. */
  async take(
    scope: string,
    key: string,
    rule: RateLimitRule,
    refusal: (waitSeconds: number) => string,
  ): Promise<void> {
    const wait = await this.count(scope, key, rule);
    if (wait !== null) throw new TooManyRequestsError(refusal(wait), wait);
  }

  /**
   * Takes one call of `scope`/`key` and says whether it was admitted, refusing nothing: for work
   * whose answer must not change with the limit (a password reset answers the same for everyone).
   */
  async admits(scope: string, key: string, rule: RateLimitRule): Promise<boolean> {
    return (await this.count(scope, key, rule)) === null;
  }

  /** null when admitted, else the seconds to wait. */
  private async count(scope: string, key: string, rule: RateLimitRule): Promise<number | null> {
    // Hashed, so the keyspace does not list who was limited.
    const name = `rate:${scope}:${createHash('sha256').update(key).digest('hex')}`;
    try {
      const wait = Number(
        await this.redisClient.redis.eval(TAKE_SCRIPT, 1, name, rule.max, rule.windowSeconds),
      );
      return wait > 0 ? wait : null;
    } catch (error) {
      this.logger.warn({ err: error, scope }, 'Rate limit unavailable (Redis); allowing the call');
      return null;
    }
  }
}
