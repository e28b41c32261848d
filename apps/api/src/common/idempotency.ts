import { createHash } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UnprocessableError, ValidationFailedError } from '@app/domain';
import { IdempotencyRepository } from '@app/persistence';

export interface CommandResponse<T> {
  statusCode: number;
  body: T;
  headers: Record<string, string>;
}

/** Stable JSON: the same body with its keys in another order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function validateIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > 255)
    throw new ValidationFailedError('The Idempotency-Key header is invalid.', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 characters long.' },
    ]);
  return key;
}

/**
 * Runs a command in one transaction, at most once per (caller, operation, Idempotency-Key)
 * within 24 hours (CONTRACT 1). Without a key it simply runs the command in a transaction.
 */
@Injectable()
export class IdempotentCommands {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: IdempotencyRepository,
  ) {}

  async run<T>(
    scope: { userId: string; operation: string; key?: string; request: unknown },
    command: (tx: EntityManager) => Promise<CommandResponse<T>>,
  ): Promise<CommandResponse<T> & { replayed: boolean }> {
    const { userId, operation, key } = scope;
    return this.dataSource.transaction(async (tx) => {
      if (key === undefined) return { ...(await command(tx)), replayed: false };
      const hash = createHash('sha256').update(canonical(scope.request)).digest('hex');
      const claim = await this.records.claim(tx, userId, operation, key, hash);
      if (claim !== true) {
        if (claim.requestHash !== hash)
          throw new UnprocessableError(
            'This Idempotency-Key was already used with a different request body.',
          );
        return {
          statusCode: claim.statusCode,
          body: claim.body as T,
          headers: claim.headers,
          replayed: true,
        };
      }
      const response = await command(tx);
      await this.records.complete(tx, userId, operation, key, response);
      return { ...response, replayed: false };
    });
  }
}

/** The one provider of {@link IdempotentCommands}, for every module whose commands honour Idempotency-Key. */
@Module({ providers: [IdempotentCommands], exports: [IdempotentCommands] })
export class IdempotencyModule {}
