/** One violated rule, attached to the JSON path of the field it concerns. */
export interface FieldViolation {
  field: string;
  message: string;
  /** For input that came as text lines (a CSV batch): the 1-based line where its record starts. */
  line?: number;
}

/**
 * Base of every domain error. `code` is stable and mapped to an HTTP status in one place
 * (the api's exception filter); the domain itself knows nothing of HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  constructor(
    message: string,
    readonly violations: FieldViolation[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type DomainErrorCode =
  'VALIDATION_FAILED' | 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT' | 'GONE' | 'UNPROCESSABLE';

/** A domain error class whose `code` is fixed. */
function withCode<C extends DomainErrorCode>(code: C) {
  return class extends DomainError {
    readonly code = code;
  };
}

/** Input breaks one or more rules; every violation is listed (HTTP 400). */
export class ValidationFailedError extends withCode('VALIDATION_FAILED') {}
/** The resource does not exist for this caller (HTTP 404). */
export class NotFoundError extends withCode('NOT_FOUND') {}
/** The caller may not act on this resource (HTTP 403). */
export class ForbiddenError extends withCode('FORBIDDEN') {}
/** The resource is not in a state that allows the operation (HTTP 409). */
export class ConflictError extends withCode('CONFLICT') {}
/** The resource existed but can no longer be used (HTTP 410). */
export class GoneError extends withCode('GONE') {}
/** The request is well formed but contradicts an earlier one (HTTP 422). */
export class UnprocessableError extends withCode('UNPROCESSABLE') {}
