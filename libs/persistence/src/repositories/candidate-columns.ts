import type { RegistrationInput } from '@app/domain';
import type { Columns } from './hot-sql';
import { day, Field } from './read-sql';

/**
 * The candidate's fields, declared once (docs/architecture.md, "A candidate field, file by file").
 * The keys are the domain's candidate (`RegistrationInput`): a field added there does not compile
 * until it has its column here, and then until the registration's write and every candidate read
 * below say whether they carry it (each takes a `Record<CandidateField, boolean>`). The write, the
 * reads' SELECT lists and JSON objects, the eraser's SET list and the rectification's columns all
 * come from this map.
 */
export type CandidateField = keyof RegistrationInput;

export const CANDIDATE_COLUMNS = {
  personType: ['person_type', 'text'],
  name: ['name', 'text'],
  lastName: ['last_name', 'text'],
  secondLastName: ['second_last_name', 'text'],
  birthDate: ['birth_date', 'date'],
  nationality: ['nationality', 'text'],
  gender: ['gender', 'text'],
  rfc: ['rfc', 'text'],
  curp: ['curp', 'text'],
  consentNIP: ['consent_nip', 'text'],
  regime: ['regime', 'text'],
  businessName: ['business_name', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'text'],
} as const satisfies Record<CandidateField, readonly [column: string, type: 'text' | 'date']>;

/** A validated candidate as it is stored: nationality is always set at registration. */
export type NewCandidate = RegistrationInput & { id: string; nationality: string };

/** A candidate field as it reads back: an absent optional field is NULL; dates are YYYY-MM-DD. */
export type StoredCandidate = {
  [K in CandidateField]-?: undefined extends NewCandidate[K]
    ? Exclude<NewCandidate[K], undefined> | null
    : NewCandidate[K];
};

/** The fields every stored candidate has (the others are NULL when the registration left them out). */
const REQUIRED: readonly string[] = ['personType', 'nationality'];

/** Which candidate fields a read carries: every field named, so a new one needs a decision. */
export type CandidateSelection = Record<CandidateField, boolean>;

/** Every field (the privacy export, docs/privacy.md, "ARCO requests"). */
export const EVERY_CANDIDATE_FIELD = Object.fromEntries(
  Object.keys(CANDIDATE_COLUMNS).map((field) => [field, true]),
) as { [K in CandidateField]: true };

/** The fields `S` selects, as read fields of the candidate table under `alias`. */
export type CandidateFields<S extends CandidateSelection> = {
  [K in keyof S as S[K] extends true ? K : never]: Field<
    StoredCandidate[K & CandidateField],
    StoredCandidate[K & CandidateField]
  >;
};

/**
 * The read fields of the candidate table under `alias` that `selection` carries, in the map's
 * order: a date is YYYY-MM-DD text (see read-sql.ts `day`).
 */
export function candidateFields<const S extends CandidateSelection>(
  alias: string,
  selection: S,
): CandidateFields<S> {
  const fields: Record<string, Field<unknown>> = {};
  for (const [field, [column, type]] of Object.entries(CANDIDATE_COLUMNS)) {
    if (!selection[field as CandidateField]) continue;
    const read = type === 'date' ? day(`${alias}.${column}`) : new Field(`${alias}.${column}`, type);
    fields[field] = REQUIRED.includes(field) ? read : read.orNull();
  }
  return fields as CandidateFields<S>;
}

/** The candidate's columns of a row set of a write, each read from the row's candidate. */
export function candidateWriteColumns<T>(candidateOf: (row: T) => RegistrationInput): Columns<T> {
  const columns: Record<string, readonly [string, (row: T) => unknown]> = {};
  for (const [field, [column, type]] of Object.entries(CANDIDATE_COLUMNS))
    columns[column] = [type, (row: T) => candidateOf(row)[field as CandidateField]];
  return columns as Columns<T>;
}

/** The columns of every field but `keep`'s. */
const columnsBut = (keep: readonly CandidateField[]): string[] =>
  Object.entries(CANDIDATE_COLUMNS)
    .filter(([field]) => !keep.includes(field as CandidateField))
    .map(([, [column]]) => column);

/** `column = NULL` for every field but `keep`'s (what an erasure leaves: docs/privacy.md). */
export function candidateColumnsSetNull(keep: readonly CandidateField[]): string {
  return columnsBut(keep)
    .map((column) => `${column} = NULL`)
    .join(', ');
}

/** Whether a row still holds any field but `keep`'s: the rows an erasure has yet to touch. */
export function candidateColumnsAnyKept(keep: readonly CandidateField[]): string {
  return `(${columnsBut(keep)
    .map((column) => `${column} IS NOT NULL`)
    .join(' OR ')})`;
}

/** The column of a candidate field. */
export const candidateColumn = (field: CandidateField): string => CANDIDATE_COLUMNS[field][0];
