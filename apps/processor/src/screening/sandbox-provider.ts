import { Inject, Injectable } from '@nestjs/common';
import { CandidateIdentity, LegalMatchSummary, ProcessName, sandboxOutcome } from '@app/domain';
import { APP_CONFIG, AppConfig } from '@app/platform';

/**
 * `rawDetails` of a process (CONTRACT 4.4: the provider's answer), documented by the api's
 * ProviderRawDetailsDto. The same keys whether or not the provider answered.
 */
export interface ProviderRawDetails {
  provider: string;
  /** The provider's reference of its answer; null when it never answered. */
  reference: string | null;
  /** ISO 8601: when the (last) call started. */
  requestedAt: string;
  /** ISO 8601: when the provider answered, or when the last attempt failed. */
  answeredAt: string;
  /** What the provider answered; null when it never answered. */
  payload: Record<string, unknown> | null;
  /** Only when the provider never answered: why the last attempt failed. */
  error?: string;
}

export interface ProviderAnswer {
  result: string;
  summary: unknown;
  rawDetails: ProviderRawDetails;
}

export class ProviderUnavailableError extends Error {}

/**
 * The built-in sandbox: answers deterministically from the candidate's identity (domain rules),
 * after a configurable delay and with a configurable share of failed calls, so tests and
 * benchmarks can set both.
 */
@Injectable()
export class SandboxProvider {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async call(
    processName: ProcessName,
    candidate: CandidateIdentity,
    extra: { legalMatches?: LegalMatchSummary; candidateInput?: unknown },
  ): Promise<ProviderAnswer> {
    const requestedAt = new Date();
    const { latencyMs, failureRate } = this.config.sandbox;
    if (latencyMs > 0) await sleep(latencyMs * (0.5 + Math.random()));
    if (failureRate > 0 && Math.random() < failureRate)
      throw new ProviderUnavailableError(`Sandbox provider for ${processName} did not answer`);
    const outcome = sandboxOutcome(processName, candidate, extra);
    return {
      result: outcome.result,
      summary: outcome.summary,
      rawDetails: {
        provider: providerName(processName),
        reference: `SBX-${Buffer.from(`${processName}:${candidate.name ?? ''}:${candidate.rfc ?? ''}`)
          .toString('base64url')
          .slice(0, 16)}`,
        requestedAt: requestedAt.toISOString(),
        answeredAt: new Date().toISOString(),
        payload: outcome.payload,
      },
    };
  }

  /**
   * `rawDetails` when the last attempt got no answer: the keys of an answer, with `reference` and
   * `payload` null, the timestamps of that attempt, and the error.
   */
  unanswered(processName: ProcessName, requestedAt: Date, error: unknown): ProviderRawDetails {
    return {
      provider: providerName(processName),
      reference: null,
      requestedAt: requestedAt.toISOString(),
      answeredAt: new Date().toISOString(),
      payload: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function providerName(processName: ProcessName): string {
  return `sandbox:${processName}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
