import { EARLIEST_QUERY_DATE, isCalendarDate } from '../calendar';
import type { FieldViolation } from '../errors';
import { normalizeName } from '../legal-records/names';
import { characterCount, unknownFieldMessage } from '../request-shape';
import {
  CANDIDATE_PERSON_FIELDS,
  CandidatePersonField,
  normalizedRegistrationText,
  personFieldViolations,
  rfcCurpViolations,
} from '../screening/registration-rules';
import { textCharacterViolations } from '../text-characters';

/**
 * ARCO requests (docs/privacy.md, "ARCO requests"): a person asks a client for access to their
 * personal data, its rectification, its cancellation, or opposes its processing. The client
 * records the request as received, answers it within 20 business days (arcoDueDate) and records
 * its decision.
 */
export const ARCO_RIGHTS = ['access', 'rectification', 'cancellation', 'opposition'] as const;
export type ArcoRight = (typeof ARCO_RIGHTS)[number];
/** How the request reached the client. */
export const ARCO_CHANNELS = ['web', 'email', 'paper', 'in_person'] as const;
export type ArcoChannel = (typeof ARCO_CHANNELS)[number];
export const ARCO_DECISIONS = ['granted', 'denied'] as const;
export type ArcoDecision = (typeof ARCO_DECISIONS)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'resolved'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Who the request is about, as the person identified themself. */
export interface ArcoSubject {
  rfc?: string;
  curp?: string;
  name?: string;
  lastName?: string;
  secondLastName?: string;
  birthDate?: string;
}

export const ARCO_SUBJECT_FIELDS = [
  'rfc',
  'curp',
  'name',
  'lastName',
  'secondLastName',
  'birthDate',
] as const satisfies readonly (keyof ArcoSubject & CandidatePersonField)[];

export const MAX_ARCO_DETAILS_LENGTH = 2000;
export const MAX_ARCO_REASON_LENGTH = 2000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return allowed.some((candidate) => candidate === value);
}

/** `"x" is not a known field.` for every key of `value` not in `allowed`, under `path`. */
function unknownKeyViolations(
  value: Json,
  allowed: readonly string[],
  path: string,
  why = '',
): FieldViolation[] {
  return Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => ({ field: `${path}.${key}`, message: `${unknownFieldMessage(key)}${why}` }));
}

const IDENTIFY = 'an rfc, a curp, or name, lastName and birthDate';

function subjectViolations(subject: unknown, today: string): FieldViolation[] {
  if (subject === undefined)
    return [{ field: 'subject', message: `subject is required: who the request is about (${IDENTIFY}).` }];
  if (!isObject(subject))
    return [
      { field: 'subject', message: `subject must be an object that identifies the person (${IDENTIFY}).` },
    ];
  const violations = unknownKeyViolations(subject, ARCO_SUBJECT_FIELDS, 'subject');
  for (const field of ARCO_SUBJECT_FIELDS) {
    const value = subject[field];
    if (value === undefined) continue;
    const path = `subject.${field}`;
    const own = personFieldViolations(field, value, path);
    violations.push(...own);
    if (field === 'birthDate' && own.length === 0 && (value as string).trim() > today)
      violations.push({ field: path, message: `${path} must not be after today (${today}).` });
  }
  const given = (field: keyof ArcoSubject) => subject[field] !== undefined;
  if (!given('rfc') && !given('curp') && !(given('name') && given('lastName') && given('birthDate')))
    violations.push({ field: 'subject', message: `subject must identify the person: ${IDENTIFY}.` });
  return violations;
}

function receivedAtViolations(value: unknown, today: string): FieldViolation[] {
  if (!isCalendarDate(value))
    return [
      {
        field: 'receivedAt',
        message: 'receivedAt must be the day received, a real date written YYYY-MM-DD.',
      },
    ];
  if (value < EARLIEST_QUERY_DATE || value > today)
    return [
      {
        field: 'receivedAt',
        message: `receivedAt must be a date from ${EARLIEST_QUERY_DATE} to today (${today}), got ${value}.`,
      },
    ];
  return [];
}

/** A text of at most `max` characters with the characters of free text; `required`: not blank. */
function freeTextViolations(value: unknown, field: string, max: number, required: boolean): FieldViolation[] {
  const blank = typeof value === 'string' && value.trim() === '';
  if (typeof value !== 'string' || characterCount(value) > max || (required && blank))
    return [
      {
        field,
        message: required
          ? `${field} is required: a text of 1 to ${max} characters.`
          : `${field} must be a text of at most ${max} characters, or be left out.`,
      },
    ];
  return textCharacterViolations(field, value, 'free text');
}

/**
 * The body of an ARCO request as a client records it (JSON types unchecked), on `today`
 * (YYYY-MM-DD in the service's time zone): which right, about whom, the day it was received (not
 * after today), by which channel, and optional details. The subject is checked with the rules
 * registration gives the same fields. One 400 lists every violation.
 */
export function privacyRequestViolations(
  input: { right?: unknown; subject?: unknown; receivedAt?: unknown; channel?: unknown; details?: unknown },
  today: string,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (!oneOf(input.right, ARCO_RIGHTS))
    violations.push({ field: 'right', message: `right must be one of ${ARCO_RIGHTS.join(', ')}.` });
  violations.push(...subjectViolations(input.subject, today));
  violations.push(...receivedAtViolations(input.receivedAt, today));
  if (!oneOf(input.channel, ARCO_CHANNELS))
    violations.push({ field: 'channel', message: `channel must be one of ${ARCO_CHANNELS.join(', ')}.` });
  if (input.details !== undefined)
    violations.push(...freeTextViolations(input.details, 'details', MAX_ARCO_DETAILS_LENGTH, false));
  return violations;
}

/** The candidate fields a granted rectification may correct. */
export const RECTIFIABLE_FIELDS: readonly CandidatePersonField[] = CANDIDATE_PERSON_FIELDS;

function changesViolations(changes: unknown): FieldViolation[] {
  const fields = RECTIFIABLE_FIELDS.join(', ');
  if (changes === undefined)
    return [
      {
        field: 'changes',
        message: `changes is required for a granted rectification: the corrected fields (${fields}).`,
      },
    ];
  if (!isObject(changes) || Object.keys(changes).length === 0)
    return [
      { field: 'changes', message: `changes must be an object of one or more corrected fields (${fields}).` },
    ];
  const violations = unknownKeyViolations(
    changes,
    RECTIFIABLE_FIELDS,
    'changes',
    ` A rectification corrects ${fields}.`,
  );
  for (const field of RECTIFIABLE_FIELDS)
    if (changes[field] !== undefined)
      violations.push(...personFieldViolations(field, changes[field], `changes.${field}`));
  const { rfc, curp } = changes;
  if (typeof rfc === 'string' && typeof curp === 'string')
    violations.push(
      ...rfcCurpViolations(normalizedRegistrationText('rfc', rfc), normalizedRegistrationText('curp', curp), {
        rfc: 'changes.rfc',
        curp: 'changes.curp',
      }),
    );
  return violations;
}

/**
 * The decision on a request of `right` (JSON types unchecked): granted or denied, always with its
 * reason. A granted rectification lists the corrected candidate fields in `changes`, each with the
 * rule registration gives it (age aside: a corrected birth date is the truth, whatever it says);
 * no other decision has changes.
 */
export function resolutionViolations(
  input: { decision?: unknown; reason?: unknown; changes?: unknown },
  right: ArcoRight,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const { decision } = input;
  if (!oneOf(decision, ARCO_DECISIONS))
    violations.push({ field: 'decision', message: `decision must be ${ARCO_DECISIONS.join(' or ')}.` });
  violations.push(...freeTextViolations(input.reason, 'reason', MAX_ARCO_REASON_LENGTH, true));
  if (right === 'rectification' && decision === 'granted')
    violations.push(...changesViolations(input.changes));
  else if (input.changes !== undefined && (right !== 'rectification' || decision === 'denied'))
    violations.push({ field: 'changes', message: 'changes belong to a granted rectification only.' });
  return violations;
}

/**
 * The identifiers a subject gives, as registration stores them (trimmed, upper-cased): what a
 * candidate's RFC and CURP are compared with.
 */
export function subjectIdentifiers(subject: ArcoSubject): { rfc?: string; curp?: string } {
  const identifiers: { rfc?: string; curp?: string } = {};
  for (const field of ['rfc', 'curp'] as const) {
    const value = subject[field];
    const stored = typeof value === 'string' ? normalizedRegistrationText(field, value) : '';
    if (stored !== '') identifiers[field] = stored;
  }
  return identifiers;
}

/** A part of the key, with `\` and `|` escaped: no name holding a `|` reads as two parts. */
function keyPart(value: string | null | undefined): string {
  return normalizeName(value ?? '').replace(/[\\|]/g, '\\$&');
}

/**
 * A person's full name folded as the legal-records search folds names (case, accents, ñ and
 * spacing aside; {@link normalizeName}), its three parts joined with `|`: `jose angel|nunez|`
 * for "José Ángel", "NÚÑEZ" and no second surname. Stored beside a candidate and a search, so that
 * the database compares keys the domain computed.
 */
export function personNameKey(name: string, lastName: string, secondLastName?: string): string {
  return [name, lastName, secondLastName].map(keyPart).join('|');
}

/** The subject's {@link personNameKey}; null unless it gives a name and a last name. */
export function subjectNameKey(subject: ArcoSubject): string | null {
  const { name, lastName, secondLastName } = subject;
  if (typeof name !== 'string' || typeof lastName !== 'string') return null;
  if (normalizeName(name) === '' || normalizeName(lastName) === '') return null;
  return personNameKey(name, lastName, secondLastName);
}

function birthDateOf(value: string | null | undefined): string | null {
  const date = value?.trim();
  return date ? date : null;
}

/**
 * Whether the request is about this candidate. An RFC or a CURP the subject gives decides alone:
 * the candidate matches when either equals theirs (a namesake with another RFC is someone else).
 * Without one, the full name (folded) and the birth date must both be equal.
 */
export function subjectMatchesCandidate(
  subject: ArcoSubject,
  candidate: {
    rfc?: string | null;
    curp?: string | null;
    name: string;
    lastName: string;
    secondLastName?: string | null;
    birthDate?: string | null;
  },
): boolean {
  const given = subjectIdentifiers(subject);
  if (given.rfc !== undefined || given.curp !== undefined) {
    const theirs = subjectIdentifiers({ rfc: candidate.rfc ?? undefined, curp: candidate.curp ?? undefined });
    return (
      (given.rfc !== undefined && given.rfc === theirs.rfc) ||
      (given.curp !== undefined && given.curp === theirs.curp)
    );
  }
  const key = subjectNameKey(subject);
  const birthDate = birthDateOf(subject.birthDate);
  return (
    key !== null &&
    birthDate !== null &&
    birthDate === birthDateOf(candidate.birthDate) &&
    key === personNameKey(candidate.name, candidate.lastName, candidate.secondLastName ?? undefined)
  );
}

/**
 * Whether a legal-records search was about the subject: its three name parts equal the subject's
 * once folded (a search has no birth date). An absent second surname equals an absent one only.
 */
export function subjectMatchesSearch(
  subject: ArcoSubject,
  search: { name: string; lastName: string; secondLastName?: string | null },
): boolean {
  const key = subjectNameKey(subject);
  return (
    key !== null && key === personNameKey(search.name, search.lastName, search.secondLastName ?? undefined)
  );
}
