import { Injectable } from '@nestjs/common';
import { processesAfter, RequestTransition } from '@app/domain';
import {
  AppliedWrite,
  LifecycleWrite,
  PendingOutboxJob,
  ProcessExecutionRepository,
  RequestSnapshot,
  StepWrites,
} from '@app/persistence';
import { GroupCommit, OneAtATime } from '@app/platform';
import { runProcessJobs } from '../outbox/outbox-jobs';
import { OutboxPublisher } from '../outbox/outbox-publisher';

export interface AppliedStep {
  request: RequestSnapshot;
  transition: RequestTransition;
}

/** What a step reads: the request of a process, or a request of one of the caller's clients. */
export type StepTarget = { processId: string } | Parameters<ProcessExecutionRepository['read']>[0];

/** A step that lost this many races in a row gives up (its job is retried by Bull). */
const MAX_ATTEMPTS = 20;
/** Requests whose last written state this process remembers (the oldest is forgotten first). */
const REMEMBERED_REQUESTS = 10_000;

/**
 * One step of a request's lifecycle, the same way for the processor and for candidate input: read
 * the request, let the domain decide (`decide` returns null when there is nothing to do, e.g. a
 * repeated job), and write the decision with its events and the jobs of requeued processes in one
 * statement that applies only if the request did not change since the read; if it did, read and
 * decide again. The jobs are published after the write. Steps of different requests that are
 * written at the same time share one statement and one commit.
 *
 * Steps of one request in this process take turns (`requestId`), so they rarely race each other;
 * the version check still orders steps across processes (several processors, or the api and a
 * processor). No lock is held across round trips.
 *
 * A step that knows the request (`requestId`) starts from the state this process last wrote for it,
 * when it has one, instead of reading it again: the version check refuses the write if anybody
 * changed the request since, and the step then reads and decides again. A step that finds nothing
 * to do on a remembered state also reads again before saying so, so a stale memory never drops a job.
 */
@Injectable()
export class LifecycleSteps {
  constructor(
    private readonly processes: ProcessExecutionRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  private readonly turns = new OneAtATime();
  private readonly written = new Map<string, RequestSnapshot>();
  /** Requests read at the same time are read in one round trip. */
  private readonly reads = new GroupCommit<string, RequestSnapshot | null>(
    (processIds) => this.processes.readByProcesses(processIds),
    { maxBatch: 100, maxInFlight: 2, retryAlone: false },
  );
  /**
   * Steps of different requests decided at the same time are written in one statement (group
   * commit). Each is decided before it is submitted, so its version check still orders it.
   */
  private readonly writes = new GroupCommit<LifecycleWrite, AppliedWrite>(
    (steps) => this.processes.applyMany(steps),
    { maxBatch: 100, maxInFlight: 2, retryAlone: true, keyOf: (step) => step.request.uuid },
  );

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
      const written = await this.writes.submit({
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
    return 'processId' in target ? this.reads.submit(target.processId) : this.processes.read(target);
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
