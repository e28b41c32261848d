import type { FieldViolation } from '../errors';
import { normalizeName } from '../legal-records/names';
import { characterCount, unknownFieldMessage } from '../request-shape';
import { textCharacterViolations } from '../text-characters';

/**
 * A client's privacy notice (aviso de privacidad, LFPDPPP 2025; docs/privacy.md, "Consent and the
 * privacy notice"): the version candidates consent to, where the full text is published, and the
 * purposes of the processing, each necessary for the relationship or voluntary (which the
 * candidate may refuse).
 */
export const PURPOSE_KINDS = ['necessary', 'voluntary'] as const;
export type PurposeKind = (typeof PURPOSE_KINDS)[number];

export interface PrivacyPurpose {
  name: string;
  kind: PurposeKind;
}

export const MAX_NOTICE_VERSION_LENGTH = 64;
export const MAX_NOTICE_URL_LENGTH = 2048;
export const MAX_PURPOSES = 50;
export const MAX_PURPOSE_NAME_LENGTH = 200;

const NOTICE_VERSION = /^[A-Za-z0-9._-]+$/;
const PURPOSE_FIELDS: readonly string[] = ['name', 'kind'];

/**
 * A notice version, wherever one is written (the notice itself, a consent that names it): 1 to 64
 * letters, digits, dots, hyphens or underscores (`2026-01`, `v3.1`).
 */
export function noticeVersionViolations(value: unknown, field: string): FieldViolation[] {
  if (typeof value !== 'string' || value.length > MAX_NOTICE_VERSION_LENGTH || !NOTICE_VERSION.test(value))
    return [
      {
        field,
        message: `${field} must be 1 to ${MAX_NOTICE_VERSION_LENGTH} letters, digits, dots, hyphens or underscores (e.g. 2026-01).`,
      },
    ];
  return [];
}

/** http:// or https://, then a host; nothing a browser would trim or skip. */
function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]/i.test(value) || /[\s\p{Cc}]/u.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

function urlViolations(value: unknown): FieldViolation[] {
  if (typeof value !== 'string' || !isWebAddress(value))
    return [{ field: 'url', message: 'url must be the absolute http or https address of the notice.' }];
  if (value.length > MAX_NOTICE_URL_LENGTH)
    return [{ field: 'url', message: `url must be at most ${MAX_NOTICE_URL_LENGTH} characters.` }];
  return [];
}

function purposeViolations(item: unknown, path: string): FieldViolation[] {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return [{ field: path, message: `${path} must be an object with a name and a kind.` }];
  const purpose = item as Record<string, unknown>;
  const violations: FieldViolation[] = Object.keys(purpose)
    .filter((key) => !PURPOSE_FIELDS.includes(key))
    .map((key) => ({ field: `${path}.${key}`, message: unknownFieldMessage(key) }));
  const name = purpose.name;
  if (typeof name !== 'string' || name.trim() === '')
    violations.push({
      field: `${path}.name`,
      message: `${path}.name is required: what the data is used for (1 to ${MAX_PURPOSE_NAME_LENGTH} characters).`,
    });
  else if (characterCount(name) > MAX_PURPOSE_NAME_LENGTH)
    violations.push({
      field: `${path}.name`,
      message: `${path}.name must be at most ${MAX_PURPOSE_NAME_LENGTH} characters.`,
    });
  else violations.push(...textCharacterViolations(`${path}.name`, name, 'free text'));
  if (!(PURPOSE_KINDS as readonly unknown[]).includes(purpose.kind))
    violations.push({
      field: `${path}.kind`,
      message: `${path}.kind must be necessary or voluntary (a purpose the candidate may refuse).`,
    });
  return violations;
}

/** The same purpose twice, spelt alike but for case, accents or spacing: the later one is named. */
function repeatedPurposeViolations(purposes: readonly unknown[]): FieldViolation[] {
  const seen = new Map<string, number>();
  const violations: FieldViolation[] = [];
  purposes.forEach((item, i) => {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || name.trim() === '') return;
    const key = normalizeName(name);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else
      violations.push({
        field: `purposes[${i}].name`,
        message: `purposes[${i}].name repeats purposes[${first}].name: list each purpose once.`,
      });
  });
  return violations;
}

function purposesViolations(value: unknown): FieldViolation[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PURPOSES)
    return [
      {
        field: 'purposes',
        message: `purposes must be a list of 1 to ${MAX_PURPOSES} purposes, each with a name and a kind.`,
      },
    ];
  const violations = value.flatMap((item, i) => purposeViolations(item, `purposes[${i}]`));
  return [...violations, ...repeatedPurposeViolations(value)];
}

/** The body of a notice a client publishes (JSON types unchecked); one 400 lists every violation. */
export function privacyNoticeViolations(input: {
  version?: unknown;
  url?: unknown;
  purposes?: unknown;
}): FieldViolation[] {
  return [
    ...noticeVersionViolations(input.version, 'version'),
    ...urlViolations(input.url),
    ...purposesViolations(input.purposes),
  ];
}
