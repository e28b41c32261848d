import { UnprocessableError, ValidationFailedError } from '@app/domain';
import type {
  CandidateRequestRepository,
  IdempotencyClaim,
  NewRegistration,
  OutboxJob,
  RegistrationWrite,
  WrittenRegistration,
} from '@app/persistence';
import { RecordingOutbox } from '@app/application/outbox/outbox-publisher.fixture';
import type { AuthUser } from '../auth/auth-user';
import { testUser } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import type { RegistrationPlanner } from './registration-planner';
import { RegisterCandidateUseCase, type RegisterCandidateCommand } from './register-candidate.use-case';
import { fakeIdempotentCommands } from '../common/idempotent-commands.fixture';

// The use case's validation module defines a Nest pipe; Jest cannot load Nest 12 (ESM) here.
jest.mock('@nestjs/common', () => ({ ValidationPipe: class {} }));

/** The repository in memory: a key is claimed once, and a refused write stores nothing. */
class InMemoryRegistrations implements Pick<CandidateRequestRepository, 'writeRegistration'> {
  readonly stored: NewRegistration[] = [];
  readonly kept = new Map<string, IdempotencyClaim>();
  refuseNext?: Error;

  async writeRegistration({ registration, jobs, claim }: RegistrationWrite): Promise<WrittenRegistration> {
    if (this.refuseNext) {
      const error = this.refuseNext;
      this.refuseNext = undefined;
      throw error;
    }
    const earlier = claim && this.kept.get(claim.key);
    if (earlier)
      return { written: false, kept: { requestHash: earlier.requestHash, headers: {}, ...earlier.answer } };
    if (claim) this.kept.set(claim.key, claim);
    this.stored.push(registration);
    return { written: true, jobs: jobs.map((job, i) => ({ ...job, id: String(i) })) };
  }
}

const commands = fakeIdempotentCommands(202);

const JOB: OutboxJob = { queue: 'screening', jobName: 'run-process', jobId: 'p-1:0', payload: {} };

/** Plans a registration with a fresh id; an empty name is a 400. */
let planned = 0;
const planner: Pick<RegistrationPlanner, 'check'> = {
  check: async (body) => {
    if (body.name === '') return { violations: [{ field: 'name', message: 'Name is required.' }] };
    planned += 1;
    const registration = { requestId: `r-${planned}`, packageId: body.packageId } as NewRegistration;
    return { planned: { registration, jobs: [JOB] } };
  },
};

const user: AuthUser = testUser({ userId: 'u-1', clients: ['ACME'], client: 'ACME', sessionId: 's-1' });
const body = (name = 'Ana') => ({ packageId: 'PKG-ACME-BASIC', name }) as unknown as RegisterCandidateCommand;

function setUp() {
  const requests = new InMemoryRegistrations();
  const outbox = new RecordingOutbox();
  const useCase = new RegisterCandidateUseCase(
    planner as RegistrationPlanner,
    requests as unknown as CandidateRequestRepository,
    commands as IdempotentCommands,
    outbox.asPublisher(),
  );
  return { requests, published: outbox.published, useCase };
}

describe('RegisterCandidateUseCase', () => {
  it('writes the registration with its jobs and publishes them after the write', async () => {
    const { requests, published, useCase } = setUp();
    const registered = await useCase.execute(user, body());
    expect(requests.stored.map((r) => r.requestId)).toEqual([registered.requestId]);
    expect(published).toEqual([[{ ...JOB, id: '0' }]]);
  });

  it('refuses an invalid body with a 400 and writes nothing', async () => {
    const { requests, published, useCase } = setUp();
    await expect(useCase.execute(user, body(''))).rejects.toBeInstanceOf(ValidationFailedError);
    expect(requests.stored).toEqual([]);
    expect(published).toEqual([]);
  });

  it('answers a retry with the same key and body with the first answer, writing and publishing nothing', async () => {
    const { requests, published, useCase } = setUp();
    const first = await useCase.execute(user, body(), 'key-1');
    const retry = await useCase.execute(user, body(), 'key-1');
    expect(retry).toEqual(first);
    expect(requests.stored).toHaveLength(1);
    expect(published).toHaveLength(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const { requests, useCase } = setUp();
    await useCase.execute(user, body('Ana'), 'key-1');
    await expect(useCase.execute(user, body('Eva'), 'key-1')).rejects.toBeInstanceOf(UnprocessableError);
    expect(requests.stored).toHaveLength(1);
  });

  it('takes the same path without a key: nothing is claimed, each registration is its own', async () => {
    const { requests, useCase } = setUp();
    const a = await useCase.execute(user, body());
    const b = await useCase.execute(user, body());
    expect(a.requestId).not.toBe(b.requestId);
    expect(requests.kept.size).toBe(0);
  });

  it('fails when the write is refused, publishing nothing; the same key then works', async () => {
    const { requests, published, useCase } = setUp();
    requests.refuseNext = new Error('deadlock detected');
    await expect(useCase.execute(user, body(), 'key-1')).rejects.toThrow('deadlock detected');
    expect(published).toEqual([]);
    await expect(useCase.execute(user, body(), 'key-1')).resolves.toMatchObject({
      packageId: 'PKG-ACME-BASIC',
    });
    expect(requests.stored).toHaveLength(1);
  });
});
