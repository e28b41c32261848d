import type { FieldViolation } from '../errors';
import { oneOfViolations, requiredTextViolations, unknownFieldMessage } from '../request-shape';
import { textCharacterViolations } from '../text-characters';
import type { Finding } from './findings';
import { REVIEW_DECISIONS } from './reviews';

/** A review's reason, in characters. */
export const MAX_REVIEW_REASON_LENGTH = 500;
/** A dispute's statement, in characters. */
export const MAX_DISPUTE_STATEMENT_LENGTH = 2_000;
/** A finding's parts (a source's name, an entry's key), in characters. */
const MAX_FINDING_PART_LENGTH = 200;

const FINDING_FIELDS = ['source', 'entryId'];

/** `finding`: an object with a source and an entry id, nothing else. */
function findingViolations(value: unknown): FieldViolation[] {
  if (value === undefined || value === null)
    return [
      { field: 'finding', message: 'finding is required: { source, entryId } of a finding of the process.' },
    ];
  if (typeof value !== 'object' || Array.isArray(value))
    return [{ field: 'finding', message: 'finding must be an object { source, entryId }.' }];
  const unknown = Object.keys(value)
    .filter((key) => !FINDING_FIELDS.includes(key))
    .map((key) => ({ field: `finding.${key}`, message: unknownFieldMessage(key) }));
  const parts = FINDING_FIELDS.flatMap((field) =>
    requiredTextViolations(value, field, MAX_FINDING_PART_LENGTH).map((v) => ({
      field: `finding.${v.field}`,
      message: v.message,
    })),
  );
  return [...unknown, ...parts];
}

/** `POST .../processes/{processId}/reviews`: a finding, a decision and its reason (1..500 characters). */
export function reviewBodyViolations(body: {
  finding?: unknown;
  decision?: unknown;
  reason?: unknown;
}): FieldViolation[] {
  const violations = findingViolations(body.finding);
  if (body.decision === undefined || body.decision === null)
    violations.push({
      field: 'decision',
      message: `decision is required: one of ${REVIEW_DECISIONS.join(', ')}.`,
    });
  else violations.push(...oneOfViolations(body, 'decision', REVIEW_DECISIONS));
  violations.push(...requiredTextViolations(body, 'reason', MAX_REVIEW_REASON_LENGTH));
  violations.push(...textCharacterViolations('reason', body.reason, 'free text'));
  return violations;
}

/** `POST /candidate-requests/{uuid}/disputes`: a finding and the candidate's statement. */
export function disputeBodyViolations(body: { finding?: unknown; statement?: unknown }): FieldViolation[] {
  return [
    ...findingViolations(body.finding),
    ...requiredTextViolations(body, 'statement', MAX_DISPUTE_STATEMENT_LENGTH),
    ...textCharacterViolations('statement', body.statement, 'free text'),
  ];
}

/** The 400 of a finding that is not one of the process's (or, for a dispute, of the request's). */
export function notAFindingViolation(finding: Finding, of: 'process' | 'request'): FieldViolation {
  return {
    field: 'finding',
    message:
      of === 'process'
        ? `finding ${finding.source}/${finding.entryId} is not a finding of this process: use the source and entryId of one of its summary's matches (or persons, for BGC Legal).`
        : `finding ${finding.source}/${finding.entryId} is not a finding of this candidate request's finished processes.`,
  };
}
