import { FinalResult, ProcessName } from './catalog';
import { UnavailableSummary } from './summaries';

/**
 * The port of the external systems that screen a candidate (one provider per process type). The
 * domain says what it asks and what it expects back; adapters (libs/adapters: the sandbox today, a
 * real provider tomorrow) implement it. The processor injects `ProcessProvider` and never knows which.
 */

/** Who is screened: enough identity for a stable, candidate-specific answer. */
export interface CandidateIdentity {
  personType?: string;
  name?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
  birthDate?: string | null;
  nationality?: string | null;
  gender?: string | null;
  rfc?: string | null;
  curp?: string | null;
  businessName?: string | null;
}

/** What the legal-records corpus says of the candidate (supplied by a port; never billed). */
export interface LegalMatchSummary {
  lawsuitsFound: number;
  asDefendant: number;
  categories: string[];
  /** The persons matched, most lawsuits first (at most MAX_LEGAL_PERSONS_SHOWN): each a finding to review. */
  persons: LegalPersonFound[];
}

/** One person of the legal-records corpus that BGC Legal matched with the candidate. */
export interface LegalPersonFound {
  /** The person's uuid in the corpus. */
  entryId: string;
  fullName: string;
  lawsuits: number;
  asDefendant: number;
  categories: string[];
}

/** BGC Legal shows at most this many persons (the counts cover every person matched). */
export const MAX_LEGAL_PERSONS_SHOWN = 20;

/** What a provider may use besides the identity. */
export interface ProviderContext {
  legalMatches?: LegalMatchSummary;
  /**
   * Entries a reviewer dismissed for this request, in the state they were dismissed in
   * (docs/reviews.md, "Dismissal memory"): a list process leaves them out while they stay so.
   */
  dismissed?: ReadonlyArray<{ source: string; entryId: string; entryState: string }>;
  /** What the candidate supplied for a process that waits for them (docs/behaviour.md). */
  candidateInput?: unknown;
}

/**
 * `rawDetails` of a process (docs/behaviour.md: the provider's answer), documented by the api's
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

/** The port (an abstract class, so that it is also the injection token). */
export abstract class ProcessProvider {
  /** One call; throws when the provider gives no answer (the caller retries, see RETRY_POLICY). */
  abstract call(
    processName: ProcessName,
    candidate: CandidateIdentity,
    context: ProviderContext,
  ): Promise<ProviderAnswer>;

  /**
   * `rawDetails` when the last attempt got no answer: the keys of an answer, with `reference` and
   * `payload` null, the timestamps of that attempt, and the error.
   */
  abstract unanswered(processName: ProcessName, requestedAt: Date, error: unknown): ProviderRawDetails;
}

/**
 * Attempts of one provider call, then `No disponible`. The queue contract runs the job this many
 * times (its backoff is the queue's business).
 */
export const RETRY_POLICY = { attempts: 3 } as const;

export function outcomeAfterRetriesExhausted(processName: ProcessName): {
  result: FinalResult;
  summary: UnavailableSummary;
} {
  return {
    result: 'No disponible',
    summary: {
      providerAnswered: false,
      reason: `The ${processName} provider gave no answer after ${RETRY_POLICY.attempts} attempts.`,
    },
  };
}
