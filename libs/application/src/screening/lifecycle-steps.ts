import { Injectable } from '@nestjs/common';
import type { RequestTransition } from '@app/domain';
import { PendingOutboxJob, ProcessExecutionRepository, RequestSnapshot, StepWrites } from '@app/persistence';
import { OneAtATime } from '@app/platform';
import { runProcessJobs } from '../outbox/outbox-jobs';
import { OutboxPublisher } from '../outbox/outbox-publisher';

export interface AppliedStep {
  request: RequestSnapshot;
  transition: RequestTransition;
}

/** A step that lost this many races in a row gives up (its job is retried by Bull). */
const MAX_ATTEMPTS = 20;

/**
 * One step of a request's lifecycle, the same way for the processor and for candidate input: read
 * the request, let the domain decide (`decide` returns null when there is nothing to do, e.g. a
 * repeated job), and write the decision with its events and the jobs of requeued processes in one
 * statement that applies only if the request did not change since the read; if it did, read and
 * decide again. The jobs are published after the write.
 *
 * Steps of one request in this process take turns (`requestId`), so they rarely race each other;
 * the version check still orders steps across processes (several processors, or the api and a
 * processor). No lock is held across round trips.
 */
@Injectable()
export class LifecycleSteps {
  constructor(
    private readonly processes: ProcessExecutionRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  private readonly turns = new OneAtATime();

  /** `requestId`: the request the target belongs to, when the caller knows it (one turn per request). */
  async run(
    target: Parameters<ProcessExecutionRepository['read']>[0],
    decide: (request: RequestSnapshot) => RequestTransition | null,
    writes: StepWrites = {},
    requestId?: string,
  ): Promise<AppliedStep | null> {
    const step = () => this.decideAndWrite(target, decide, writes);
    const { applied, staged } = await (requestId ? this.turns.run(requestId, step) : step());
    await this.outbox.publishNow(staged);
    return applied;
  }

  private async decideAndWrite(
    target: Parameters<ProcessExecutionRepository['read']>[0],
    decide: (request: RequestSnapshot) => RequestTransition | null,
    writes: StepWrites,
  ): Promise<{ applied: AppliedStep | null; staged: PendingOutboxJob[] }> {
    for (let attempt = 1; ; attempt++) {
      const request = await this.processes.read(target);
      const transition = request && decide(request);
      if (!request || !transition) return { applied: null, staged: [] };
      const requeued = transition.changes
        .filter((change) => change.requeued)
        .map((change) => ({ id: change.id, requestId: request.uuid, generation: change.next.generation }));
      const written = await this.processes.apply(request, transition, writes, runProcessJobs(requeued));
      if (written.applied) return { applied: { request, transition }, staged: written.jobs };
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(`Request ${request.uuid} changed under ${attempt} attempts of one lifecycle step`);
    }
  }
}
