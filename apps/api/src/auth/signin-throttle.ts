import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RedisClient } from '@app/platform';

/**
 * Counts failed sign-ins per e-mail in Redis so that every api instance shares the count.
 * After `maxFailedSignIns` failures within the window the e-mail is cooled down until the window
 * ends. If Redis is unreachable, sign-in stays possible (fail open) and the outage is logged:
 * locking every user out would be worse than losing throttling for a while.
 */
@Injectable()
export class SignInThrottle {
  private readonly logger = new Logger(SignInThrottle.name);

  constructor(
    private readonly redisClient: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Seconds to wait before trying again, or 0 when the e-mail may try now. */
  async secondsUntilAllowed(email: string): Promise<number> {
    try {
      const key = this.key(email);
      const [count, ttl] = await Promise.all([
        this.redisClient.redis.get(key),
        this.redisClient.redis.ttl(key),
      ]);
      if (Number(count ?? 0) < this.config.auth.maxFailedSignIns) return 0;
      return ttl > 0 ? ttl : this.config.auth.failedSignInWindow;
    } catch (error) {
      this.logger.warn({ err: error }, 'Sign-in throttle unavailable (Redis); allowing the attempt');
      return 0;
    }
  }

  async recordFailure(email: string): Promise<void> {
    try {
      const key = this.key(email);
      await this.redisClient.redis
        .multi()
        .incr(key)
        .expire(key, this.config.auth.failedSignInWindow, 'NX')
        .exec();
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not record a failed sign-in (Redis)');
    }
  }

  async reset(email: string): Promise<void> {
    await this.redisClient.redis.del(this.key(email)).catch(() => undefined);
  }

  // Hashed so that the keyspace does not list who tried to sign in.
  private key(email: string): string {
    return `signin:failures:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
  }
}
