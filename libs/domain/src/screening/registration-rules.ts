import { isCalendarDate } from '../calendar';
import { FieldViolation } from '../errors';
import { textCharacterViolations } from '../text-characters';
import { CREDIT_REPORT, GENDERS, NATIONALITIES, PERSON_TYPES, PersonType, ProcessName } from './catalog';

/** The candidate part of a registration body (docs/behaviour.md), after {@link normalizeRegistration}. */
export interface RegistrationInput {
  personType: PersonType;
  name?: string;
  lastName?: string;
  secondLastName?: string;
  birthDate?: string;
  nationality?: string;
  gender?: string;
  rfc?: string;
  curp?: string;
  consentNIP?: string;
  regime?: string;
  businessName?: string;
  email?: string;
  phone?: string;
}

export interface RegistrationContext {
  packageProcesses: readonly ProcessName[];
  /** Today's calendar date (YYYY-MM-DD) in SERVICE_TIMEZONE. */
  today: string;
}

/**
 * RFC: 3 letters (a company) or 4 (a person), YYMMDD, a 3-character homoclave. The service
 * accepts 12 or 13 characters whatever the person type, so the length is not tied to it.
 */
export const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

/**
 * The RFC's YYMMDD (the person's birth date or the company's founding date) is a real date: month
 * 01-12, a day that month has. The century is not written, so 29 February is accepted in any year
 * divisible by 4 (00 included: 2000 was a leap year). Expects a string that matches `RFC`.
 */
export function hasRfcDate(rfc: string): boolean {
  const yymmdd = rfc.slice(-9, -3);
  return isCalendarDate(`20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`);
}
/** CURP; sex H, M or X (Mexico issues X for non-binary persons). */
export const CURP = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9]\d$/;
const E164_LIKE = /^\+?[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type TextField = Exclude<keyof RegistrationInput, 'personType'>;
const TEXT_FIELDS: TextField[] = [
  'name',
  'lastName',
  'secondLastName',
  'birthDate',
  'nationality',
  'gender',
  'rfc',
  'curp',
  'consentNIP',
  'regime',
  'businessName',
  'email',
  'phone',
];

/**
 * Trims every string and upper-cases RFC and CURP (docs/behaviour.md). Nationality and gender are
 * taken as sent: docs/behaviour.md allows strictly the listed codes.
 */
export function normalizeRegistration(
  input: Partial<RegistrationInput> & { personType?: PersonType },
): RegistrationInput {
  const out: RegistrationInput = { personType: input.personType ?? 'individual' };
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    out[field] = normalizedRegistrationText(field, value);
  }
  return out;
}

/** One text field as {@link normalizeRegistration} stores it. */
export function normalizedRegistrationText(field: TextField, value: string): string {
  if (field === 'nationality' || field === 'gender') return value;
  return field === 'rfc' || field === 'curp' ? value.trim().toUpperCase() : value.trim();
}

/** The fields that hold a person's or a company's name: no control or invisible characters. */
export const REGISTRATION_NAME_FIELDS = [
  'name',
  'lastName',
  'secondLastName',
  'businessName',
  'regime',
] as const satisfies readonly TextField[];

/** Every field a registration body may have (docs/behaviour.md); anything else is refused. */
export const REGISTRATION_FIELDS: readonly string[] = ['packageId', 'personType', ...TEXT_FIELDS];
/** A JSON registration may also carry the candidate's consent (docs/privacy.md, "Consent"). */
const REGISTRATION_BODY_FIELDS: readonly string[] = [...REGISTRATION_FIELDS, 'consent'];

/**
 * The JSON types of a registration body (`packageId`, `personType`, the text fields), the
 * characters of its name fields, and the fields it may not have. Reported
 * together with the rules of {@link validateRegistration}, so that one 400 lists everything; a
 * field named here is left out of the rules' report (its value could not be read). `null` counts
 * as absent.
 */
export function registrationTypeViolations(body: Record<string, unknown>): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const { packageId, personType } = body;
  if (packageId === undefined || packageId === null)
    violations.push({ field: 'packageId', message: 'packageId is required (see GET /packages).' });
  else if (typeof packageId !== 'string' || packageId.trim() === '' || packageId.length > 64)
    violations.push({
      field: 'packageId',
      message: 'packageId must be a package identifier of 1 to 64 characters.',
    });
  if (
    personType !== undefined &&
    personType !== null &&
    !(PERSON_TYPES as readonly unknown[]).includes(personType)
  )
    violations.push({ field: 'personType', message: 'personType must be individual or corporate.' });
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== 'string')
      violations.push({ field, message: `${field} must be a string.` });
  }
  // On the value as sent: trimming would hide a tab or a line break at either end.
  for (const field of REGISTRATION_NAME_FIELDS)
    violations.push(...textCharacterViolations(field, body[field], 'name'));
  for (const field of Object.keys(body))
    if (!REGISTRATION_BODY_FIELDS.includes(field))
      violations.push({ field, message: `"${field}" is not a known field.` });
  return violations;
}

/**
 * docs/behaviour.md: older than 18 means the 18th birthday lies strictly before today. A 29 February
 * birthday falls on 1 March in a non-leap year (the legal reading in Mexico: the day after 28 Feb).
 */
export function isOlderThan18(birthDate: string, today: string): boolean {
  const [y, m, d] = birthDate.split('-').map(Number);
  const eighteenth = new Date(Date.UTC(y + 18, m - 1, d)); // 29 Feb of a non-leap year rolls to 1 Mar
  return eighteenth.toISOString().slice(0, 10) < today;
}

/** A text field: present (unless `optional`), not empty, and at most `max` characters. */
function checkText(
  input: RegistrationInput,
  field: TextField,
  max: number,
  violations: FieldViolation[],
  optional = false,
): void {
  const value = input[field];
  if (value === undefined) {
    if (!optional) violations.push({ field, message: `${field} is required.` });
  } else violations.push(...textLengthViolations(value, max, field));
}

/** The longest name, surname or second surname a registration takes. */
export const MAX_PERSON_NAME_LENGTH = 100;

/** The longest `regime` or `businessName` a registration takes, of a company or of a person. */
export const MAX_COMPANY_TEXT_LENGTH = 200;

/** A normalized text that is given: not empty, at most `max` characters. */
function textLengthViolations(value: string, max: number, field: string): FieldViolation[] {
  if (value.length === 0) return [{ field, message: `${field} must not be empty.` }];
  if (value.length > max) return [{ field, message: `${field} must be at most ${max} characters.` }];
  return [];
}

/** A birth date as registration takes it (normalized), whatever the age. */
function birthDateViolations(value: string, field = 'birthDate'): FieldViolation[] {
  return isCalendarDate(value)
    ? []
    : [{ field, message: `${field} must be a real date written YYYY-MM-DD.` }];
}

/** The shape of a normalized RFC: its length, its letters, digits and homoclave, its date. */
function rfcViolations(rfc: string, field = 'rfc'): FieldViolation[] {
  if (rfc.length !== 12 && rfc.length !== 13)
    return [{ field, message: `${field} must be 12 or 13 characters long.` }];
  if (!RFC.test(rfc))
    return [
      {
        field,
        message: `${field} must be 3 or 4 letters, 6 digits (YYMMDD) and a 3-character homoclave.`,
      },
    ];
  if (!hasRfcDate(rfc)) return [{ field, message: `The 6 digits of ${field} must be a real date (YYMMDD).` }];
  return [];
}

/** The shape of a normalized CURP. */
function curpViolations(curp: string, field = 'curp'): FieldViolation[] {
  return CURP.test(curp) ? [] : [{ field, message: `${field} must be a valid 18-character CURP.` }];
}

/**
 * Rule 4 (1-based positions 1..10): an RFC and a CURP of the same person begin alike. Not applied
 * to an RFC whose length is already wrong.
 */
export function rfcCurpViolations(
  rfc: string,
  curp: string,
  fields: { rfc: string; curp: string } = { rfc: 'rfc', curp: 'curp' },
): FieldViolation[] {
  if ((rfc.length !== 12 && rfc.length !== 13) || rfc.slice(0, 10) === curp.slice(0, 10)) return [];
  return [
    {
      field: fields.rfc,
      message: `The first 10 characters of ${fields.rfc} must equal the first 10 characters of ${fields.curp}.`,
    },
  ];
}

function emailViolations(email: string, field = 'email'): FieldViolation[] {
  return EMAIL.test(email) ? [] : [{ field, message: `${field} must be an e-mail address.` }];
}

/** Spaces and hyphens between the digits are fine. */
function phoneViolations(phone: string, field = 'phone'): FieldViolation[] {
  return E164_LIKE.test(phone.replace(/[\s-]/g, ''))
    ? []
    : [{ field, message: `${field} must be an international number such as +525512345678.` }];
}

/**
 * The fields that say who a person is and how to reach them: what an ARCO request identifies a
 * candidate by and what a rectification corrects (docs/privacy.md).
 */
export const CANDIDATE_PERSON_FIELDS = [
  'name',
  'lastName',
  'secondLastName',
  'birthDate',
  'rfc',
  'curp',
  'email',
  'phone',
] as const satisfies readonly TextField[];
export type CandidatePersonField = (typeof CANDIDATE_PERSON_FIELDS)[number];

const PERSON_FIELD_RULES: Record<CandidatePersonField, (value: string, field: string) => FieldViolation[]> = {
  name: (value, field) => textLengthViolations(value, MAX_PERSON_NAME_LENGTH, field),
  lastName: (value, field) => textLengthViolations(value, MAX_PERSON_NAME_LENGTH, field),
  secondLastName: (value, field) => textLengthViolations(value, MAX_PERSON_NAME_LENGTH, field),
  birthDate: birthDateViolations,
  rfc: rfcViolations,
  curp: curpViolations,
  email: emailViolations,
  phone: phoneViolations,
};

/**
 * One of {@link CANDIDATE_PERSON_FIELDS} given on its own (JSON types unchecked), with the rules a
 * registration applies to it: a string; a name's characters on the value as sent; the rest on the
 * value as stored (trimmed, RFC and CURP upper-cased). `path` names it in the violations
 * (`changes.rfc`). Rules that need more than the field (age, rule 4, what the package needs) are
 * the caller's.
 */
export function personFieldViolations(
  field: CandidatePersonField,
  value: unknown,
  path: string,
): FieldViolation[] {
  if (typeof value !== 'string') return [{ field: path, message: `${path} must be a string.` }];
  const characters = (REGISTRATION_NAME_FIELDS as readonly string[]).includes(field)
    ? textCharacterViolations(path, value, 'name')
    : [];
  if (characters.length > 0) return characters;
  return PERSON_FIELD_RULES[field](normalizedRegistrationText(field, value), path);
}

/**
 * Every rule of docs/behaviour.md with docs/behaviour.md, on a normalized input. Returns all violations, each
 * on the field a person would fix.
 */
export function validateRegistration(input: RegistrationInput, ctx: RegistrationContext): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const individual = input.personType === 'individual';
  const needsCredit = ctx.packageProcesses.includes(CREDIT_REPORT);

  if (individual) {
    checkText(input, 'name', MAX_PERSON_NAME_LENGTH, violations);
    checkText(input, 'lastName', MAX_PERSON_NAME_LENGTH, violations);
    checkText(input, 'secondLastName', MAX_PERSON_NAME_LENGTH, violations, true);
    // Not used for a person, but stored and sent on like any field: bounded as for a company. An
    // empty one stays accepted, as it always was.
    for (const field of ['regime', 'businessName'] as const) {
      const value = input[field];
      if (value !== undefined && value.length > MAX_COMPANY_TEXT_LENGTH)
        violations.push(...textLengthViolations(value, MAX_COMPANY_TEXT_LENGTH, field));
    }
  } else {
    // Rule 6: a company is identified by its regime and legal name.
    for (const field of ['regime', 'businessName'] as const) {
      if (input[field] === undefined || input[field] === '')
        violations.push({ field, message: `${field} is required for corporate registrations.` });
      else checkText(input, field, MAX_COMPANY_TEXT_LENGTH, violations);
    }
    checkText(input, 'name', MAX_PERSON_NAME_LENGTH, violations, true);
    checkText(input, 'lastName', MAX_PERSON_NAME_LENGTH, violations, true);
    checkText(input, 'secondLastName', MAX_PERSON_NAME_LENGTH, violations, true);
  }

  // Rule 1.
  if (input.birthDate === undefined) {
    if (individual) violations.push({ field: 'birthDate', message: 'birthDate is required (YYYY-MM-DD).' });
  } else if (!isCalendarDate(input.birthDate)) {
    violations.push(...birthDateViolations(input.birthDate));
  } else if (individual && !isOlderThan18(input.birthDate, ctx.today)) {
    violations.push({ field: 'birthDate', message: 'The candidate must be older than 18 years.' });
  }

  // Rule 2.
  if (input.nationality === undefined)
    violations.push({ field: 'nationality', message: 'nationality is required.' });
  else if (!(NATIONALITIES as readonly string[]).includes(input.nationality))
    violations.push({
      field: 'nationality',
      message: `nationality must be one of ${NATIONALITIES.join(', ')}.`,
    });

  // Rule 3.
  if (input.gender === undefined) {
    if (individual) violations.push({ field: 'gender', message: 'gender is required (H, M or X).' });
  } else if (!(GENDERS as readonly string[]).includes(input.gender)) {
    violations.push({ field: 'gender', message: 'gender must be H (man), M (woman) or X (non-binary).' });
  }

  // RFC and CURP shape.
  let rfcValid = false;
  if (input.rfc === undefined) {
    if (needsCredit)
      violations.push({
        field: 'rfc',
        message: 'rfc is required when the package includes Reporte de Crédito.',
      });
  } else {
    const rfcShape = rfcViolations(input.rfc);
    violations.push(...rfcShape);
    rfcValid = rfcShape.length === 0;
  }
  if (input.curp !== undefined) violations.push(...curpViolations(input.curp));

  // Rule 4.
  if (input.rfc !== undefined && input.curp !== undefined)
    violations.push(...rfcCurpViolations(input.rfc, input.curp));

  // Rule 5 (1-based: consentNIP[3..4] == rfc[5..6]); its format is checked whenever it is sent.
  if (input.consentNIP === undefined) {
    if (needsCredit)
      violations.push({
        field: 'consentNIP',
        message: 'consentNIP is required when the package includes Reporte de Crédito.',
      });
  } else if (!/^\d{4,}$/.test(input.consentNIP)) {
    violations.push({ field: 'consentNIP', message: 'consentNIP must be at least 4 digits.' });
  } else if (needsCredit && rfcValid && input.consentNIP.slice(2, 4) !== input.rfc?.slice(4, 6)) {
    violations.push({
      field: 'consentNIP',
      message: 'Digits 3 and 4 of consentNIP must equal positions 5 and 6 of rfc (the year).',
    });
  }

  if (input.email !== undefined) violations.push(...emailViolations(input.email));
  if (input.phone !== undefined) violations.push(...phoneViolations(input.phone));
  return violations;
}
