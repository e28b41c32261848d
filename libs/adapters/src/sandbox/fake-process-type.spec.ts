/**
 * Adding a process type touches the catalogue entry, its summary schema and its provider's answer
 * only: a fake type from a fixture (test/fixtures/fake-process-type.ts) is appended to the real
 * catalogue and the sandbox, then runs through everything the api and the processor ask of the
 * domain and the adapter: registration, the graph, the lifecycle, candidate input, the provider's
 * answer and the report's sentences. (The HTTP and Swagger side is derived from the same catalogue.)
 */
import {
  FinalResult,
  finishInRequest,
  NEEDS_CANDIDATE,
  PROCESS_NAMES,
  ProcessName,
  processesForRegistration,
  RequestState,
  resumeWithCandidateInput,
  startInRequest,
  summarySentences,
  TrackedProcess,
  validateCandidateInput,
  validateRegistration,
  planRegistration,
  overallStatus,
} from '@app/domain';
import { FAKE_PROCESS } from '../../../../test/fixtures/fake-process-type';
import { sandboxOutcome } from './sandbox-outcome';

jest.mock('../../../domain/src/screening/process-types', () => {
  const actual = jest.requireActual('../../../domain/src/screening/process-types');
  const { SOCIAL_MEDIA } = jest.requireActual('../../../../test/fixtures/fake-process-type');
  return { ...actual, PROCESS_TYPES: [...actual.PROCESS_TYPES, SOCIAL_MEDIA] };
});
jest.mock('./sandbox-answers', () => {
  const actual = jest.requireActual('./sandbox-answers');
  const { FAKE_PROCESS: name, socialMediaAnswer } = jest.requireActual(
    '../../../../test/fixtures/fake-process-type',
  );
  return { ...actual, SANDBOX_ANSWERS: { ...actual.SANDBOX_ANSWERS, [name]: socialMediaAnswer } };
});

const FAKE = FAKE_PROCESS as ProcessName;
const candidate = { personType: 'individual', name: 'Juan', lastName: 'Hernández', rfc: 'HELJ900517AB1' };
const DOCUMENTS = {
  documents: [{ type: 'INE', fileName: 'ine.pdf', sha256: 'a'.repeat(64) }],
};

function apply(
  request: RequestState,
  transition: { changes: Array<{ id: string; next: TrackedProcess }> } | null,
) {
  expect(transition).not.toBeNull();
  const changed = new Map(transition!.changes.map((c) => [c.id, c.next]));
  return { ...request, processes: request.processes.map((p) => changed.get(p.id) ?? p) };
}

/** What the processor does with a queued process: start it, call the provider, finish it. */
function run(request: RequestState, id: string, candidateInput?: unknown) {
  const started = apply(request, startInRequest(request, id, 1_000, candidateInput !== undefined));
  const name = started.processes.find((p) => p.id === id)!.name;
  const outcome = sandboxOutcome(name, candidate, { candidateInput });
  return {
    request: apply(started, finishInRequest(started, id, outcome.result as FinalResult, 2_000)),
    outcome,
  };
}

describe('a process type added in a fixture', () => {
  it('joins the vocabulary, the graph and the registration rules', () => {
    expect(PROCESS_NAMES).toContain(FAKE);
    expect(NEEDS_CANDIDATE.has(FAKE)).toBe(false);
    expect(processesForRegistration(['Peps', FAKE], 'corporate')).toEqual(['Peps', FAKE]);
    const input = {
      personType: 'individual' as const,
      name: 'Juan',
      lastName: 'Hernández',
      birthDate: '1990-05-17',
      nationality: 'MX',
      gender: 'H',
      email: 'juan@example.com',
      phone: '+525512345678',
    };
    expect(
      validateRegistration(input, { packageProcesses: ['Documentos', FAKE], today: '2026-11-22' }),
    ).toEqual([]);
    expect(validateCandidateInput(FAKE, DOCUMENTS)).toEqual([
      { field: 'processId', message: 'Redes Sociales takes no candidate input.' },
    ]);
  });

  it('waits for its dependency, runs once it finishes, and reads as sentences in the report', () => {
    const plan = planRegistration('r-1', 'PKG', [
      { id: 'docs', name: 'Documentos' },
      { id: 'fake', name: FAKE },
    ]);
    expect(plan.processes.map((p) => [p.name, p.status, p.dependsOn])).toEqual([
      ['Documentos', 'En proceso', null],
      [FAKE, 'Con dependencia', 'Documentos'],
    ]);
    let request: RequestState = {
      uuid: 'r-1',
      processes: plan.processes.map((p) => ({
        ...p,
        result: 'Pendiente',
        startDate: null,
        endDate: null,
        generation: 0,
      })),
    };

    // Documentos waits for the candidate, then runs with what they sent; that releases the fake type.
    request = apply(request, startInRequest(request, 'docs', 500, false));
    expect(request.processes[0].status).toBe('Pendiente Candidato');
    expect(validateCandidateInput('Documentos', DOCUMENTS)).toEqual([]);
    request = apply(request, resumeWithCandidateInput(request, 'docs'));
    request = run(request, 'docs', DOCUMENTS).request;
    expect(request.processes[1]).toEqual(expect.objectContaining({ status: 'En proceso', generation: 1 }));

    const { request: done, outcome } = run(request, 'fake');
    expect(done.processes.map((p) => p.status)).toEqual(['Finalizado', 'Finalizado']);
    expect(overallStatus(done.processes)).toBe('Completed');
    expect(outcome.summary).toEqual({ profilesFound: expect.any(Number), flaggedPosts: expect.any(Number) });
    expect(sandboxOutcome(FAKE, candidate)).toEqual(outcome); // deterministic, like every sandbox answer
    const sentences = summarySentences(FAKE, outcome.summary);
    expect(sentences).toHaveLength(1);
    expect(sentences[0]).toMatch(/^Se (revisaron|encontraron) .* perfiles/);
  });
});
