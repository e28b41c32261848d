import { RecordingLogger } from '../logging/failure-logger.fixture';
import { PeriodicTask, PeriodicTaskOptions } from './periodic-task';

/** A pass the spec ends when it wants: `finish()` resolves it, `fail()` rejects it. */
function controlledPass() {
  const passes: { finish: () => void; fail: (error: Error) => void }[] = [];
  const run = jest.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        passes.push({ finish: resolve, fail: reject });
      }),
  );
  return { run, passes };
}

/** Lets the promise callbacks queued so far run (fake timers leave microtasks alone). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('PeriodicTask', () => {
  let task: PeriodicTask | undefined;
  const make = (options: Partial<PeriodicTaskOptions> & Pick<PeriodicTaskOptions, 'run'>): PeriodicTask =>
    (task = new PeriodicTask({
      name: 'Test sweep',
      everyMs: 1_000,
      logger: new RecordingLogger(),
      ...options,
    }));

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    task?.stop();
    jest.useRealTimers();
  });

  it('runs one pass a period once started, none before', async () => {
    const run = jest.fn(async () => undefined);
    await make({ run }).start();
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Each pass ends between ticks here (the async advance runs the promise callbacks in between).
    await jest.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('with runAtStart, runs a pass at once and answers start when it has ended', async () => {
    const { run, passes } = controlledPass();
    let started = false;
    void make({ run, runAtStart: true })
      .start()
      .then(() => (started = true));
    expect(run).toHaveBeenCalledTimes(1);
    await settle();
    expect(started).toBe(false);
    passes[0].finish();
    await settle();
    expect(started).toBe(true);
  });

  it('never runs two passes at once: a tick during a pass skips, runNow shares the pass under way', async () => {
    const { run, passes } = controlledPass();
    const periodic = make({ run });
    void periodic.start();
    jest.advanceTimersByTime(1_000);
    expect(periodic.running).toBe(true);
    jest.advanceTimersByTime(3_000);
    const shared = periodic.runNow();
    expect(run).toHaveBeenCalledTimes(1);
    passes[0].finish();
    await shared;
    expect(periodic.running).toBe(false);
    jest.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('says a failing pass once (RepeatingFailure), tries again on the next tick, and says when it works again', async () => {
    const log = new RecordingLogger();
    let failing = true;
    const run = jest.fn(async () => {
      if (failing) throw new Error('PostgreSQL is away');
    });
    const periodic = make({ run, logger: log });
    await periodic.runNow();
    void periodic.start();
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.lines).toEqual([
      {
        level: 'warn',
        message: 'Test sweep failed; retrying',
        fields: { failures: 1, err: expect.objectContaining({ message: 'PostgreSQL is away' }) },
      },
    ]);
    failing = false;
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(log.lines.at(-1)).toEqual({
      level: 'info',
      message: 'Test sweep works again',
      fields: { failures: 2 },
    });
  });

  it('runNow never rejects, so a caller may leave it unawaited', async () => {
    const run = jest.fn(async () => {
      throw new Error('boom');
    });
    await expect(make({ run }).runNow()).resolves.toBeUndefined();
  });

  it('stops ticking on stop, and starts again', async () => {
    const run = jest.fn(async () => undefined);
    const periodic = make({ run });
    void periodic.start();
    periodic.stop();
    expect(periodic.started).toBe(false);
    jest.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    void periodic.start();
    void periodic.start();
    jest.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps no process alive: its timer is unref’d', () => {
    jest.useRealTimers();
    const setIntervalSpy = jest.spyOn(global, 'setInterval');
    try {
      void make({ run: jest.fn(async () => undefined), everyMs: 60_000 }).start();
      const timer = setIntervalSpy.mock.results[0].value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      setIntervalSpy.mockRestore();
    }
  });

  it('refuses a period that is not above zero', () => {
    expect(() => make({ run: jest.fn(async () => undefined), everyMs: 0 })).toThrow(RangeError);
  });
});
