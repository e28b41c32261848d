import { processesAfter, RequestTransition } from '@app/domain';
import type {
  PendingOutboxJob,
  ProcessExecutionRepository,
  RequestSnapshot,
  StepWrites,
} from '@app/persistence';
// Deep import, no Nest: the unit spec loads this file with in-memory fakes.
import { OneAtATime } from '@app/platform/util/one-at-a-time';
import { runProcessJobs } from '../outbox/outbox-jobs';
import type { OutboxPublisher } from '../outbox/outbox-publisher';

export interface AppliedStep {
  request: RequestSnapshot;
  transition: RequestTransition;
}

/** What a step reads: the request of a process, or a request of one of the caller's clients. */
export type StepTarget = { processId: string } | Parameters<ProcessExecutionRepository['read']>[0];

/** What a step needs of the database: `ProcessExecutionRepository` (an in-memory fake in the spec). */
export type StepStore = Pick<ProcessExecutionRepository, 'read' | 'readByProcess' | 'applyStep'>;
/** What a step needs of the outbox: publishing the jobs it wrote, after the write. */
export type StepJobs = Pick<OutboxPublisher, 'publishNow'>;

/** A step that lost this many races in a row gives up (its job is retried by Bull). */
const MAX_ATTEMPTS = 20;
/** Requests whose last written state this process remembers (the oldest is forgotten first). */
const REMEMBERED_REQUESTS = 10_000;

/**
 * One step of a request's lifecycle, the same way for the processor and for candidate input: read
 * the request, let the domain decide (`decide` returns null when there is nothing to do, e.g. a
 * repeated job), and write the decision with its events and the jobs of requeued processes in one
 * statement that applies only if the request did not change since the read; if it did, read and
 * decide again. The jobs are published after the write. (Whether reads and writes of several
 * requests travel together is the repository's business.)
 *
 * Steps of one request in this process take turns (`requestId`): the processes of a request start
 * together, and without turns each would decide on the same state and all but one be refused, read
 * and decide again (n² writes for n processes). The version check still orders steps across
 * processes (several processors, or the api and a processor). No lock is held across round trips.
 *
 * A step that knows the request (`requestId`) starts from the state this process last wrote for it,
 * when it has one, instead of reading it again: the version check refuses the write if anybody
 * changed the request since, and the step then reads and decides again. A step that finds nothing
 * to do on a remembered state also reads again before saying so, so a stale memory never drops a job.
 */
export class LifecycleSteps {
  constructor(
    private readonly processes: StepStore,
    private readonly outbox: StepJobs,
  ) {}

  private readonly turns = new OneAtATime();
  private readonly written = new Map<string, RequestSnapshot>();

  /** `requestId`: the request the target belongs to, when the caller knows it (one turn per request). */
  async run(
    target: StepTarget,
    decide: (request: RequestSnapshot) => RequestTransition | null,
    writes: StepWrites = {},
    requestId?: string,
  ): Promise<AppliedStep | null> {
    const step = () => this.decideAndWrite(target, decide, writes, requestId);
    const { applied, staged } = await (requestId ? this.turns.run(requestId, step) : step());
    await this.outbox.publishNow(staged);
    return applied;
  }

  private async decideAndWrite(
    target: StepTarget,
    decide: (request: RequestSnapshot) => RequestTransition | null,
    writes: StepWrites,
    requestId: string | undefined,
  ): Promise<{ applied: AppliedStep | null; staged: PendingOutboxJob[] }> {
    let remembered = requestId ? this.recall(requestId) : undefined;
    for (let attempt = 1; ; attempt++) {
      const request = remembered ?? (await this.read(target));
      let transition: RequestTransition | null;
      try {
        transition = request && decide(request);
      } catch (refusal) {
        // A refusal (e.g. 409) must come from the stored state, not from this process's memory.
        if (!remembered) throw refusal;
        remembered = this.forget(remembered.uuid);
        continue;
      }
      if (!request || !transition) {
        if (!remembered) return { applied: null, staged: [] };
        remembered = this.forget(remembered.uuid);
        continue;
      }
      const requeued = transition.changes
        .filter((change) => change.requeued)
        .map((change) => ({ id: change.id, requestId: request.uuid, generation: change.next.generation }));
      const written = await this.processes.applyStep({
        request,
        transition,
        writes,
        jobs: runProcessJobs(requeued),
      });
      if (written.applied) {
        this.remember(request, transition, writes);
        return { applied: { request, transition }, staged: written.jobs };
      }
      remembered = this.forget(request.uuid);
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(`Request ${request.uuid} changed under ${attempt} attempts of one lifecycle step`);
    }
  }

  private read(target: StepTarget): Promise<RequestSnapshot | null> {
    return 'processId' in target
      ? this.processes.readByProcess(target.processId)
      : this.processes.read(target);
  }

  private recall(requestId: string): RequestSnapshot | undefined {
    const request = this.written.get(requestId);
    if (request) {
      // Most recently used last: the first key of the map is the one to forget when full.
      this.written.delete(requestId);
      this.written.set(requestId, request);
    }
    return request;
  }

  private forget(requestId: string): undefined {
    this.written.delete(requestId);
    return undefined;
  }

  /** The state this step wrote; a request whose processes have all ended needs no memory. */
  private remember(request: RequestSnapshot, transition: RequestTransition, writes: StepWrites): void {
    const processes = processesAfter(request, transition);
    if (processes.every((p) => p.endDate !== null)) {
      this.written.delete(request.uuid);
      return;
    }
    const candidateInputs = writes.candidateInput
      ? { ...request.candidateInputs, [writes.candidateInput.processId]: writes.candidateInput.input }
      : request.candidateInputs;
    this.written.delete(request.uuid);
    this.written.set(request.uuid, { ...request, version: request.version + 1, processes, candidateInputs });
    if (this.written.size > REMEMBERED_REQUESTS) this.written.delete(this.written.keys().next().value!);
  }
}
