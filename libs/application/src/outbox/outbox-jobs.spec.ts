import { SCREENING_QUEUE, WEBHOOK_QUEUE } from '@app/platform/queue/queue.contract';
import { deliverWebhookJob, outboxJob, runProcessJobs } from './outbox-jobs';

const PROCESS = '5f0c7a8e-1111-4222-8333-944455556666';

describe('outbox rows of the queue contract', () => {
  it.each([
    [SCREENING_QUEUE, 'run-process', { requestId: 'r', processId: PROCESS, generation: 2 }, `${PROCESS}:2`],
    [WEBHOOK_QUEUE, 'deliver', { deliveries: [{ id: PROCESS, generation: 0 }] }, `${PROCESS}:0`],
    [
      WEBHOOK_QUEUE,
      'deliver',
      {
        deliveries: [
          { id: PROCESS, generation: 1 },
          { id: 'b', generation: 0 },
          { id: 'c', generation: 0 },
        ],
      },
      `${PROCESS}:1+2`,
    ],
  ] as const)('builds %s/%s job ids deterministically', (queue, name, payload, jobId) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(outboxJob(queue as any, name as any, payload as any)).toEqual({
      queue,
      jobName: name,
      jobId,
      payload,
      availableAt: null,
    });
  });

  it('builds the run-process rows of requeued processes as <processId>:<generation>', () => {
    expect(runProcessJobs([{ id: PROCESS, requestId: 'r', generation: 1 }])[0]).toEqual(
      expect.objectContaining({
        jobId: `${PROCESS}:1`,
        payload: { requestId: 'r', processId: PROCESS, generation: 1 },
      }),
    );
  });

  it('carries the time a delayed job is due', () => {
    const due = new Date('2026-11-23T10:00:00Z');
    expect(deliverWebhookJob([{ id: 'd', generation: 3 }], due)).toEqual(
      expect.objectContaining({ jobId: 'd:3', availableAt: due }),
    );
  });
});
