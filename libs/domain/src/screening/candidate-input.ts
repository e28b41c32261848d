import { FieldViolation } from '../errors';
import { DOCUMENT_TYPES, ProcessName } from './catalog';
import { isCalendarDate } from '../calendar';

type Json = Record<string, unknown>;

const text = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;

function checkFields(item: Json, path: string, fields: string[], violations: FieldViolation[]): void {
  for (const field of fields)
    if (!text(item[field]))
      violations.push({ field: `${path}.${field}`, message: `${field} is required (1 to 200 characters).` });
}

const PERSONAL_REFERENCE_FIELDS = ['name', 'phone', 'relationship'];
const WORK_REFERENCE_FIELDS = ['company', 'contactName', 'phone', 'position', 'startDate', 'endDate'];

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

/** CONTRACT 4.2: what each candidate-facing process needs from the candidate. */
export function validateCandidateInput(processName: ProcessName, body: unknown): FieldViolation[] {
  const input = (body && typeof body === 'object' ? body : {}) as Json;
  const violations: FieldViolation[] = [];
  if (processName === 'Documentos') {
    const docs = input.documents;
    if (!Array.isArray(docs) || docs.length === 0)
      return [{ field: 'documents', message: 'documents must list at least one document.' }];
    docs.forEach((raw, i) => {
      const doc = (raw ?? {}) as Json;
      const path = `documents[${i}]`;
      if (!(DOCUMENT_TYPES as readonly string[]).includes(doc.type as string))
        violations.push({
          field: `${path}.type`,
          message: `type must be one of ${DOCUMENT_TYPES.join(', ')}.`,
        });
      if (!text(doc.fileName, 255))
        violations.push({
          field: `${path}.fileName`,
          message: 'fileName is required (1 to 255 characters).',
        });
      if (typeof doc.sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(doc.sha256))
        violations.push({ field: `${path}.sha256`, message: 'sha256 must be 64 hexadecimal characters.' });
    });
    if (input.references !== undefined)
      violations.push({ field: 'references', message: 'Documentos takes documents, not references.' });
    return violations;
  }
  if (processName === 'Referencias Personales' || processName === 'Referencias Laborales') {
    const personal = processName === 'Referencias Personales';
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
        checkFields(ref, path, PERSONAL_REFERENCE_FIELDS, violations);
        refuseOtherFields(ref, path, PERSONAL_REFERENCE_FIELDS, 'personal', violations);
        return;
      }
      checkFields(ref, path, ['company', 'contactName', 'phone', 'position'], violations);
      refuseOtherFields(ref, path, WORK_REFERENCE_FIELDS, 'work', violations);
      const start = ref.startDate;
      const end = ref.endDate;
      if (typeof start !== 'string' || !isCalendarDate(start))
        violations.push({ field: `${path}.startDate`, message: 'startDate must be a date YYYY-MM-DD.' });
      if (typeof end !== 'string' || !isCalendarDate(end))
        violations.push({ field: `${path}.endDate`, message: 'endDate must be a date YYYY-MM-DD.' });
      else if (typeof start === 'string' && isCalendarDate(start) && end < start)
        violations.push({ field: `${path}.endDate`, message: 'endDate must not be before startDate.' });
    });
    if (input.documents !== undefined)
      violations.push({ field: 'documents', message: `${processName} takes references, not documents.` });
    return violations;
  }
  return [{ field: 'processId', message: `${processName} takes no candidate input.` }];
}
