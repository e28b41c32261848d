import { UnprocessableError } from '@app/domain';
import type { IdempotencyClaim } from '@app/persistence';
import type { IdempotentCommands } from './idempotency';

/**
 * The Idempotency-Key rules as `IdempotentCommands` applies them, for use-case specs: a key claims
 * the answer `statusCode` with its request (the real hash is a canonical JSON's; specs compare the
 * JSON), no key claims nothing, and a kept claim with another body answers 422.
 */
export function fakeIdempotentCommands(statusCode: number): Pick<IdempotentCommands, 'claimOf' | 'replay'> {
  return {
    claimOf: (scope, result) =>
      scope.key === undefined
        ? undefined
        : {
            userId: scope.userId,
            operation: scope.operation,
            key: scope.key,
            requestHash: JSON.stringify(scope.request),
            answer: { statusCode, body: result },
          },
    replay: <T>(claim: IdempotencyClaim, kept: { requestHash: string; body: unknown }): T => {
      if (kept.requestHash !== claim.requestHash) throw new UnprocessableError('another body');
      return kept.body as T;
    },
  };
}

/** How specs key a kept claim. */
export const claimKeyOf = (claim: IdempotencyClaim): string =>
  `${claim.userId}:${claim.operation}:${claim.key}`;
