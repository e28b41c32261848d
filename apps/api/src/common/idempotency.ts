import { createHash } from 'node:crypto';
import { Injectable, InjectionToken, Provider } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { idempotencyKeyViolations, UnprocessableError, ValidationFailedError } from '@app/domain';
import { IdempotencyClaim, IdempotencyRepository, SqlExecutor, StoredResponse } from '@app/persistence';

/** An answer as an Idempotency-Key record keeps it, to answer a retry byte for byte (docs/behaviour.md). */
export interface KeptAnswer<B = unknown> {
  statusCode: number;
  body: B;
  headers: Record<string, string>;
}

/**
 * How the HTTP layer answers the result of one operation, and reads that result back from a kept
 * answer. The controller answers with `answer`, so a replay answers exactly as the first time.
 */
export interface AnswerCodec<T, B = unknown> {
  answer(result: T): KeptAnswer<B>;
  result(kept: KeptAnswer): T;
}

/** The codec of each operation (the `operation` of {@link IdempotentCommands.run}) of a module. */
export type AnswerCodecs = Record<
  string,
  { answer(result: never): KeptAnswer; result(kept: KeptAnswer): unknown }
>;

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

/** What tells two request bodies apart: the hash of their canonical JSON. */
function hashOf(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

export function validateIdempotencyKey(key: string | undefined): string | undefined {
  const violations = idempotencyKeyViolations(key);
  if (violations.length > 0)
    throw new ValidationFailedError('The Idempotency-Key header is invalid.', violations);
  return key;
}

/**
 * Runs a command in one transaction, at most once per (caller, operation, Idempotency-Key)
 * within 24 hours (docs/behaviour.md). Without a key it simply runs the command in a transaction. The
 * command returns its result; the record keeps the answer the module's codec makes of it, and a
 * replay reads the result back from that answer.
 */
@Injectable()
export class IdempotentCommands {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: IdempotencyRepository,
    private readonly codecs: AnswerCodecs,
  ) {}

  /**
   * The claim of a command whose answer is known before it is written (a registration, an ad-hoc
   * screening): written with the work by the repository, in the work's own statement or
   * transaction (see `replay`). Without a key there is nothing to claim: the repository writes the
   * work alone, so the caller takes the same path either way.
   */
  claimOf<T>(
    scope: { userId: string; operation: string; key?: string; request: unknown },
    result: T,
  ): IdempotencyClaim | undefined {
    const { userId, operation, key } = scope;
    if (key === undefined) return undefined;
    return {
      userId,
      operation,
      key,
      requestHash: hashOf(scope.request),
      answer: this.codecOf<T>(operation).answer(result),
    };
  }

  /** What a retry answers, from the answer its key keeps: the first result, or 422 for another body. */
  replay<T>(claim: IdempotencyClaim, kept: StoredResponse): T {
    if (kept.requestHash !== claim.requestHash)
      throw new UnprocessableError('This Idempotency-Key was already used with a different request body.');
    return this.codecOf<T>(claim.operation).result(kept);
  }

  /**
   * A command that is one statement, atomic on its own (a legal search and its charge): without a
   * key it runs on the pool, outside any transaction (one round trip; the repository may prepare
   * it); with one, in the key's transaction, as `run` does.
   */
  async runStatement<T>(
    scope: { userId: string; operation: string; key?: string; request: unknown },
    statement: (executor: SqlExecutor) => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    if (scope.key === undefined) return { result: await statement(this.dataSource), replayed: false };
    return this.run(scope, statement);
  }

  async run<T>(
    scope: { userId: string; operation: string; key?: string; request: unknown },
    command: (tx: EntityManager) => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    const { userId, operation, key } = scope;
    return this.dataSource.transaction(async (tx) => {
      if (key === undefined) return { result: await command(tx), replayed: false };
      const codec = this.codecOf<T>(operation);
      const hash = hashOf(scope.request);
      const claim = await this.records.claim(tx, userId, operation, key, hash);
      if (claim !== true)
        return {
          result: this.replay<T>({ userId, operation, key, requestHash: hash, answer: claim }, claim),
          replayed: true,
        };
      const result = await command(tx);
      await this.records.complete(tx, userId, operation, key, codec.answer(result));
      return { result, replayed: false };
    });
  }

  private codecOf<T>(operation: string): AnswerCodec<T> {
    const codec = this.codecs[operation] as AnswerCodec<T> | undefined;
    if (!codec) throw new Error(`No answer codec for the operation ${operation}`);
    return codec;
  }
}

/**
 * The module's IdempotentCommands, keeping answers with the module's own codecs (or with codecs
 * made from one more provider, e.g. the cipher that seals a secret in the record).
 */
export function idempotentCommandsWith(codecs: AnswerCodecs): Provider;
export function idempotentCommandsWith<D>(
  codecs: (dependency: D) => AnswerCodecs,
  dependency: InjectionToken,
): Provider;
export function idempotentCommandsWith(
  codecs: AnswerCodecs | ((dependency: never) => AnswerCodecs),
  dependency?: InjectionToken,
): Provider {
  if (typeof codecs !== 'function')
    return {
      provide: IdempotentCommands,
      useFactory: (dataSource: DataSource, records: IdempotencyRepository) =>
        new IdempotentCommands(dataSource, records, codecs),
      inject: [DataSource, IdempotencyRepository],
    };
  return {
    provide: IdempotentCommands,
    useFactory: (dataSource: DataSource, records: IdempotencyRepository, given: never) =>
      new IdempotentCommands(dataSource, records, codecs(given)),
    inject: [DataSource, IdempotencyRepository, dependency!],
  };
}
