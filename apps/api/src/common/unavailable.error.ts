/**
 * A dependency did not answer in time (docs/behaviour.md: 503). An application error, not an HTTP one:
 * use cases and services throw it, the one error filter answers `{ code: 503, message, ...extra }`.
 * `extra` carries fields some answers add to the error body (the health probes' `status` and `details`).
 */
export class UnavailableError extends Error {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'UnavailableError';
  }
}
