import { randomUUID } from 'node:crypto';
import {
  batchShapeViolations,
  countByStatus,
  FieldViolation,
  itemViolations,
  NotFoundError,
  RequestStatus,
  resolveClientId,
  stringFieldViolations,
  unknownFieldMessage,
} from '@app/domain';
import { BatchRepository, CandidateRequestRepository, PendingOutboxJob } from '@app/persistence';
import { OutboxPublisher } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { CsvBody } from '../common/json-body';
import { invalidRequest } from '../common/validation';
import { csvItems } from './batch-csv';
import { BatchAcceptedDto, BatchDto } from './dto/batch.dto';
import { isUuid } from './read-requests.use-case';
import { PlannedRegistration, RegistrationCheck, RegistrationPlanner } from './registration-planner';

export interface BatchInput {
  /** The JSON body (`{ clientId?, items }`) or a CSV body. */
  body: { clientId?: string; items?: unknown } | CsvBody;
  atomic: boolean;
  clientId?: string;
}

/**
 * docs/behaviour.md: up to 1,000 registrations at once, each checked exactly as a single registration
 * (RegistrationPlanner), all valid ones written in ONE statement with the batch, in one
 * transaction; with `atomic` one invalid item refuses the whole batch.
 */
export class RegisterBatchUseCase {
  constructor(
    private readonly planner: RegistrationPlanner,
    private readonly requests: CandidateRequestRepository,
    private readonly batches: BatchRepository,
    private readonly commands: IdempotentCommands,
    private readonly outbox: OutboxPublisher,
  ) {}

  async execute(user: AuthUser, input: BatchInput, idempotencyKey?: string): Promise<BatchAcceptedDto> {
    const { items, lines, clientId: requested } = this.itemsOf(input);
    const clientId = resolveClientId(user.clients, user.client, requested ?? user.client);
    // One after the other: the first check reads the package, the rest find it cached.
    const checks: RegistrationCheck[] = [];
    for (const item of items) checks.push(await this.planner.check(item, [clientId], user.userId));
    // A CSV item's errors also name the line of its record (`line`); a JSON item has none.
    const rejected = checks.flatMap((check, index) =>
      'violations' in check
        ? [{ index, ...(lines ? { line: lines[index] } : {}), errors: check.violations }]
        : [],
    );
    if (input.atomic && rejected.length > 0)
      throw invalidRequest(
        rejected.flatMap(({ index, line, errors }) => itemViolations(index, errors, line)),
      );

    let staged: PendingOutboxJob[] = [];
    const response = await this.commands.run(
      {
        userId: user.actor.id,
        operation: 'createCandidateRequestBatch',
        key: idempotencyKey,
        request: {
          body: input.body instanceof CsvBody ? input.body.text : input.body,
          atomic: input.atomic,
          clientId,
        },
      },
      async (tx) => {
        const batchId = randomUUID();
        const accepted = checks.flatMap((check, index) =>
          'planned' in check ? [{ index, ...check.planned }] : [],
        );
        await this.batches.insert(tx, {
          id: batchId,
          clientId,
          createdBy: user.userId,
          accepted: accepted.length,
          rejected: rejected.length,
        });
        staged = await this.requests.insertRegistrations(
          tx,
          accepted.map((a) => a.registration),
          accepted.flatMap((a: PlannedRegistration) => a.jobs),
          { id: batchId, indexes: accepted.map((a) => a.index) },
        );
        const uuidOf = new Map(accepted.map((a) => [a.index, a.registration.requestId]));
        const rejectedAt = new Map(rejected.map((r) => [r.index, r]));
        return {
          batchId,
          accepted: accepted.length,
          rejected: rejected.length,
          items: items.map((_, index) =>
            uuidOf.has(index) ? { index, uuid: uuidOf.get(index)! } : rejectedAt.get(index)!,
          ),
        };
      },
    );
    if (!response.replayed) void this.outbox.publishNow(staged);
    return response.result;
  }

  async read(user: AuthUser, batchId: string): Promise<BatchDto> {
    const batch = isUuid(batchId) ? await this.batches.find(batchId, user.clients) : null;
    if (!batch) throw new NotFoundError('The batch was not found.');
    return {
      batchId: batch.id,
      createdAt: batch.createdAt.getTime(),
      total: batch.items.length,
      counts: countByStatus(batch.items.map((item) => item.status as RequestStatus)),
      items: batch.items,
    };
  }

  /**
   * The items of a JSON or CSV body (with the line of each CSV record), or a 400 listing what is
   * wrong with the body itself.
   */
  private itemsOf(input: BatchInput): {
    items: Array<Record<string, unknown>>;
    lines?: number[];
    clientId?: string;
  } {
    const violations: FieldViolation[] = [];
    let items: Array<Record<string, unknown>>;
    let lines: number[] | undefined;
    let clientId = input.clientId;
    if (input.body instanceof CsvBody) {
      const parsed = csvItems(input.body.text);
      if ('violations' in parsed) throw invalidRequest(parsed.violations);
      items = parsed.items.map((item) => item.fields);
      lines = parsed.items.map((item) => item.line);
      violations.push(...batchShapeViolations(items).filter((v) => v.field === 'items'));
    } else if (!isJsonObject(input.body)) {
      // No body at all (the parser refuses any JSON value that is not an object).
      throw invalidRequest([
        {
          field: 'body',
          message: 'Send a JSON body { clientId?, items: [...] } or a text/csv body.',
        },
      ]);
    } else {
      for (const field of Object.keys(input.body))
        if (field !== 'clientId' && field !== 'items')
          violations.push({ field, message: unknownFieldMessage(field) });
      violations.push(...batchShapeViolations(input.body.items));
      items = (input.body.items ?? []) as Array<Record<string, unknown>>;
      clientId = input.body.clientId ?? clientId;
    }
    violations.push(...stringFieldViolations({ clientId }, ['clientId']));
    if (violations.length > 0) throw invalidRequest(violations);
    return { items, lines, clientId };
  }
}

function isJsonObject(value: unknown): value is { clientId?: string; items?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
