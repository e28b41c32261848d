// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import {
  BLOCKED_REQUEST_MESSAGE,
  ConflictError,
  GoneError,
  NotFoundError,
  PROCESS_TYPES,
  ProcessName,
  ProcessStatus,
  TrackedProcess,
  ValidationFailedError,
} from '@app/domain';
import type { CandidateRequestRepository, RequestSnapshot } from '@app/persistence';
import type { LifecycleSteps } from '@app/application';
import { InMemoryLifecycleSteps } from '@app/application/screening/in-memory-lifecycle-steps.fixture';
import { SubmitCandidateInputUseCase, type CandidateInputCommand } from './submit-candidate-input.use-case';
import { ACME, GLOBEX } from '../auth/test-users.fixture';

// The process type that takes documents, whatever it is called; and one that takes no input.
const DOCUMENTS = PROCESS_TYPES.find((t) => t.candidateInput === 'documents')!.name;
const NO_INPUT = PROCESS_TYPES.find((t) => !t.candidateInput)!.name;
const VALID = { documents: [{ type: 'INE', fileName: 'ine.pdf', sha256: 'a'.repeat(64) }] };

const REQUEST_ID = '5f0c7a8e-1111-4222-8333-944455556666';
const pid = (name: string) =>
  `5f0c7a8e-2222-4222-8333-${String(PROCESS_TYPES.findIndex((t) => t.name === name)).padStart(12, '0')}`;
/** acme's user (the one place specs build callers). */
const USER = ACME;

function tracked(name: string, status: ProcessStatus): TrackedProcess {
  return {
    id: pid(name),
    name: name as ProcessName,
    status,
    result: 'Pendiente',
    startDate: 1,
    endDate: null,
    generation: 0,
  };
}

/**
 * The stored request in memory, behind both ports: the repository's read of one process (the
 * caller's clients only) and LifecycleSteps deciding and writing a step on the stored state.
 */
class InMemoryRequest extends InMemoryLifecycleSteps {
  /** Blocked under the client's retention (docs/privacy.md): read so, or blocked before the step. */
  blocked: 'no' | 'read' | 'before-step' = 'no';

  override async run(...args: Parameters<InMemoryLifecycleSteps['run']>) {
    // A blocked request is read by no lifecycle step: the step finds nothing to do.
    return this.blocked === 'no' ? super.run(...args) : null;
  }

  readonly requests = {
    findProcess: async (requestId: string, processId: string, clientIds: string[]) => {
      const p = this.stored.processes.find((x) => x.id === processId);
      return requestId === this.stored.uuid && p && clientIds.includes(this.stored.clientId)
        ? {
            id: p.id,
            processName: p.name,
            status: p.status,
            result: p.result,
            blocked: this.blocked === 'read',
          }
        : null;
    },
  };

  status(name: string): ProcessStatus | undefined {
    return this.process(name)?.status;
  }
}

function setup(...processes: TrackedProcess[]) {
  const store = new InMemoryRequest({
    uuid: REQUEST_ID,
    clientId: 'acme',
    version: 1,
    candidate: {} as RequestSnapshot['candidate'],
    candidateInputs: {},
    processes,
  });
  const useCase = new SubmitCandidateInputUseCase(
    store.requests as unknown as CandidateRequestRepository,
    store as unknown as LifecycleSteps,
  );
  return { store, useCase };
}

const body = (value: object) => value as CandidateInputCommand;

describe('SubmitCandidateInputUseCase', () => {
  it('resumes the waiting process with what the candidate supplied', async () => {
    const { store, useCase } = setup(tracked(DOCUMENTS, 'Pendiente Candidato'));
    await expect(useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body(VALID))).resolves.toEqual({
      id: pid(DOCUMENTS),
      processName: DOCUMENTS,
      status: 'En proceso',
    });
    expect(store.status(DOCUMENTS)).toBe('En proceso');
    expect(store.stored.processes[0].generation).toBe(1); // queued again: a new job runs it
    expect(store.writes).toEqual([{ candidateInput: { processId: pid(DOCUMENTS), input: VALID } }]);
  });

  it('answers 404 for a request of another client, an unknown process or an id that is no uuid', async () => {
    const { store, useCase } = setup(tracked(DOCUMENTS, 'Pendiente Candidato'));
    const other = GLOBEX;
    await expect(useCase.execute(other, REQUEST_ID, pid(DOCUMENTS), body(VALID))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(useCase.execute(USER, REQUEST_ID, pid(NO_INPUT), body(VALID))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(useCase.execute(USER, 'nope', pid(DOCUMENTS), body(VALID))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(store.writes).toEqual([]);
  });

  it('answers 410 for a blocked request, read blocked or blocked before its step, writing nothing', async () => {
    for (const blocked of ['read', 'before-step'] as const) {
      const { store, useCase } = setup(tracked(DOCUMENTS, 'Pendiente Candidato'));
      store.blocked = blocked;
      await expect(useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body(VALID))).rejects.toEqual(
        new GoneError(BLOCKED_REQUEST_MESSAGE),
      );
      expect(store.writes).toEqual([]);
      expect(store.status(DOCUMENTS)).toBe('Pendiente Candidato');
    }
  });

  it('answers 409 for a process that does not wait for the candidate, before validating the body', async () => {
    const { store, useCase } = setup(tracked(DOCUMENTS, 'En proceso'));
    await expect(useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body({}))).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(store.writes).toEqual([]);
  });

  it('answers 400 naming the fields the domain refuses, and writes nothing', async () => {
    const { store, useCase } = setup(tracked(DOCUMENTS, 'Pendiente Candidato'));
    const refused = useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body({ documents: [] }));
    await expect(refused).rejects.toBeInstanceOf(ValidationFailedError);
    await expect(refused).rejects.toMatchObject({
      violations: [expect.objectContaining({ field: expect.any(String) })],
    });
    expect(store.status(DOCUMENTS)).toBe('Pendiente Candidato');
  });

  it('lets one of two submissions that read the waiting process resume it; the other hears 409 from the state it wrote', async () => {
    const { store, useCase } = setup(tracked(DOCUMENTS, 'Pendiente Candidato'));
    // Both pass the read of the waiting process; their steps decide one after the other.
    const [first, second] = await Promise.allSettled([
      useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body(VALID)),
      useCase.execute(USER, REQUEST_ID, pid(DOCUMENTS), body(VALID)),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toEqual({ status: 'rejected', reason: expect.any(ConflictError) });
    expect(store.writes).toHaveLength(1);
  });
});
