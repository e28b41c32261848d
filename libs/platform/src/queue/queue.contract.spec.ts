import { RUN_PROCESS_OPTIONS, runProcessJobId } from './queue.contract';

describe('queue contract', () => {
  it('builds run-process job ids as <processId>:<generation>', () => {
    expect(runProcessJobId('5f0c7a8e-1111-4222-8333-944455556666', 2)).toBe(
      '5f0c7a8e-1111-4222-8333-944455556666:2',
    );
  });

  it('removes finished and failed jobs so a deterministic id can always be re-added (bull#1828)', () => {
    expect(RUN_PROCESS_OPTIONS).toEqual(
      expect.objectContaining({ attempts: 3, removeOnComplete: true, removeOnFail: true }),
    );
  });
});
