import { ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { FieldViolation, unknownFieldMessage, ValidationFailedError } from '@app/domain';

/** A domain violation carried through class-validator's list of errors to the exception factory. */
interface DomainViolation extends ValidationError {
  violation: FieldViolation;
}

/** Flattens class-validator's tree into JSON paths: `documents[0].sha256`. */
export function toFieldViolations(errors: ValidationError[], parent = ''): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const error of errors) {
    if ('violation' in error) {
      violations.push((error as DomainViolation).violation);
      continue;
    }
    const path = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : parent
        ? `${parent}.${error.property}`
        : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      violations.push({ field: path, message: humanize(error.property, message) });
    }
    violations.push(...toFieldViolations(error.children ?? [], path));
  }
  return violations;
}

function humanize(property: string, message: string): string {
  if (message === `property ${property} should not exist`) return unknownFieldMessage(property);
  return message.endsWith('.') ? message : `${message}.`;
}

export function invalidRequest(violations: FieldViolation[]): ValidationFailedError {
  const count = violations.length;
  return new ValidationFailedError(
    `The request has ${count} invalid field${count === 1 ? '' : 's'}.`,
    violations,
  );
}

type ShapeCheck = (dto: object) => FieldViolation[];
const SHAPE_CHECKS = new WeakMap<object, ShapeCheck>();

/**
 * Names the domain function that checks a DTO's fields (their JSON types and the rules that need
 * nothing but the request). The validation pipe runs it after refusing unknown fields and before
 * the handler, so its violations answer 400 even where the resource would answer 404. A subclass
 * without a check of its own is checked by its parent's.
 */
export function CheckedBy<T extends object>(check: (dto: T) => FieldViolation[]): ClassDecorator {
  return (target) => {
    SHAPE_CHECKS.set(target, check as ShapeCheck);
  };
}

function shapeCheckOf(type: unknown): ShapeCheck | undefined {
  for (let current = type; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    const check = SHAPE_CHECKS.get(current);
    if (check) return check;
  }
  return undefined;
}

/**
 * class-validator only declares the fields (`@Allow`, unknown ones refused) and class-transformer
 * converts them; every message comes from the domain: the DTO's `@CheckedBy` function here, the
 * rules that need the caller or the database in the use case. Both answer the same 400.
 */
class DomainValidationPipe extends ValidationPipe {
  protected override async validate(
    object: object,
    validatorOptions?: ValidationPipeOptions,
  ): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    const check = shapeCheckOf(object.constructor);
    if (!check) return errors;
    const carried = check(object).map((violation): DomainViolation => ({
      property: violation.field,
      violation,
      children: [],
    }));
    return [...errors, ...carried];
  }
}

export function createValidationPipe(): ValidationPipe {
  return new DomainValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => invalidRequest(toFieldViolations(errors)),
  });
}
