import { processesAfter, RequestTransition, TrackedProcess } from '@app/domain';
import type { RequestSnapshot, StepWrites } from '@app/persistence';

/**
 * LifecycleSteps in memory, for the use cases' unit specs: one stored request, each step decided on
 * it and, unless the decision is null, applied (version bumped) with its writes recorded.
 */
export class InMemoryLifecycleSteps {
  readonly writes: StepWrites[] = [];

  constructor(public stored: RequestSnapshot) {}

  async run(
    _target: unknown,
    decide: (request: RequestSnapshot) => RequestTransition | null,
    writes: StepWrites = {},
  ): Promise<{ request: RequestSnapshot; transition: RequestTransition } | null> {
    const request = this.stored;
    const transition = decide(request);
    if (!transition) return null;
    this.stored = {
      ...request,
      version: request.version + 1,
      processes: processesAfter(request, transition),
    };
    this.writes.push(writes);
    return { request, transition };
  }

  /** The stored process of that name. */
  process(name: string): TrackedProcess | undefined {
    return this.stored.processes.find((p) => p.name === name);
  }
}
