import {
  ConflictError,
  PROCESS_TYPES,
  processesAfter,
  resumeWithCandidateInput,
  startInRequest,
  type TrackedProcess,
} from '@app/domain';
import type { AppliedWrite, LifecycleWrite, RequestSnapshot } from '@app/persistence';
import { RecordingOutbox } from '../outbox/outbox-publisher.fixture';
import { LifecycleSteps, type StepStore } from './lifecycle-steps';

/**
 * The repository as LifecycleSteps sees it, in memory: a write applies only if the request's
 * version is still the one the step read (as `applyStep`'s SQL does), and bumps it.
 */
class InMemorySteps implements StepStore {
  readonly requests = new Map<string, RequestSnapshot>();
  reads = 0;
  writes = 0;
  refused = 0;
  /** Somebody else writes the request right before each of our writes (a lost race every time). */
  raceEveryWrite = false;

  async read(by: { requestId: string; clientIds: string[] }): Promise<RequestSnapshot | null> {
    this.reads += 1;
    const request = this.requests.get(by.requestId);
    return request && by.clientIds.includes(request.clientId) ? structuredClone(request) : null;
  }

  async readByProcess(processId: string): Promise<RequestSnapshot | null> {
    this.reads += 1;
    const request = [...this.requests.values()].find((r) => r.processes.some((p) => p.id === processId));
    return request ? structuredClone(request) : null;
  }

  async applyStep(step: LifecycleWrite): Promise<AppliedWrite> {
    await Promise.resolve(); // a round trip: other steps may run meanwhile
    this.writes += 1;
    if (this.raceEveryWrite) this.changeBehindTheStepsBack(step.request.uuid);
    const stored = this.requests.get(step.request.uuid)!;
    if (stored.version !== step.request.version) {
      this.refused += 1;
      return { applied: false, jobs: [] };
    }
    const { candidateInput } = step.writes;
    this.requests.set(stored.uuid, {
      ...stored,
      version: stored.version + 1,
      processes: processesAfter(stored, step.transition),
      candidateInputs: candidateInput
        ? { ...stored.candidateInputs, [candidateInput.processId]: candidateInput.input }
        : stored.candidateInputs,
    });
    return { applied: true, jobs: step.jobs.map((job, i) => ({ ...job, id: `${this.writes}-${i}` })) };
  }

  /** Another process (or the api) writes the request: only its version and `change` differ. */
  changeBehindTheStepsBack(
    requestId: string,
    change: (p: TrackedProcess) => TrackedProcess = (p) => p,
  ): void {
    const stored = this.requests.get(requestId)!;
    this.requests.set(requestId, {
      ...stored,
      version: stored.version + 1,
      processes: stored.processes.map(change),
    });
  }
}

/** Two processes of the catalogue that depend on no other, queued and not started. */
const [FIRST, SECOND] = PROCESS_TYPES.filter((type) => type.dependsOn === null).map((type) => type.name);

function queued(id: string, name: TrackedProcess['name']): TrackedProcess {
  return {
    id,
    name,
    status: 'En proceso',
    result: 'Pendiente',
    startDate: null,
    endDate: null,
    generation: 0,
  };
}

function setUp() {
  const store = new InMemorySteps();
  const jobs = new RecordingOutbox();
  store.requests.set('r-1', {
    uuid: 'r-1',
    clientId: 'ACME',
    version: 0,
    candidate: { id: 'c-1', personType: 'individual' } as RequestSnapshot['candidate'],
    candidateInputs: {},
    processes: [queued('p-1', FIRST), queued('p-2', SECOND)],
  });
  return { store, jobs, steps: new LifecycleSteps(store, jobs) };
}

const start = (processId: string) => (request: RequestSnapshot) =>
  startInRequest(request, processId, 1_000, processId in request.candidateInputs);

describe('LifecycleSteps', () => {
  it('reads the request, lets the decision apply and answers the state it was decided on', async () => {
    const { store, steps } = setUp();
    const applied = await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    expect(applied?.request.version).toBe(0);
    expect(store.requests.get('r-1')!.version).toBe(1);
    expect(store.requests.get('r-1')!.processes[0].startDate).toBe(1_000);
    expect({ reads: store.reads, writes: store.writes }).toEqual({ reads: 1, writes: 1 });
  });

  it('answers null and writes nothing for a step with nothing to do (a repeated job)', async () => {
    const { store, jobs, steps } = setUp();
    expect(await steps.run({ processId: 'p-1' }, () => null)).toBeNull();
    expect(await steps.run({ processId: 'unknown' }, start('unknown'))).toBeNull();
    expect(store.writes).toBe(0);
    expect(jobs.published.flat()).toEqual([]);
  });

  it('starts the next step of a request from the state it wrote, without reading it again', async () => {
    const { store, steps } = setUp();
    await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    await steps.run({ processId: 'p-2' }, start('p-2'), {}, 'r-1');
    expect({ reads: store.reads, writes: store.writes, refused: store.refused }).toEqual({
      reads: 1,
      writes: 2,
      refused: 0,
    });
    expect(store.requests.get('r-1')!.processes.map((p) => p.startDate)).toEqual([1_000, 1_000]);
  });

  it('reads again and decides again when its memory is stale (somebody else wrote the request)', async () => {
    const { store, steps } = setUp();
    await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    store.changeBehindTheStepsBack('r-1');
    const applied = await steps.run({ processId: 'p-2' }, start('p-2'), {}, 'r-1');
    expect(applied?.request.version).toBe(2);
    expect({ reads: store.reads, writes: store.writes, refused: store.refused }).toEqual({
      reads: 2,
      writes: 3,
      refused: 1,
    });
  });

  it('never drops a step because its memory says there is nothing to do: it reads first', async () => {
    const { store, steps } = setUp();
    await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    // Somebody queued p-1 again (a new generation); this process still remembers it running.
    store.changeBehindTheStepsBack('r-1', (p) =>
      p.id === 'p-1' ? { ...queued('p-1', FIRST), generation: 1 } : p,
    );
    const applied = await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    expect(applied).not.toBeNull();
    expect(store.requests.get('r-1')!.processes[0]).toMatchObject({ generation: 1, startDate: 1_000 });
  });

  it('refuses (409) only from the stored state, never from its memory', async () => {
    const { store, steps } = setUp();
    const waiting = (p: TrackedProcess): TrackedProcess =>
      p.id === 'p-2' ? { ...p, status: 'Pendiente Candidato', startDate: 900 } : p;
    await steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1');
    // In memory p-2 is queued; stored, it now waits for the candidate: the resume applies.
    store.changeBehindTheStepsBack('r-1', waiting);
    const resume = (request: RequestSnapshot) => resumeWithCandidateInput(request, 'p-2');
    const input = { candidateInput: { processId: 'p-2', input: { consent: true } } };
    await expect(
      steps.run({ requestId: 'r-1', clientIds: ['ACME'] }, resume, input, 'r-1'),
    ).resolves.not.toBeNull();
    // Now it is stored queued again: a second resume is refused from the stored state.
    const readsBefore = store.reads;
    await expect(
      steps.run({ requestId: 'r-1', clientIds: ['ACME'] }, resume, input, 'r-1'),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(store.reads).toBe(readsBefore + 1);
  });

  it('publishes the jobs its write stored, after the write', async () => {
    const { store, jobs, steps } = setUp();
    store.changeBehindTheStepsBack('r-1', (p) =>
      p.id === 'p-2' ? { ...p, status: 'Pendiente Candidato', startDate: 900 } : p,
    );
    const resume = (request: RequestSnapshot) => resumeWithCandidateInput(request, 'p-2');
    await steps.run(
      { requestId: 'r-1', clientIds: ['ACME'] },
      resume,
      { candidateInput: { processId: 'p-2', input: { consent: true } } },
      'r-1',
    );
    expect(jobs.published.flat()).toMatchObject([
      { id: '1-0', payload: { requestId: 'r-1', processId: 'p-2', generation: 1 } },
    ]);
    expect(store.requests.get('r-1')!.candidateInputs).toEqual({ 'p-2': { consent: true } });
  });

  it('gives up after 20 lost races in a row (Bull retries the job), having written nothing', async () => {
    const { store, jobs, steps } = setUp();
    store.raceEveryWrite = true;
    await expect(steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1')).rejects.toThrow(
      'Request r-1 changed under 20 attempts of one lifecycle step',
    );
    expect({ writes: store.writes, refused: store.refused }).toEqual({ writes: 20, refused: 20 });
    expect(store.requests.get('r-1')!.processes[0].startDate).toBeNull();
    expect(jobs.published.flat()).toEqual([]);
  });

  it('lets the steps of one request take turns, so they do not race each other', async () => {
    const { store, steps } = setUp();
    await Promise.all([
      steps.run({ processId: 'p-1' }, start('p-1'), {}, 'r-1'),
      steps.run({ processId: 'p-2' }, start('p-2'), {}, 'r-1'),
    ]);
    expect({ reads: store.reads, writes: store.writes, refused: store.refused }).toEqual({
      reads: 1,
      writes: 2,
      refused: 0,
    });
  });
});
