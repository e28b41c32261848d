// ../common/validation and ../common/json-body load Nest (ESM-only in Nest 12): stubs stand in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@nestjs/core', () => ({ Reflector: class {} }));

import {
  FieldViolation,
  ForbiddenError,
  MAX_BATCH_ITEMS,
  NotFoundError,
  PROCESS_TYPES,
  REQUEST_STATUSES,
  UnprocessableError,
  ValidationFailedError,
} from '@app/domain';
import type {
  BatchRepository,
  CandidateRequestRepository,
  NewBatch,
  NewRegistration,
  OutboxJob,
  PendingOutboxJob,
} from '@app/persistence';
import { RecordingOutbox } from '@app/application/outbox/outbox-publisher.fixture';
import { runProcessJobs } from '@app/application/outbox/outbox-jobs';
import { AuthUser } from '../auth/auth-user';
import { ACME, GLOBEX, testUser } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import { CsvBody } from '../common/json-body';
import { RegisterBatchUseCase } from './register-batch.use-case';
import type { RegistrationCheck, RegistrationPlanner } from './registration-planner';
import { InMemoryIdempotentCommands } from '../common/idempotent-commands.fixture';

/** One user acting for two clients: their default and another. */
const BOTH: AuthUser = testUser({
  userId: 'u-3',
  client: 'acme',
  clients: ['acme', 'initech'],
  sessionId: 's-3',
});
const uuid = (prefix: number, n: number) => `5f0c7a8e-${prefix}111-4222-8333-${String(n).padStart(12, '0')}`;

/** A package per client, its processes from the catalogue. */
const PACKAGES = [
  { id: 'PKG-ACME', clientId: 'acme', processes: PROCESS_TYPES.slice(0, 2).map((t) => t.name) },
  { id: 'PKG-INITECH', clientId: 'initech', processes: PROCESS_TYPES.slice(0, 1).map((t) => t.name) },
];
const [ACME_PKG, INITECH_PKG] = PACKAGES.map((p) => p.id);
const NAME_REQUIRED: FieldViolation = { field: 'name', message: 'Name is required.' };

/**
 * Checks a registration as RegistrationPlanner does, in little: its package must be one of the
 * clients given, and a name is required; a valid one is planned with a fresh id and a job per process.
 */
class FakePlanner implements Pick<RegistrationPlanner, 'check'> {
  readonly asked: Array<{ packageId: unknown; clientIds: string[]; createdBy: string }> = [];
  private planned = 0;

  async check(
    body: Record<string, unknown>,
    clientIds: string[],
    createdBy: string,
  ): Promise<RegistrationCheck> {
    this.asked.push({ packageId: body.packageId, clientIds, createdBy });
    const pkg = PACKAGES.find((p) => p.id === body.packageId && clientIds.includes(p.clientId));
    const violations: FieldViolation[] = [];
    if (!pkg)
      violations.push({ field: 'packageId', message: `Package "${String(body.packageId)}" is not yours.` });
    if (typeof body.name !== 'string' || body.name === '') violations.push(NAME_REQUIRED);
    if (violations.length > 0 || !pkg) return { violations };
    const requestId = uuid(2, ++this.planned);
    const registration = {
      requestId,
      clientId: pkg.clientId,
      packageId: pkg.id,
      createdBy,
    } as NewRegistration;
    const jobs = runProcessJobs(
      pkg.processes.map((_, i) => ({ id: `${requestId}/${i}`, requestId, generation: 0 })),
    );
    return { planned: { registration, jobs } };
  }
}

type StoredRequest = NewRegistration & { batchId: string; batchIndex: number; status: string };

/**
 * The batch and request tables and the outbox in memory. A transaction (the key's) writes all it
 * did or, when its work throws, nothing.
 */
class InMemoryDatabase {
  batches: Array<NewBatch & { createdAt: Date }> = [];
  requests: StoredRequest[] = [];
  outbox: PendingOutboxJob[] = [];
  refuseRegistrations?: Error;
  findings = 0;
  private open: object | null = null;

  async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
    const before = { batches: [...this.batches], requests: [...this.requests], outbox: [...this.outbox] };
    const tx = {};
    this.open = tx;
    try {
      return await work(tx);
    } catch (error) {
      Object.assign(this, before);
      throw error;
    } finally {
      this.open = null;
    }
  }

  readonly batchRepository = {
    insert: async (tx: unknown, batch: NewBatch) => {
      expect(tx).toBe(this.open); // the batch row and its requests: one transaction
      this.batches.push({ ...batch, createdAt: new Date(Date.UTC(2026, 1, 2, 10)) });
    },
    find: async (batchId: string, clientIds: string[]) => {
      this.findings += 1;
      const batch = this.batches.find((b) => b.id === batchId && clientIds.includes(b.clientId));
      if (!batch) return null;
      const items = this.requests
        .filter((r) => r.batchId === batchId)
        .map((r) => ({ index: r.batchIndex, uuid: r.requestId, status: r.status }));
      return { id: batch.id, createdAt: batch.createdAt, items };
    },
  };

  readonly requestRepository = {
    insertRegistrations: async (
      tx: unknown,
      registrations: readonly NewRegistration[],
      jobs: OutboxJob[],
      batch: { id: string; indexes: readonly number[] },
    ): Promise<PendingOutboxJob[]> => {
      expect(tx).toBe(this.open);
      if (this.refuseRegistrations) throw this.refuseRegistrations;
      registrations.forEach((r, i) =>
        this.requests.push({
          ...r,
          batchId: batch.id,
          batchIndex: batch.indexes[i],
          status: REQUEST_STATUSES[0],
        }),
      );
      const staged = jobs.map((job, i) => ({ ...job, id: String(this.outbox.length + i) }));
      this.outbox.push(...staged);
      return staged;
    },
  };
}

function setup() {
  const db = new InMemoryDatabase();
  const planner = new FakePlanner();
  const outbox = new RecordingOutbox();
  const useCase = new RegisterBatchUseCase(
    planner as unknown as RegistrationPlanner,
    db.requestRepository as unknown as CandidateRequestRepository,
    db.batchRepository as unknown as BatchRepository,
    new InMemoryIdempotentCommands({
      transaction: (work) => db.transaction(work),
    }) as unknown as IdempotentCommands,
    outbox.asPublisher(),
  );
  return { db, planner, published: outbox.published, useCase };
}

const item = (name = 'Ana', packageId = ACME_PKG) => ({ packageId, name });
const json = (body: unknown, atomic = false, clientId?: string) => ({
  body: body as { items?: unknown },
  atomic,
  clientId,
});
const csv = (text: string, atomic = false, clientId?: string) => ({
  body: new CsvBody(text),
  atomic,
  clientId,
});

/** The fields of the 400 an attempt answers (it must be a 400). */
async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationFailedError);
  return (error as ValidationFailedError).violations;
}
const fieldsOf = async (attempt: Promise<unknown>) => (await refusal(attempt)).map((v) => v.field);

describe('RegisterBatchUseCase', () => {
  describe('execute', () => {
    it('registers every valid item in one transaction with the batch, then publishes their jobs', async () => {
      const { db, published, useCase } = setup();
      const answer = await useCase.execute(ACME, json({ items: [item('Ana'), item('Eva')] }));

      expect(answer).toEqual({
        batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        accepted: 2,
        rejected: 0,
        items: [
          { index: 0, uuid: db.requests[0].requestId },
          { index: 1, uuid: db.requests[1].requestId },
        ],
      });
      expect(db.batches).toEqual([
        expect.objectContaining({
          id: answer.batchId,
          clientId: 'acme',
          createdBy: 'u-1',
          accepted: 2,
          rejected: 0,
        }),
      ]);
      expect(db.requests.map((r) => [r.batchId, r.batchIndex])).toEqual([
        [answer.batchId, 0],
        [answer.batchId, 1],
      ]);
      const jobsPerItem = PACKAGES[0].processes.length;
      expect(published).toEqual([db.outbox]);
      expect(db.outbox).toHaveLength(2 * jobsPerItem);
    });

    it('registers the valid items and reports the invalid ones by index (no line in JSON)', async () => {
      const { db, useCase } = setup();
      const answer = await useCase.execute(
        ACME,
        json({ items: [item(''), item('Eva'), item('Luz', INITECH_PKG)] }),
      );
      expect(answer).toMatchObject({ accepted: 1, rejected: 2 });
      expect(answer.items).toEqual([
        { index: 0, errors: [NAME_REQUIRED] },
        { index: 1, uuid: db.requests[0].requestId },
        { index: 2, errors: [expect.objectContaining({ field: 'packageId' })] },
      ]);
      expect(db.requests.map((r) => r.batchIndex)).toEqual([1]);
      expect(db.batches[0]).toMatchObject({ accepted: 1, rejected: 2 });
    });

    it('keeps a batch whose every item is invalid (accepted 0), registering and publishing no job', async () => {
      const { db, published, useCase } = setup();
      const answer = await useCase.execute(ACME, json({ items: [item(''), item('')] }));
      expect(answer).toMatchObject({ accepted: 0, rejected: 2 });
      expect(db.batches).toHaveLength(1);
      expect(db.requests).toEqual([]);
      expect(published.flat()).toEqual([]);
    });

    it('with atomic, refuses the whole batch for one invalid item (400 naming every item error), writing nothing', async () => {
      const { db, published, useCase } = setup();
      const violations = await refusal(
        useCase.execute(ACME, json({ items: [item('Ana'), item(''), item('', 'PKG-NONE')] }, true)),
      );
      expect(violations).toEqual([
        { field: 'items[1].name', message: NAME_REQUIRED.message },
        { field: 'items[2].packageId', message: expect.any(String) },
        { field: 'items[2].name', message: NAME_REQUIRED.message },
      ]);
      expect(db.batches).toEqual([]);
      expect(db.requests).toEqual([]);
      expect(published).toEqual([]);

      await expect(useCase.execute(ACME, json({ items: [item('Ana')] }, true))).resolves.toMatchObject({
        accepted: 1,
        rejected: 0,
      });
    });

    it('reads a CSV body, each rejected item (and each error of an atomic 400) carrying the line of its record', async () => {
      const { db, useCase } = setup();
      // Line 1 the header, line 3 blank: the records start on lines 2 and 4.
      const text = `packageId,name\n${ACME_PKG},\n\n${ACME_PKG},Eva\n`;
      const answer = await useCase.execute(ACME, csv(text));
      expect(answer.items).toEqual([
        { index: 0, line: 2, errors: [NAME_REQUIRED] },
        { index: 1, uuid: db.requests[0].requestId },
      ]);
      expect(await refusal(useCase.execute(ACME, csv(text, true)))).toEqual([
        { field: 'items[0].name', message: NAME_REQUIRED.message, line: 2 },
      ]);
    });

    it('answers 400 for a CSV it cannot read, before checking any item', async () => {
      const { db, planner, useCase } = setup();
      expect(await fieldsOf(useCase.execute(ACME, csv('name,color\nAna,red\n')))).toContain('body');
      // A header without a row is no batch either.
      expect(await fieldsOf(useCase.execute(ACME, csv(`packageId,name\n`)))).toEqual(['body']);
      expect(planner.asked).toEqual([]);
      expect(db.batches).toEqual([]);
    });

    it(`takes ${MAX_BATCH_ITEMS} items, and answers 400 for one more (JSON or CSV) before checking any`, async () => {
      const { planner, useCase } = setup();
      const most = Array.from({ length: MAX_BATCH_ITEMS }, () => item());
      expect(await fieldsOf(useCase.execute(ACME, json({ items: [...most, item()] })))).toEqual(['items']);
      const rows = most.map(() => `${ACME_PKG},Ana`);
      expect(
        await fieldsOf(useCase.execute(ACME, csv(`packageId,name\n${[...rows, rows[0]].join('\n')}\n`))),
      ).toEqual(['items']);
      expect(planner.asked).toEqual([]);

      await expect(useCase.execute(ACME, json({ items: most }))).resolves.toMatchObject({
        accepted: MAX_BATCH_ITEMS,
      });
    });

    it('answers 400 for a body that is no batch, naming what is wrong, before checking any item', async () => {
      const { db, planner, useCase } = setup();
      for (const body of [undefined, null, [item()], 'items'])
        expect(await fieldsOf(useCase.execute(ACME, json(body)))).toEqual(['body']);
      expect(await fieldsOf(useCase.execute(ACME, json({})))).toEqual(['items']);
      expect(await fieldsOf(useCase.execute(ACME, json({ items: [] })))).toEqual(['items']);
      expect(await fieldsOf(useCase.execute(ACME, json({ items: item() })))).toEqual(['items']);
      expect(await fieldsOf(useCase.execute(ACME, json({ items: [item(), 'x', null] })))).toEqual([
        'items[1]',
        'items[2]',
      ]);
      expect(
        await fieldsOf(useCase.execute(ACME, json({ items: [item()], atomic: true, extra: 1 }))),
      ).toEqual(['atomic', 'extra']);
      expect(await fieldsOf(useCase.execute(ACME, json({ items: [item()], clientId: 7 })))).toEqual([
        'clientId',
      ]);
      expect(planner.asked).toEqual([]);
      expect(db.batches).toEqual([]);
    });

    it("registers for the clientId asked (the body's over the query's), else the default client", async () => {
      const { db, planner, useCase } = setup();
      await useCase.execute(BOTH, json({ items: [item('Ana', INITECH_PKG)] }, false, 'initech'));
      await useCase.execute(
        BOTH,
        json({ items: [item('Ana', INITECH_PKG)], clientId: 'initech' }, false, 'acme'),
      );
      await useCase.execute(BOTH, csv(`packageId,name\n${INITECH_PKG},Ana\n`, false, 'initech'));
      await useCase.execute(BOTH, json({ items: [item('Ana')] }));
      expect(db.batches.map((b) => b.clientId)).toEqual(['initech', 'initech', 'initech', 'acme']);
      // Every item is checked against the batch's client alone, by the caller.
      expect(planner.asked.map((a) => [a.clientIds, a.createdBy])).toEqual(
        Array.from({ length: 4 }, (_, i) => [[i < 3 ? 'initech' : 'acme'], 'u-3']),
      );
    });

    it("makes an item whose package is another of the user's clients' an item error, as in a single registration", async () => {
      const { useCase } = setup();
      const answer = await useCase.execute(BOTH, json({ items: [item('Ana', INITECH_PKG), item('Eva')] }));
      expect(answer.items).toEqual([
        { index: 0, errors: [expect.objectContaining({ field: 'packageId' })] },
        { index: 1, uuid: expect.any(String) },
      ]);
    });

    it('answers 403 for a clientId that is not one of the user’s, before checking any item', async () => {
      const { db, planner, useCase } = setup();
      await expect(
        useCase.execute(ACME, json({ items: [item()], clientId: 'globex' })),
      ).rejects.toBeInstanceOf(ForbiddenError);
      await expect(useCase.execute(GLOBEX, json({ items: [item()] }, false, 'acme'))).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      expect(planner.asked).toEqual([]);
      expect(db.batches).toEqual([]);
    });

    it('answers a retry with the same key and body with the first answer, writing and publishing nothing more', async () => {
      const { db, published, useCase } = setup();
      const body = { items: [item('Ana'), item('')] };
      const first = await useCase.execute(ACME, json(body), 'key-1');
      const retry = await useCase.execute(ACME, json(body), 'key-1');
      expect(retry).toEqual(first);
      expect(db.batches).toHaveLength(1);
      expect(db.requests).toHaveLength(1);
      expect(published).toHaveLength(1);
    });

    it('answers 422 for the same key with another body, another atomic flag or another client', async () => {
      const { db, useCase } = setup();
      await useCase.execute(BOTH, json({ items: [item('Ana')] }), 'key-1');
      for (const input of [
        json({ items: [item('Eva')] }),
        json({ items: [item('Ana')] }, true),
        json({ items: [item('Ana', INITECH_PKG)] }, false, 'initech'),
      ])
        await expect(useCase.execute(BOTH, input, 'key-1')).rejects.toBeInstanceOf(UnprocessableError);
      expect(db.batches).toHaveLength(1);
    });

    it('fails whole when the registrations cannot be written: no batch, no job published; the same key then works', async () => {
      const { db, published, useCase } = setup();
      db.refuseRegistrations = new Error('deadlock detected');
      await expect(useCase.execute(ACME, json({ items: [item()] }), 'key-1')).rejects.toThrow(
        'deadlock detected',
      );
      expect(db.batches).toEqual([]);
      expect(db.outbox).toEqual([]);
      expect(published).toEqual([]);

      db.refuseRegistrations = undefined;
      await expect(useCase.execute(ACME, json({ items: [item()] }), 'key-1')).resolves.toMatchObject({
        accepted: 1,
      });
      expect(db.batches).toHaveLength(1);
    });
  });

  describe('read', () => {
    it('answers the batch with its requests by index and how many are in each status', async () => {
      const { db, useCase } = setup();
      const { batchId } = await useCase.execute(ACME, json({ items: [item('Ana'), item(''), item('Eva')] }));
      const [pending, processing] = REQUEST_STATUSES;
      db.requests[1].status = processing;

      const batch = await useCase.read(ACME, batchId);
      expect(batch).toEqual({
        batchId,
        createdAt: db.batches[0].createdAt.getTime(),
        total: 2, // the requests it registered: the rejected item is not one
        counts: Object.fromEntries(
          REQUEST_STATUSES.map((s) => [s, s === pending || s === processing ? 1 : 0]),
        ),
        items: [
          { index: 0, uuid: db.requests[0].requestId, status: pending },
          { index: 2, uuid: db.requests[1].requestId, status: processing },
        ],
      });
    });

    it("answers 404 for another client's batch, an unknown one, or an id that is no uuid (not read)", async () => {
      const { db, useCase } = setup();
      const { batchId } = await useCase.execute(ACME, json({ items: [item()] }));
      for (const [user, id] of [
        [GLOBEX, batchId],
        [ACME, uuid(3, 99)],
        [ACME, 'not-a-uuid'],
      ] as const)
        await expect(useCase.read(user, id)).rejects.toEqual(new NotFoundError('The batch was not found.'));
      expect(db.findings).toBe(2);
    });
  });
});
