import { Inject, Injectable } from '@nestjs/common';
import {
  CandidateIdentity,
  ProcessName,
  ProcessProvider,
  ProviderAnswer,
  ProviderContext,
  ProviderRawDetails,
} from '@app/domain';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { sandboxOutcome } from './sandbox-outcome';

export class ProviderUnavailableError extends Error {}

/**
 * The built-in sandbox: answers deterministically from the candidate's identity (domain rules),
 * after a configurable delay and with a configurable share of failed calls, so tests and
 * benchmarks can set both.
 */
@Injectable()
export class SandboxProvider implements ProcessProvider {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async call(
    processName: ProcessName,
    candidate: CandidateIdentity,
    extra: ProviderContext,
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
