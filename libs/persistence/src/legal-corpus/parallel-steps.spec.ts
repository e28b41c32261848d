import { runSteps, Step } from './parallel-steps';

/** A step that records when it starts and ends; it ends when the test opens it (no timer decides). */
function gated(log: string[], name: string, after?: string[]): { step: Step<string>; open: () => void } {
  let open = () => undefined as void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    step: {
      name,
      after,
      run: async (session) => {
        log.push(`${session} starts ${name}`);
        await gate;
        log.push(`${session} ends ${name}`);
      },
    },
    open: () => open(),
  };
}

/** A step that ends as soon as it started. */
function immediate(log: string[], name: string, after?: string[]): Step<string> {
  const step = gated(log, name, after);
  step.open();
  return step.step;
}

/** Lets every step that can move on do so (promise callbacks and I/O), without waiting on a clock. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('runSteps', () => {
  it('runs independent steps side by side and a step only after the ones it comes after', async () => {
    const log: string[] = [];
    const slow = gated(log, 'slow');
    const quick = gated(log, 'quick');
    const afterQuick = gated(log, 'after quick', ['quick']);
    const last = gated(log, 'last', ['slow']);
    const run = runSteps(['A', 'B'], [slow.step, quick.step, afterQuick.step, last.step]);

    await settle();
    expect(log).toEqual(['A starts slow', 'B starts quick']);
    quick.open();
    await settle();
    expect(log.slice(2)).toEqual(['B ends quick', 'B starts after quick']);
    afterQuick.open();
    await settle();
    // 'last' comes after 'slow', which still runs: B waits.
    expect(log.slice(4)).toEqual(['B ends after quick']);
    slow.open();
    await settle();
    expect(log.slice(5)).toEqual(['A ends slow', 'A starts last']);
    last.open();
    await run;
    expect(log.slice(7)).toEqual(['A ends last']);
  });

  it('runs everything in list order on one session', async () => {
    const log: string[] = [];
    await runSteps(['A'], [immediate(log, 'one'), immediate(log, 'two', ['one']), immediate(log, 'three')]);
    expect(log.filter((l) => l.includes('starts'))).toEqual([
      'A starts one',
      'A starts two',
      'A starts three',
    ]);
  });

  it('starts nothing after a failure, lets the running step finish and throws the error', async () => {
    const log: string[] = [];
    const running = gated(log, 'running');
    const failing: Step<string> = {
      name: 'fails',
      run: async () => {
        throw new Error('boom');
      },
    };
    const run = runSteps(['A', 'B'], [running.step, failing, immediate(log, 'never')]);
    await settle();
    running.open();
    await expect(run).rejects.toThrow('boom');
    expect(log).toEqual(['A starts running', 'A ends running']);
  });

  it('refuses a step listed before one it comes after', async () => {
    await expect(runSteps(['A'], [immediate([], 'two', ['one']), immediate([], 'one')])).rejects.toThrow(
      'step "two" comes after "one", not listed before it',
    );
  });
});
