import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldViolation, ValidationFailedError } from '@app/domain';

/** Flattens class-validator's tree into JSON paths: `documents[0].sha256`. */
export function toFieldViolations(errors: ValidationError[], parent = ''): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const error of errors) {
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
  if (message === `property ${property} should not exist`) return `"${property}" is not a known field.`;
  return message.endsWith('.') ? message : `${message}.`;
}

export function invalidRequest(violations: FieldViolation[]): ValidationFailedError {
  const count = violations.length;
  return new ValidationFailedError(
    `The request has ${count} invalid field${count === 1 ? '' : 's'}.`,
    violations,
  );
}

/** Shape is checked here; meaning (SPEC rules) is checked by the domain. Both answer the same 400. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => invalidRequest(toFieldViolations(errors)),
  });
}
