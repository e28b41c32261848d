import { FieldViolation } from './errors';

/**
 * The wording of the shape rules every request shares (docs/behaviour.md): a field the endpoint does not
 * know, a value of the wrong JSON type, a flag, a choice among fixed values. The api's validation
 * pipe applies them to a DTO's fields (after class-transformer); the rules about meaning live
 * beside their feature.
 */
/** A DTO or a JSON object: its fields are read by name, their types unchecked. */
type Fields = object;

const valueOf = (input: Fields, field: string): unknown => (input as Record<string, unknown>)[field];

/** `a.b`, or `b` at the root. */
export function fieldPath(parent: string, field: string): string {
  return parent ? `${parent}.${field}` : field;
}

/** A field the endpoint does not declare (a JSON key or a query parameter). */
export function unknownFieldMessage(field: string): string {
  return `"${field}" is not a known field.`;
}

/** Absent: omitted, or JSON `null` (an optional field may be either). */
function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * Fields that must be strings: each optional one when present (`null` counts as absent), each
 * required one always. One violation per field, in the order given.
 */
export function stringFieldViolations(
  input: Fields,
  fields: readonly string[],
  options: { required?: boolean; path?: string } = {},
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const field of fields) {
    const value = valueOf(input, field);
    if (!options.required && absent(value)) continue;
    if (typeof value !== 'string')
      violations.push({ field: fieldPath(options.path ?? '', field), message: `${field} must be a string.` });
  }
  return violations;
}

/** An optional query flag: the strings `true` or `false`. */
export function flagViolations(input: Fields, field: string): FieldViolation[] {
  const value = valueOf(input, field);
  return absent(value) || value === 'true' || value === 'false'
    ? []
    : [{ field, message: `${field} must be true or false.` }];
}

/** An optional field whose value is one of `allowed`. */
export function oneOfViolations(input: Fields, field: string, allowed: readonly string[]): FieldViolation[] {
  const value = valueOf(input, field);
  return absent(value) || allowed.some((candidate) => candidate === value)
    ? []
    : [{ field, message: `${field} must be one of ${allowed.join(', ')}.` }];
}

/**
 * Length in characters as a person counts them: a surrogate pair (an emoji, say) or a variation
 * selector does not add one.
 */
export function characterCount(value: string): number {
  const selectors = value.match(/(\uFE0F|\uFE0E)/g) ?? [];
  const pairs = value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? [];
  return value.length - selectors.length - pairs.length;
}

/**
 * A required string of 1 to `max` characters, one violation per rule it breaks, in this order:
 * too long (a value that is not a string is never short enough), empty, not a string.
 */
export function requiredTextViolations(input: Fields, field: string, max: number): FieldViolation[] {
  const value = valueOf(input, field);
  const violations: FieldViolation[] = [];
  if (typeof value !== 'string' || characterCount(value) > max)
    violations.push({ field, message: `${field} must be shorter than or equal to ${max} characters.` });
  if (value === '' || absent(value)) violations.push({ field, message: `${field} should not be empty.` });
  if (typeof value !== 'string') violations.push({ field, message: `${field} must be a string.` });
  return violations;
}

/** What a list of objects with the fields of `item` must look like, item by item. */
export interface ObjectListShape {
  /** Every field an item may have; any other key is refused. */
  fields: readonly string[];
  /** true: every field must be present (and a string); false: each is a string when present. */
  required: boolean;
}

/**
 * An optional list of objects whose fields are strings (`documents`, `references`). A value that
 * is not a list is refused, and examined as the item it may be; a list inside the list is walked
 * as the list itself. Every violation is listed with its JSON path.
 */
export function objectListViolations(input: Fields, field: string, shape: ObjectListShape): FieldViolation[] {
  const value = valueOf(input, field);
  if (absent(value)) return [];
  const violations: FieldViolation[] = [];
  if (!Array.isArray(value)) violations.push({ field, message: `${field} must be an array.` });
  const notAnObject = `each value in nested property ${field} must be either object or array.`;
  const visit = (item: unknown, path: string): void => {
    if (Array.isArray(item)) item.forEach((inner, index) => visit(inner, `${path}[${index}]`));
    else if (typeof item === 'object' && item !== null)
      violations.push(...objectViolations(item as Fields, path, shape));
    else violations.push({ field: path, message: notAnObject });
  };
  visit(value, field);
  return violations;
}

function objectViolations(item: Fields, path: string, shape: ObjectListShape): FieldViolation[] {
  const unknown = Object.keys(item)
    .filter((key) => !shape.fields.includes(key))
    .map((key) => ({ field: `${path}.${key}`, message: unknownFieldMessage(key) }));
  return [...unknown, ...stringFieldViolations(item, shape.fields, { required: shape.required, path })];
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** docs/behaviour.md: an `Idempotency-Key` header, when sent, has 1 to 255 characters. */
export function idempotencyKeyViolations(key: string | undefined): FieldViolation[] {
  return key === undefined || (key.length >= 1 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH)
    ? []
    : [
        {
          field: 'Idempotency-Key',
          message: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`,
        },
      ];
}
