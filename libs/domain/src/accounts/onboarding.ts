import type { FieldViolation } from '../errors';
import { characterCount } from '../request-shape';
import { PROCESS_NAMES } from '../screening/catalog';
import { textCharacterViolations } from '../text-characters';

/**
 * What an operator onboards (docs/operations.md, "Onboarding a customer"): a client, its
 * packages. The ids are what integrators type and what every record of the client carries.
 */
const CLIENT_ID = /^[a-z0-9-]{2,64}$/;
/** Package ids as registrations accept them (at most 64 characters), in a shape safe in URLs and logs. */
const PACKAGE_ID = /^[A-Za-z0-9._-]{1,64}$/;
export const MAX_ACCOUNT_NAME_LENGTH = 200;

function nameViolations(field: string, name: unknown): FieldViolation[] {
  if (typeof name !== 'string' || name.trim() === '') return [{ field, message: `${field} is required.` }];
  if (characterCount(name) > MAX_ACCOUNT_NAME_LENGTH)
    return [{ field, message: `${field} must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters.` }];
  return textCharacterViolations(field, name, 'name');
}

export function clientViolations(input: { id?: unknown; name?: unknown }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (typeof input.id !== 'string' || !CLIENT_ID.test(input.id))
    violations.push({
      field: 'id',
      message: 'id must be 2 to 64 lower-case letters, digits or hyphens (e.g. acme-mx).',
    });
  return [...violations, ...nameViolations('name', input.name)];
}

/** `"Peps, BGC Legal"` as the list of names it holds (blank items dropped). */
export function processList(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export function packageViolations(input: {
  id?: unknown;
  name?: unknown;
  processes?: readonly string[];
}): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (typeof input.id !== 'string' || !PACKAGE_ID.test(input.id))
    violations.push({
      field: 'id',
      message: 'id must be 1 to 64 letters, digits, dots, hyphens or underscores (e.g. PKG-ACME-FULL).',
    });
  violations.push(...nameViolations('name', input.name));
  const processes = input.processes ?? [];
  if (processes.length === 0)
    violations.push({ field: 'processes', message: 'processes must name at least one process.' });
  for (const name of processes)
    if (!(PROCESS_NAMES as readonly string[]).includes(name))
      violations.push({
        field: 'processes',
        message: `Unknown process "${name}": the processes are ${PROCESS_NAMES.join(', ')}.`,
      });
  const repeated = processes.filter((name, i) => processes.indexOf(name) !== i);
  if (repeated.length > 0)
    violations.push({ field: 'processes', message: `"${repeated[0]}" is named twice.` });
  return violations;
}
