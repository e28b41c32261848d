import type { RateLimiter, RateLimitRule } from './rate-limit';

/**
 * RateLimiter in memory, for use-case specs: every call taken is kept (with the refusal's wording
 * for a 30 s wait, so a spec can read it), and each is admitted unless `refusing` is set, which is
 * then thrown as the real limiter throws its 429.
 */
export class RecordingRateLimiter implements Pick<RateLimiter, 'take'> {
  readonly taken: Array<{ scope: string; key: string; rule: RateLimitRule; refusal: string }> = [];
  refusing: Error | undefined;

  async take(
    scope: string,
    key: string,
    rule: RateLimitRule,
    refusal: (waitSeconds: number) => string,
  ): Promise<void> {
    this.taken.push({ scope, key, rule, refusal: refusal(30) });
    if (this.refusing) throw this.refusing;
  }
}
