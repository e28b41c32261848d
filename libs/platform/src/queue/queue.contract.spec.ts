import {
  DELIVER_WEBHOOK_OPTIONS,
  jobOptions,
  MONITOR_ACTIVATION_OPTIONS,
  MONITORING_QUEUE,
  QUEUE_CONTRACT,
  QUEUE_NAMES,
  RUN_PROCESS_OPTIONS,
  SCREENING_QUEUE,
  WEBHOOK_QUEUE,
} from './queue.contract';

describe('queue contract', () => {
  it('removes finished and failed jobs so a deterministic id can always be re-added (bull#1828)', () => {
    for (const options of [RUN_PROCESS_OPTIONS, DELIVER_WEBHOOK_OPTIONS, MONITOR_ACTIVATION_OPTIONS])
      expect(options).toEqual(expect.objectContaining({ removeOnComplete: true, removeOnFail: true }));
    expect(RUN_PROCESS_OPTIONS.attempts).toBe(3);
  });

  it('lists every queue and answers the options of each job, refusing what it lacks', () => {
    expect(QUEUE_NAMES).toEqual([SCREENING_QUEUE, WEBHOOK_QUEUE, MONITORING_QUEUE]);
    for (const queue of QUEUE_NAMES)
      for (const [name, spec] of Object.entries(QUEUE_CONTRACT[queue]))
        expect(jobOptions(queue, name)).toBe((spec as { options: unknown }).options);
    expect(() => jobOptions('mail', 'send')).toThrow('The queue contract has no job mail/send');
    expect(() => jobOptions(SCREENING_QUEUE, 'send')).toThrow('no job screening/send');
  });
});
