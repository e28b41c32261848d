import type { OutboxJob, QueuedProcess } from '@app/persistence';
import {
  PROCESSES_PER_PASS,
  RestoreLostProcessJobsUseCase,
  UNCHANGED_FOR_MS,
} from './restore-lost-process-jobs.use-case';

const process = (n: number): QueuedProcess => ({
  id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
  requestId: `r-${n}`,
  generation: n % 3,
});

/** Queued processes in id order, and a queue that holds the jobs of `present` only. */
function setup(queued: QueuedProcess[], present: (job: OutboxJob) => boolean = () => false) {
  const reads: Array<{ after: string | null; unchangedForMs: number; limit: number }> = [];
  const added: OutboxJob[] = [];
  const processes = {
    queuedSince: async (after: string | null, unchangedForMs: number, limit: number) => {
      reads.push({ after, unchangedForMs, limit });
      return queued.filter((p) => after === null || p.id > after).slice(0, limit);
    },
  };
  const publisher = {
    restoreLost: async (jobs: OutboxJob[]) => {
      const lost = jobs.filter((job) => !present(job));
      added.push(...lost);
      return lost.length;
    },
  };
  return { useCase: new RestoreLostProcessJobsUseCase(processes, publisher), reads, added };
}

describe('RestoreLostProcessJobsUseCase', () => {
  it("adds again the job of each queued process that the queue lost, with the process's own job id", async () => {
    const { useCase, added } = setup([process(1), process(2), process(3)], (job) =>
      job.jobId.startsWith(process(2).id),
    );
    expect(await useCase.execute()).toBe(2);
    expect(added).toEqual([
      expect.objectContaining({
        queue: 'screening',
        jobName: 'run-process',
        jobId: `${process(1).id}:1`,
        payload: { requestId: 'r-1', processId: process(1).id, generation: 1 },
      }),
      expect.objectContaining({ jobId: `${process(3).id}:0` }),
    ]);
  });

  it('looks only at processes left alone for a while', async () => {
    const { useCase, reads } = setup([]);
    await useCase.execute();
    expect(reads).toEqual([{ after: null, unchangedForMs: UNCHANGED_FOR_MS, limit: PROCESSES_PER_PASS }]);
  });

  it('walks a long backlog page by page, then starts again from the first', async () => {
    const queued = Array.from({ length: PROCESSES_PER_PASS + 10 }, (_, i) => process(i + 1));
    const { useCase, reads, added } = setup(queued);
    expect(await useCase.execute()).toBe(PROCESSES_PER_PASS);
    expect(await useCase.execute()).toBe(10);
    expect(await useCase.execute()).toBe(PROCESSES_PER_PASS);
    expect(reads.map((r) => r.after)).toEqual([null, queued[PROCESSES_PER_PASS - 1].id, null]);
    expect(new Set(added.slice(0, PROCESSES_PER_PASS + 10).map((j) => j.jobId)).size).toBe(
      PROCESSES_PER_PASS + 10,
    );
  });

  it('adds nothing when every job is where it should be', async () => {
    const { useCase, added } = setup([process(1), process(2)], () => true);
    expect(await useCase.execute()).toBe(0);
    expect(added).toEqual([]);
  });
});
