import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  findLawsuits,
  findMatches,
  LawsuitFilter,
  LawsuitPage,
  MatchQuery,
  MatchUniverse,
} from '@app/persistence';
import { APP_CONFIG, AppConfig } from '@app/platform';

export type SourceAnswer<T> =
  { ok: true; value: T; slow: boolean } | { ok: false; slow: boolean; reason: string };

/**
 * The port through which searches read the legal-records source (here: the corpus in PostgreSQL).
 * It bounds every call with a timeout (a failure or timeout becomes `outcome: FAILED`) and flags
 * calls slower than a threshold (`slow_response`). Latency and failures can be injected by
 * configuration so tests and benchmarks can drive a slow or failing source.
 */
@Injectable()
export class LegalRecordsSource {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  matches(query: MatchQuery, cap: number): Promise<SourceAnswer<MatchUniverse>> {
    return this.call(() => findMatches(this.dataSource, query, cap));
  }

  lawsuits(personUuid: string, filter: LawsuitFilter): Promise<SourceAnswer<LawsuitPage>> {
    return this.call(() => findLawsuits(this.dataSource, personUuid, filter));
  }

  private async call<T>(work: () => Promise<T>): Promise<SourceAnswer<T>> {
    const { timeoutMs, slowThresholdMs, latencyMs, failureRate } = this.config.legalSource;
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        (async () => {
          if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
          if (failureRate > 0 && Math.random() < failureRate) throw new Error('source unavailable');
          return work();
        })(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`source timed out after ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { ok: true, value, slow: Date.now() - started > slowThresholdMs };
    } catch (error) {
      return { ok: false, slow: Date.now() - started > slowThresholdMs, reason: String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
