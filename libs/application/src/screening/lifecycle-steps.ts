import { Injectable } from '@nestjs/common';
import type { RequestTransition } from '@app/domain';
import { LockedRequest, PendingOutboxJob, ProcessExecutionRepository, StepWrites } from '@app/persistence';
import { runProcessJobs } from '../outbox/outbox-jobs';
import { OutboxPublisher } from '../outbox/outbox-publisher';

export interface AppliedStep {
  request: LockedRequest;
  transition: RequestTransition;
}

/**
 * One step of a request's lifecycle, the same way for the processor and for candidate input: lock
 * the request, let the domain decide (`decide` returns null when there is nothing to do, e.g. a
 * repeated job), write the decision with its events and the jobs of requeued processes in the same
 * transaction, and publish those jobs after the commit.
 */
@Injectable()
export class LifecycleSteps {
  constructor(
    private readonly processes: ProcessExecutionRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async run(
    target: Parameters<ProcessExecutionRepository['lockRequest']>[1],
    decide: (request: LockedRequest) => RequestTransition | null,
    writes: StepWrites = {},
  ): Promise<AppliedStep | null> {
    let staged: PendingOutboxJob[] = [];
    const applied = await this.processes.inTransaction(async (tx) => {
      const request = await this.processes.lockRequest(tx, target);
      const transition = request && decide(request);
      if (!request || !transition) return null;
      const requeued = transition.changes
        .filter((change) => change.requeued)
        .map((change) => ({ id: change.id, requestId: request.uuid, generation: change.next.generation }));
      staged = await this.processes.apply(tx, request, transition, writes, runProcessJobs(requeued));
      return { request, transition };
    });
    await this.outbox.publishNow(staged);
    return applied;
  }
}
