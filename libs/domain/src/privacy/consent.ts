import type { FieldViolation } from '../errors';
import { characterCount, unknownFieldMessage } from '../request-shape';
import { textCharacterViolations } from '../text-characters';
import { noticeVersionViolations } from './privacy-notice';

/**
 * The consent a registration records (docs/privacy.md, "Consent"): on which basis the candidate's
 * data is processed (tacit: the notice was made available and not objected to; express: the
 * candidate said yes), to which version of the client's privacy notice, when, how, and where the
 * client keeps the proof.
 */
export const CONSENT_BASES = ['tacit', 'express'] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];
/** How the candidate accepted: on a web form, on paper, by voice (a recorded call). */
export const CONSENT_MEDIA = ['web', 'paper', 'voice'] as const;
export type ConsentMedium = (typeof CONSENT_MEDIA)[number];

export interface Consent {
  basis: ConsentBasis;
  noticeVersion: string;
  /** Epoch milliseconds. */
  acceptedAt: number;
  /** Always given by a client; absent from the consent the service records on its own. */
  medium?: ConsentMedium;
  /** The client's reference to its proof (a signed form's number, a recording's id). */
  evidenceRef?: string;
}

/** How far ahead of the service's clock a client's clock may be. */
export const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;
export const MAX_EVIDENCE_REF_LENGTH = 200;
const CONSENT_FIELDS: readonly string[] = ['basis', 'noticeVersion', 'acceptedAt', 'medium', 'evidenceRef'];

function oneOf(value: unknown, allowed: readonly string[]): boolean {
  return allowed.some((candidate) => candidate === value);
}

function acceptedAtViolations(value: unknown, now: number, field: string): FieldViolation[] {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    return [{ field, message: `${field} is required: the time of acceptance in epoch milliseconds.` }];
  if (value > now + CONSENT_CLOCK_SKEW_MS)
    return [
      {
        field,
        message: `${field} must not be in the future (a clock up to ${CONSENT_CLOCK_SKEW_MS / 60_000} minutes ahead is tolerated).`,
      },
    ];
  return [];
}

function evidenceRefViolations(value: unknown, field: string): FieldViolation[] {
  if (value === undefined) return [];
  if (typeof value !== 'string' || value.trim() === '' || characterCount(value) > MAX_EVIDENCE_REF_LENGTH)
    return [
      {
        field,
        message: `${field} must be a text of 1 to ${MAX_EVIDENCE_REF_LENGTH} characters, or be left out.`,
      },
    ];
  return textCharacterViolations(field, value, 'free text');
}

/**
 * The consent a client sends with a registration (JSON types unchecked), at `now` (epoch ms).
 * Absent is fine: {@link recordedConsent} then records one. Given, it names its basis, the notice
 * version, when and how the candidate accepted; the proof's reference is optional. `path` is
 * where it sits in the body. Every violation is listed.
 */
export function consentViolations(consent: unknown, now: number, path = 'consent'): FieldViolation[] {
  if (consent === undefined) return [];
  if (typeof consent !== 'object' || consent === null || Array.isArray(consent))
    return [
      {
        field: path,
        message: `${path} must be an object with basis, noticeVersion, acceptedAt and medium, or be left out.`,
      },
    ];
  const given = consent as Record<string, unknown>;
  const at = (field: string) => `${path}.${field}`;
  const violations: FieldViolation[] = Object.keys(given)
    .filter((key) => !CONSENT_FIELDS.includes(key))
    .map((key) => ({ field: at(key), message: unknownFieldMessage(key) }));
  if (!oneOf(given.basis, CONSENT_BASES))
    violations.push({ field: at('basis'), message: `${at('basis')} must be tacit or express.` });
  violations.push(...noticeVersionViolations(given.noticeVersion, at('noticeVersion')));
  violations.push(...acceptedAtViolations(given.acceptedAt, now, at('acceptedAt')));
  if (!oneOf(given.medium, CONSENT_MEDIA))
    violations.push({
      field: at('medium'),
      message: `${at('medium')} must be one of ${CONSENT_MEDIA.join(', ')}: how the candidate accepted.`,
    });
  violations.push(...evidenceRefViolations(given.evidenceRef, at('evidenceRef')));
  return violations;
}

/**
 * The consent a registration stores: the one the client gave, as it is; without one, the
 * client's current notice accepted at registration, expressly when `expressByCandidate` (the
 * candidate accepted it themself), tacitly otherwise. null when the client has no notice: there
 * was nothing to consent to.
 */
export function recordedConsent(input: {
  given?: Consent;
  currentNoticeVersion: string | null;
  registeredAt: number;
  expressByCandidate: boolean;
}): Consent | null {
  if (input.given) return input.given;
  if (input.currentNoticeVersion === null) return null;
  return {
    basis: input.expressByCandidate ? 'express' : 'tacit',
    noticeVersion: input.currentNoticeVersion,
    acceptedAt: input.registeredAt,
  };
}
