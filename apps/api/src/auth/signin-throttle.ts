import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RedisClient } from '@app/platform';
import { TooManyRequestsError } from '../common/http-errors';

/** How long an address remembers the e-mails that signed in from it (see {@link SignInThrottle}). */
const KNOWN_EMAILS_TTL_SECONDS = 30 * 86_400;

/**
 * Admits one password check, atomically. The e-mail's count (failures plus checks in flight) is
 * kept per address class: one count for the addresses the e-mail has signed in from before, one
 * for every other address. KEYS: the e-mail's count from known addresses, its count from other
 * addresses, the address's failures, the e-mails that signed in from the address. ARGV: the e-mail
 * limit, the window, the address limit, the e-mail's hash. Answers {1, class} when admitted (that
 * class's count now includes this check) or {0, seconds to wait, 'email' | 'address'}.
 */
const ADMIT_SCRIPT = `
local known = redis.call('SISMEMBER', KEYS[4], ARGV[4]) == 1
local emailKey = KEYS[2]
if known then emailKey = KEYS[1] end
local emailCount = tonumber(redis.call('GET', emailKey) or '0')
if emailCount >= tonumber(ARGV[1]) then
  local ttl = redis.call('TTL', emailKey)
  if ttl < 1 then ttl = tonumber(ARGV[2]) end
  return {0, ttl, 'email'}
end
local addressCount = tonumber(redis.call('GET', KEYS[3]) or '0')
if addressCount >= tonumber(ARGV[3]) and not known then
  local ttl = redis.call('TTL', KEYS[3])
  if ttl < 1 then ttl = tonumber(ARGV[2]) end
  return {0, ttl, 'address'}
end
redis.call('INCR', emailKey)
if redis.call('TTL', emailKey) < 0 then redis.call('EXPIRE', emailKey, ARGV[2]) end
if known then return {1, 'known'} end
return {1, 'other'}
`;

/** Gives back a check that ended neither right nor wrong (an error on our side). */
const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

/** The two classes of address an e-mail's failures are counted in. */
type AddressClass = 'known' | 'other';

interface ThrottleKeys {
  email: Record<AddressClass, string>;
  address: string;
  knownEmails: string;
  emailHash: string;
}

/**
 * Sign-in throttling shared by every api instance through Redis (docs/behaviour.md, docs/security.md).
 *
 * - Per e-mail and address class: a check is admitted only while the e-mail's failures plus the
 *   checks still in flight are below `SIGNIN_MAX_FAILURES`, decided in one Redis script, so of any
 *   number of parallel wrong passwords at most that many are checked; the rest answer 429 until
 *   the window ends. The count is kept apart for the addresses the e-mail has signed in from
 *   before and for all others: someone guessing from elsewhere locks out only the addresses the
 *   owner never used, and the owner keeps signing in from their usual ones. A right password
 *   clears the count of its class.
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
      if (admitted) await this.run(RELEASE_SCRIPT, [keys.email[admitted]], []);
      throw error;
    }
    if (admitted)
      await (outcome === null ? this.recordFailure(keys) : this.recordSuccess(keys, keys.email[admitted]));
    return outcome;
  }

  /**
   * The address class whose count now holds a reserved check; null when Redis could not be asked
   * (fail open).
   */
  private async admit(keys: ThrottleKeys): Promise<AddressClass | null> {
    const { maxFailedSignIns, maxFailedSignInsPerAddress, failedSignInWindow } = this.config.auth;
    let answer: [number, (number | AddressClass)?, string?];
    try {
      answer = (await this.redisClient.redis.eval(
        ADMIT_SCRIPT,
        4,
        keys.email.known,
        keys.email.other,
        keys.address,
        keys.knownEmails,
        maxFailedSignIns,
        failedSignInWindow,
        maxFailedSignInsPerAddress,
        keys.emailHash,
      )) as [number, (number | AddressClass)?, string?];
    } catch (error) {
      this.logger.warn({ err: error }, 'Sign-in throttle unavailable (Redis); allowing the attempt');
      return null;
    }
    if (answer[0] === 1) return answer[1] as AddressClass;
    const [, wait = failedSignInWindow, scope] = answer as [number, number?, string?];
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

  private async recordSuccess(keys: ThrottleKeys, emailCount: string): Promise<void> {
    await this.exec(
      this.redisClient.redis
        .multi()
        .del(emailCount)
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
      email: {
        known: `signin:failures:known:${emailHash}`,
        other: `signin:failures:other:${emailHash}`,
      },
      address: `signin:address-failures:${addressHash}`,
      knownEmails: `signin:address-known:${addressHash}`,
      emailHash,
    };
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
