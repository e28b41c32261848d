import {
  DecisionRecord,
  DisputeRecord,
  FinalResult,
  legalPersonState,
  outcomeAfterRetriesExhausted,
  PROCESS_TYPES,
  ProcessName,
  ProcessProvider,
  ProcessStatus,
  TrackedProcess,
} from '@app/domain';
import type { RequestSnapshot } from '@app/persistence';
import type { LifecycleSteps } from '@app/application';
import { InMemoryLifecycleSteps } from '@app/application/screening/in-memory-lifecycle-steps.fixture';
import { waitOutOutages } from '@app/platform/runtime/dependency-outage';
import type { LegalRecordsReader } from './legal-records.reader';
import { ProviderAttemptFailedError, RunProcessUseCase } from './run-process.use-case';

// Process types picked from the catalogue by what they are, not by name: a new type changes nothing here.
const PLAIN = PROCESS_TYPES.find(
  (t) => !t.dependsOn && !t.candidateInput && !t.watchLists && !t.usesLegalRecords,
)!;
const LEGAL = PROCESS_TYPES.find((t) => !t.dependsOn && !t.candidateInput && t.usesLegalRecords)!;
const NEEDS_INPUT = PROCESS_TYPES.find((t) => !t.dependsOn && t.candidateInput)!;
const DEPENDENT = PROCESS_TYPES.find((t) => t.dependsOn === PLAIN.name);

const CANDIDATE = { name: 'Ana', lastName: 'Prueba', rfc: 'PRUA900101AAA' };

function tracked(name: string, status: ProcessStatus): TrackedProcess {
  return {
    id: `p-${name}`,
    name: name as ProcessName,
    status,
    result: 'Pendiente',
    startDate: null,
    endDate: null,
    generation: 0,
  };
}

function request(...processes: TrackedProcess[]): RequestSnapshot {
  return {
    uuid: 'r-1',
    clientId: 'acme',
    version: 1,
    candidate: CANDIDATE as unknown as RequestSnapshot['candidate'],
    candidateInputs: {},
    processes,
  };
}

/** A provider that answers `result`, or fails with `failure`; it counts its calls. */
function provider(answer: { result: FinalResult } | { failure: Error }) {
  const calls: Array<{ name: string; context: unknown }> = [];
  const fake = {
    calls,
    call: async (name: string, _candidate: unknown, context: unknown) => {
      calls.push({ name, context });
      if ('failure' in answer) throw answer.failure;
      return { result: answer.result, summary: { from: 'fake' }, rawDetails: { fake: true } };
    },
    unanswered: (name: string, requestedAt: Date, error: unknown) => ({
      name,
      requestedAt: requestedAt.toISOString(),
      error: String(error),
    }),
  };
  return fake;
}

function useCase(
  steps: InMemoryLifecycleSteps,
  fakeProvider: ReturnType<typeof provider>,
  legal: unknown = undefined,
  reviewed: { decisions: DecisionRecord[]; disputes: DisputeRecord[] } = { decisions: [], disputes: [] },
) {
  const warnings: string[] = [];
  const legalRecords = { summaryFor: jest.fn(async () => legal) };
  // The real rule, with pauses that take no time: how many the work waited is counted.
  const pauses: number[] = [];
  const outages = {
    run: <T>(work: () => Promise<T>) => waitOutOutages(work, { sleep: async (ms) => void pauses.push(ms) }),
  };
  const run = new RunProcessUseCase(
    steps as unknown as LifecycleSteps,
    fakeProvider as unknown as ProcessProvider,
    legalRecords as unknown as LegalRecordsReader,
    { decisionsAndDisputes: async () => reviewed },
    outages,
    { warn: (_fields, message) => warnings.push(message) },
  );
  return { run, warnings, legalRecords, pauses };
}

describe('RunProcessUseCase', () => {
  it('starts a queued process, calls its provider once, and finishes it with the answer', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
    const answers = provider({ result: 'Aprobado' });
    const { run, legalRecords } = useCase(steps, answers);

    const report = await run.execute({ processId: `p-${PLAIN.name}`, requestId: 'r-1', lastAttempt: false });

    expect(report).toEqual({ processName: PLAIN.name, outcome: 'finished', result: 'Aprobado' });
    expect(answers.calls.map((c) => c.name)).toEqual([PLAIN.name]);
    expect(legalRecords.summaryFor).not.toHaveBeenCalled();
    expect(steps.process(PLAIN.name)).toEqual(
      expect.objectContaining({ status: 'Finalizado', result: 'Aprobado', endDate: expect.any(Number) }),
    );
    expect(steps.writes.at(-1)).toEqual({
      outcome: { processId: `p-${PLAIN.name}`, summary: { from: 'fake' }, rawDetails: { fake: true } },
    });
  });

  it('gives the provider of a process that uses the legal records what the corpus says', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(LEGAL.name, 'En proceso')));
    const answers = provider({ result: 'Aprobado' });
    const summary = { matches: 2 };
    const { run, legalRecords } = useCase(steps, answers, summary);
    await run.execute({ processId: `p-${LEGAL.name}`, lastAttempt: false });
    expect(legalRecords.summaryFor).toHaveBeenCalledWith(CANDIDATE);
    expect(answers.calls).toEqual([
      { name: LEGAL.name, context: expect.objectContaining({ legalMatches: summary }) },
    ]);
  });

  it('leaves out a BGC Legal person dismissed in the same state, and writes the review of what is left', async () => {
    // Run again (generation 2) after decisions on its previous run (generation 1).
    const steps = new InMemoryLifecycleSteps(
      request({ ...tracked(LEGAL.name, 'En proceso'), generation: 2 }),
    );
    // The provider answers what the corpus gave it, as BGC Legal's does.
    const answers = provider({ result: 'Riesgo Medio' });
    const echo = answers.call;
    answers.call = async (name, candidate, context) => ({
      ...(await echo(name, candidate, context)),
      summary: (context as { legalMatches: unknown }).legalMatches as { from: string },
    });
    const person = (entryId: string, lawsuits: number, asDefendant: number) => ({
      entryId,
      fullName: `PERSONA ${entryId}`,
      lawsuits,
      asDefendant,
      categories: ['Civil'],
    });
    const dismissedOne = person('p-1', 3, 2);
    const kept = person('p-2', 1, 0);
    const changed = person('p-3', 2, 1);
    const found = {
      lawsuitsFound: 6,
      asDefendant: 3,
      categories: ['Civil'],
      persons: [dismissedOne, kept, changed],
    };
    const decision = (entryId: string, entryState: string): DecisionRecord => ({
      finding: { source: 'legal-records', entryId },
      decision: 'dismissed',
      at: 1,
      processId: `p-${LEGAL.name}`,
      processGeneration: 1,
      entryState,
    });
    const { run } = useCase(steps, answers, found, {
      // p-3 was dismissed when it had one lawsuit fewer: a new lawsuit raises it again.
      decisions: [
        decision('p-1', legalPersonState(dismissedOne)),
        decision('p-3', legalPersonState(person('p-3', 1, 1))),
      ],
      disputes: [],
    });
    await run.execute({ processId: `p-${LEGAL.name}`, lastAttempt: false });
    const context = answers.calls[0].context as { legalMatches: typeof found };
    expect(context.legalMatches).toEqual({
      lawsuitsFound: 3,
      asDefendant: 1,
      categories: ['Civil'],
      persons: [kept, changed],
    });
    expect(steps.writes.at(-1)?.outcome).toEqual(
      expect.objectContaining({
        review: { status: 'pending', reviewedResult: 'Riesgo Medio', disputed: false },
      }),
    );
  });

  it('does nothing for a process that is not queued (a repeated job): no provider call, no write', async () => {
    const finished = { ...tracked(PLAIN.name, 'Finalizado'), result: 'Aprobado' as const };
    const steps = new InMemoryLifecycleSteps(request(finished));
    const answers = provider({ result: 'Riesgo Alto' });
    const { run } = useCase(steps, answers);
    expect(await run.execute({ processId: finished.id, lastAttempt: false })).toEqual({
      processName: null,
      outcome: 'nothing-to-do',
    });
    expect(answers.calls).toEqual([]);
    expect(steps.writes).toEqual([]);
  });

  it('parks a process that needs the candidate input it lacks, without calling its provider', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(NEEDS_INPUT.name, 'En proceso')));
    const answers = provider({ result: 'Aprobado' });
    const { run } = useCase(steps, answers);
    expect(await run.execute({ processId: `p-${NEEDS_INPUT.name}`, lastAttempt: false })).toEqual({
      processName: NEEDS_INPUT.name,
      outcome: 'waiting-for-candidate',
    });
    expect(steps.process(NEEDS_INPUT.name)?.status).toBe('Pendiente Candidato');
    expect(answers.calls).toEqual([]);
  });

  it('throws for Bull to retry while attempts remain, leaving the process running', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
    const { run, warnings } = useCase(steps, provider({ failure: new Error('timeout') }));
    const attempt = run.execute({ processId: `p-${PLAIN.name}`, lastAttempt: false });
    await expect(attempt).rejects.toBeInstanceOf(ProviderAttemptFailedError);
    await expect(attempt).rejects.toThrow(`${PLAIN.name}: provider attempt failed: timeout`);
    expect(steps.process(PLAIN.name)?.status).toBe('En proceso');
    expect(warnings).toEqual([]);
  });

  it('ends the process as the domain says on the last attempt (the retry limit), with what the provider failed with', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
    const { run, warnings } = useCase(steps, provider({ failure: new Error('timeout') }));
    const expected = outcomeAfterRetriesExhausted(PLAIN.name);

    const report = await run.execute({ processId: `p-${PLAIN.name}`, lastAttempt: true });

    expect(report).toEqual({ processName: PLAIN.name, outcome: 'finished', result: expected.result });
    expect(steps.process(PLAIN.name)).toEqual(
      expect.objectContaining({ status: 'Finalizado', result: expected.result }),
    );
    expect(steps.writes.at(-1)?.outcome).toEqual({
      processId: `p-${PLAIN.name}`,
      summary: expected.summary,
      rawDetails: { name: PLAIN.name, requestedAt: expect.any(String), error: 'Error: timeout' },
    });
    expect(warnings).toEqual(['Provider gave no answer after its retries: No disponible']);
  });

  it('answers already-finished when another delivery of the job finished the process during the call', async () => {
    const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
    const answers = provider({ result: 'Aprobado' });
    const { run } = useCase(steps, answers);
    // The first step (start) runs as usual; before the second reads, someone else finished it.
    const startOnly = steps.run.bind(steps);
    let step = 0;
    steps.run = (async (...args: Parameters<InMemoryLifecycleSteps['run']>) => {
      step += 1;
      if (step === 2)
        steps.stored = {
          ...steps.stored,
          version: steps.stored.version + 1,
          processes: steps.stored.processes.map((p) => ({
            ...p,
            status: 'Finalizado',
            result: 'Riesgo Alto',
            endDate: 1,
          })),
        };
      return startOnly(...args);
    }) as InMemoryLifecycleSteps['run'];

    const report = await run.execute({ processId: `p-${PLAIN.name}`, lastAttempt: false });

    expect(report).toEqual({ processName: PLAIN.name, outcome: 'already-finished', result: 'Aprobado' });
    expect(steps.process(PLAIN.name)?.result).toBe('Riesgo Alto'); // the other delivery's answer stands
  });

  (DEPENDENT ? it : it.skip)('queues what waited for the process once it finishes', async () => {
    const steps = new InMemoryLifecycleSteps(
      request(tracked(PLAIN.name, 'En proceso'), tracked(DEPENDENT!.name, 'Con dependencia')),
    );
    const { run } = useCase(steps, provider({ result: 'Aprobado' }));
    await run.execute({ processId: `p-${PLAIN.name}`, lastAttempt: false });
    expect(steps.process(DEPENDENT!.name)).toEqual(
      expect.objectContaining({ status: 'En proceso', generation: 1 }),
    );
  });

  describe('a PostgreSQL outage on the way', () => {
    /** What pg answers while the server is stopped. */
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

    /** Steps that fail with an outage `times` times at step `at` (1: start, 2: finish), then work. */
    function failingSteps(steps: InMemoryLifecycleSteps, at: number, times: number): void {
      const real = steps.run.bind(steps);
      let step = 0;
      let failures = 0;
      steps.run = (async (...args: Parameters<InMemoryLifecycleSteps['run']>) => {
        if (step + 1 === at && failures < times) {
          failures += 1;
          throw refused();
        }
        step += 1;
        return real(...args);
      }) as InMemoryLifecycleSteps['run'];
    }

    it.each([
      ['starting', 1],
      ['finishing', 2],
    ])('waits it out while %s, then finishes the process with one provider call', async (_, at) => {
      const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
      failingSteps(steps, at, 7);
      const answers = provider({ result: 'Aprobado' });
      const { run, pauses } = useCase(steps, answers);

      // Even on the job's last attempt: an outage is not the provider's failure.
      const report = await run.execute({ processId: `p-${PLAIN.name}`, requestId: 'r-1', lastAttempt: true });

      expect(report).toEqual({ processName: PLAIN.name, outcome: 'finished', result: 'Aprobado' });
      expect(answers.calls).toHaveLength(1);
      expect(pauses).toHaveLength(7);
      expect(steps.process(PLAIN.name)).toEqual(
        expect.objectContaining({ status: 'Finalizado', result: 'Aprobado' }),
      );
    });

    it('waits out an outage of the legal-records corpus instead of ending BGC Legal No disponible', async () => {
      const steps = new InMemoryLifecycleSteps(request(tracked(LEGAL.name, 'En proceso')));
      const answers = provider({ result: 'Aprobado' });
      const { run, legalRecords, pauses } = useCase(steps, answers, { matches: 0 });
      legalRecords.summaryFor
        .mockRejectedValueOnce(new Error('legal-records source: connection refused', { cause: refused() }))
        .mockRejectedValueOnce(new Error('legal-records source: connection refused', { cause: refused() }));

      const report = await run.execute({ processId: `p-${LEGAL.name}`, lastAttempt: true });

      expect(report).toEqual({ processName: LEGAL.name, outcome: 'finished', result: 'Aprobado' });
      expect(pauses).toHaveLength(2);
      expect(answers.calls).toHaveLength(1);
    });

    it('still counts a provider failure that is not an outage', async () => {
      const steps = new InMemoryLifecycleSteps(request(tracked(PLAIN.name, 'En proceso')));
      const { run, pauses } = useCase(steps, provider({ failure: new Error('provider said 502') }));
      await expect(run.execute({ processId: `p-${PLAIN.name}`, lastAttempt: false })).rejects.toBeInstanceOf(
        ProviderAttemptFailedError,
      );
      expect(pauses).toEqual([]);
    });
  });
});
