import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RedisClient } from '@app/platform';
import { TooManyRequestsError } from '../common/http-errors';

/** How long an address remembers the e-mails that signed in from it (see {@link SignInThrottle}). */
const KNOWN_EMAILS_TTL_SECONDS = 30 * 86_400;

/**
 * Admits one password check, atomically. KEYS: the e-mail's count (failures plus checks in
 * flight), the address's failures, the e-mails that signed in from the address. ARGV: the e-mail
 * limit, the window, the address limit, the e-mail's hash. Answers {1} when admitted (the e-mail's
 * count now includes this check) or {0, seconds to wait, 'email' | 'address'}.
 */
const ADMIT_SCRIPT = `
local emailCount = tonumber(redis.call('GET', KEYS[1]) or '0')
if emailCount >= tonumber(ARGV[1]) then
  local ttl = redis.call('TTL', KEYS[1])
  if ttl < 1 then ttl = tonumber(ARGV[2]) end
  return {0, ttl, 'email'}
end
local addressCount = tonumber(redis.call('GET', KEYS[2]) or '0')
if addressCount >= tonumber(ARGV[3]) and redis.call('SISMEMBER', KEYS[3], ARGV[4]) == 0 then
  local ttl = redis.call('TTL', KEYS[2])
  if ttl < 1 then ttl = tonumber(ARGV[2]) end
  return {0, ttl, 'address'}
end
redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {1}
`;

/** Gives back a check that ended neither right nor wrong (an error on our side). */
const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

interface ThrottleKeys {
  email: string;
  address: string;
  knownEmails: string;
  emailHash: string;
}

/**
 * Sign-in throttling shared by every api instance through Redis (CONTRACT 2 and 9).
 *
 * - Per e-mail: a check is admitted only while the e-mail's failures plus the checks still in
 *   flight are below `SIGNIN_MAX_FAILURES`, decided in one Redis script, so of any number of
 *   parallel wrong passwords at most that many are checked; the rest answer 429 until the window
 *   ends. A right password clears the count.
 * - Per address: after `SIGNIN_IP_MAX_FAILURES` failures from one address within the window, that
 *   address may only sign in with e-mails that have signed in from it before. Someone spraying
 *   passwords from behind an office's shared address is stopped, and the colleagues behind it keep
 *   signing in as usual.
 *
 * If Redis is unreachable, sign-in stays possible (fail open) and the outage is logged: locking
 * every user out would be worse than losing throttling for a while.
 */
@Injectable()
export class SignInThrottle {
  private readonly logger = new Logger(SignInThrottle.name);

  constructor(
    private readonly redisClient: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `check` (the password verification: the user when right, null when wrong) if the e-mail
   * and the address may try now; throws a 429 otherwise.
   */
  async attempt<T>(email: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
    const keys = this.keys(email, address);
    const admitted = await this.admit(keys);
    let outcome: T | null;
    try {
      outcome = await check();
    } catch (error) {
      if (admitted) await this.run(RELEASE_SCRIPT, [keys.email], []);
      throw error;
    }
    if (admitted) await (outcome === null ? this.recordFailure(keys) : this.recordSuccess(keys));
    return outcome;
  }

  /** True when a slot was reserved in Redis; false when Redis could not be asked (fail open). */
  private async admit(keys: ThrottleKeys): Promise<boolean> {
    const { maxFailedSignIns, maxFailedSignInsPerAddress, failedSignInWindow } = this.config.auth;
    let answer: [number, number?, string?];
    try {
      answer = (await this.redisClient.redis.eval(
        ADMIT_SCRIPT,
        3,
        keys.email,
        keys.address,
        keys.knownEmails,
        maxFailedSignIns,
        failedSignInWindow,
        maxFailedSignInsPerAddress,
        keys.emailHash,
      )) as [number, number?, string?];
    } catch (error) {
      this.logger.warn({ err: error }, 'Sign-in throttle unavailable (Redis); allowing the attempt');
      return false;
    }
    const [allowed, wait = failedSignInWindow, scope] = answer;
    if (allowed === 1) return true;
    throw new TooManyRequestsError(
      scope === 'address'
        ? `Too many failed sign-ins from this network address: try again in ${wait} seconds.`
        : `Too many failed sign-ins for this e-mail: try again in ${wait} seconds.`,
      wait,
    );
  }

  private async recordFailure(keys: ThrottleKeys): Promise<void> {
    const window = this.config.auth.failedSignInWindow;
    await this.exec(
      this.redisClient.redis.multi().incr(keys.address).expire(keys.address, window, 'NX'),
      'Could not record a failed sign-in (Redis)',
    );
  }

  private async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.exec(
      this.redisClient.redis
        .multi()
        .del(keys.email)
        .sadd(keys.knownEmails, keys.emailHash)
        .expire(keys.knownEmails, KNOWN_EMAILS_TTL_SECONDS),
      'Could not record a successful sign-in (Redis)',
    );
  }

  private async run(script: string, keys: string[], args: Array<string | number>): Promise<void> {
    await this.redisClient.redis
      .eval(script, keys.length, ...keys, ...args)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Sign-in throttle unavailable (Redis)'));
  }

  private async exec(pipeline: { exec(): Promise<unknown> }, failure: string): Promise<void> {
    await pipeline.exec().catch((error: unknown) => this.logger.warn({ err: error }, failure));
  }

  // Hashed so that the keyspace does not list who tried to sign in, or from where.
  private keys(email: string, address: string): ThrottleKeys {
    const emailHash = sha256(email.trim().toLowerCase());
    const addressHash = sha256(address);
    return {
      email: `signin:failures:${emailHash}`,
      address: `signin:address-failures:${addressHash}`,
      knownEmails: `signin:address-known:${addressHash}`,
      emailHash,
    };
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
