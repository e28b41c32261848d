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

/** Where the in-memory commands run a command: the key's transaction, or (without a key) the pool. */
export interface InMemoryCommandExecutors {
  /** Runs `work` in a transaction (the key's, or the command's own without a key). */
  transaction: <T>(work: (tx: unknown) => Promise<T>) => Promise<T>;
  /** What `runStatement` gives a command sent without a key (the pool, outside any transaction). */
  pool?: unknown;
}

/**
 * `IdempotentCommands.run` / `runStatement` in memory, for use-case specs: a key runs its command
 * once and answers the kept result again (`replayed`), another body under the same key is 422,
 * no key runs every time; each in the executor the real one gives it.
 */
export class InMemoryIdempotentCommands {
  private readonly kept = new Map<string, { request: string; result: unknown }>();

  constructor(private readonly executors: InMemoryCommandExecutors) {}

  run<T>(
    scope: { userId: string; operation?: string; key?: string; request?: unknown },
    command: (tx: unknown) => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    return this.executors.transaction((tx) => this.once(scope, () => command(tx)));
  }

  async runStatement<T>(
    scope: { userId: string; operation?: string; key?: string; request?: unknown },
    command: (executor: unknown) => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    if (scope.key === undefined) return { result: await command(this.executors.pool), replayed: false };
    return this.run(scope, command);
  }

  private async once<T>(
    scope: { userId: string; operation?: string; key?: string; request?: unknown },
    command: () => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    const key = scope.key === undefined ? undefined : `${scope.userId}:${scope.operation ?? ''}:${scope.key}`;
    const request = JSON.stringify(scope.request ?? null);
    const earlier = key === undefined ? undefined : this.kept.get(key);
    if (earlier) {
      if (earlier.request !== request) throw new UnprocessableError('another body');
      return { result: earlier.result as T, replayed: true };
    }
    const result = await command();
    if (key !== undefined) this.kept.set(key, { request, result });
    return { result, replayed: false };
  }
}
