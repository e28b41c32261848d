import { FieldViolation } from '../errors';
import { isCalendarDate } from '../calendar';
import { objectListViolations } from '../request-shape';
import { textCharacterViolations, TextKind } from '../text-characters';
import { ProcessName, processTypeOf } from './catalog';
import { CandidateInputKind, DOCUMENT_TYPES } from './input-vocabulary';

type Json = Record<string, unknown>;

const text = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** Reference fields that name a person or a company; the others are free text. */
const NAME_FIELDS = ['name', 'contactName', 'company'];

function characterViolations(item: Json, path: string, field: string): FieldViolation[] {
  const kind: TextKind = NAME_FIELDS.includes(field) ? 'name' : 'free text';
  return textCharacterViolations(`${path}.${field}`, item[field], kind, field);
}

function checkFields(item: Json, path: string, fields: string[], violations: FieldViolation[]): void {
  for (const field of fields)
    if (!text(item[field]))
      violations.push({ field: `${path}.${field}`, message: `${field} is required (1 to 200 characters).` });
    else violations.push(...characterViolations(item, path, field));
}

const PERSONAL_REFERENCE_FIELDS = ['name', 'phone', 'relationship'];
const WORK_REFERENCE_FIELDS = ['company', 'contactName', 'phone', 'position', 'startDate', 'endDate'];
/** The fields a document and a reference may have (docs/behaviour.md), as the DTOs declare them. */
const DOCUMENT_FIELDS = ['type', 'fileName', 'sha256'];
const REFERENCE_FIELDS = [
  ...PERSONAL_REFERENCE_FIELDS,
  'company',
  'contactName',
  'position',
  'startDate',
  'endDate',
];

/** No mass assignment: a field of the other kind of reference is refused, not silently kept. */
function refuseOtherFields(
  item: Json,
  path: string,
  allowed: string[],
  kind: string,
  violations: FieldViolation[],
): void {
  for (const [field, value] of Object.entries(item))
    if (value !== undefined && !allowed.includes(field))
      violations.push({
        field: `${path}.${field}`,
        message: `"${field}" is not a field of a ${kind} reference.`,
      });
}

export type { CandidateInputKind } from './input-vocabulary';

interface CandidateInputRule {
  validate(input: Json, processName: string): FieldViolation[];
  /** What the report says the candidate must do ("En espera de que el candidato ..."). */
  prompt: string;
}

function validateDocuments(input: Json): FieldViolation[] {
  const v: FieldViolation[] = [];
  const docs = input.documents;
  if (!Array.isArray(docs) || docs.length === 0)
    return [{ field: 'documents', message: 'documents must list at least one document.' }];
  docs.forEach((raw, i) => {
    const doc = (raw ?? {}) as Json;
    const path = `documents[${i}]`;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(doc.type as string))
      v.push({ field: `${path}.type`, message: `type must be one of ${DOCUMENT_TYPES.join(', ')}.` });
    if (!text(doc.fileName, 255))
      v.push({ field: `${path}.fileName`, message: 'fileName is required (1 to 255 characters).' });
    else v.push(...characterViolations(doc, path, 'fileName'));
    if (typeof doc.sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(doc.sha256))
      v.push({ field: `${path}.sha256`, message: 'sha256 must be 64 hexadecimal characters.' });
  });
  if (input.references !== undefined)
    v.push({ field: 'references', message: 'Documentos takes documents, not references.' });
  return v;
}

function validateReferences(input: Json, processName: string, personal: boolean): FieldViolation[] {
  const v: FieldViolation[] = [];
  const minimum = personal ? 2 : 1;
  const refs = input.references;
  if (!Array.isArray(refs) || refs.length < minimum)
    return [
      {
        field: 'references',
        message: `references must list at least ${minimum} reference${minimum > 1 ? 's' : ''}.`,
      },
    ];
  refs.forEach((raw, i) => {
    const ref = (raw ?? {}) as Json;
    const path = `references[${i}]`;
    if (personal) {
      checkFields(ref, path, PERSONAL_REFERENCE_FIELDS, v);
      refuseOtherFields(ref, path, PERSONAL_REFERENCE_FIELDS, 'personal', v);
      return;
    }
    checkFields(ref, path, ['company', 'contactName', 'phone', 'position'], v);
    refuseOtherFields(ref, path, WORK_REFERENCE_FIELDS, 'work', v);
    const start = ref.startDate;
    const end = ref.endDate;
    if (typeof start !== 'string' || !isCalendarDate(start))
      v.push({ field: `${path}.startDate`, message: 'startDate must be a date YYYY-MM-DD.' });
    if (typeof end !== 'string' || !isCalendarDate(end))
      v.push({ field: `${path}.endDate`, message: 'endDate must be a date YYYY-MM-DD.' });
    else if (typeof start === 'string' && isCalendarDate(start) && end < start)
      v.push({ field: `${path}.endDate`, message: 'endDate must not be before startDate.' });
  });
  if (input.documents !== undefined)
    v.push({ field: 'documents', message: `${processName} takes references, not documents.` });
  return v;
}

export const CANDIDATE_INPUT_RULES: Readonly<Record<CandidateInputKind, CandidateInputRule>> = {
  documents: { validate: validateDocuments, prompt: 'entregue sus documentos' },
  'personal-references': {
    validate: (input, name) => validateReferences(input, name, true),
    prompt: 'proporcione sus referencias personales',
  },
  'work-references': {
    validate: (input, name) => validateReferences(input, name, false),
    prompt: 'proporcione sus referencias laborales',
  },
};

/** docs/behaviour.md: what each candidate-facing process needs from the candidate (its catalogue entry says). */
export function validateCandidateInput(processName: ProcessName, body: unknown): FieldViolation[] {
  const input = (body && typeof body === 'object' ? body : {}) as Json;
  const kind = processTypeOf(processName)?.candidateInput;
  if (!kind) return [{ field: 'processId', message: `${processName} takes no candidate input.` }];
  return CANDIDATE_INPUT_RULES[kind].validate(input, processName);
}

/**
 * docs/behaviour.md shape, checked before the process is looked up: `documents` and `references` are
 * lists of objects; a document has exactly its three fields, as strings; a reference has only
 * reference fields, each a string when present. Which of them a process needs is
 * {@link validateCandidateInput}'s.
 */
export function candidateInputShapeViolations(input: {
  documents?: unknown;
  references?: unknown;
}): FieldViolation[] {
  return [
    ...objectListViolations(input, 'documents', { fields: DOCUMENT_FIELDS, required: true }),
    ...objectListViolations(input, 'references', { fields: REFERENCE_FIELDS, required: false }),
  ];
}
