import { runSteps, Step } from './parallel-steps';

/** A step that records when it starts and ends, and takes `ms` to run. */
function step(log: string[], name: string, ms: number, after?: string[]): Step<string> {
  return {
    name,
    after,
    run: async (session) => {
      log.push(`${session} starts ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${session} ends ${name}`);
    },
  };
}

describe('runSteps', () => {
  it('runs independent steps side by side and a step only after the ones it comes after', async () => {
    const log: string[] = [];
    await runSteps(
      ['A', 'B'],
      [
        step(log, 'slow', 30),
        step(log, 'quick', 5),
        step(log, 'after quick', 5, ['quick']),
        step(log, 'last', 1, ['slow']),
      ],
    );
    expect(log.slice(0, 2)).toEqual(['A starts slow', 'B starts quick']);
    expect(log.indexOf('B starts after quick')).toBeGreaterThan(log.indexOf('B ends quick'));
    expect(log.indexOf('A starts slow')).toBeLessThan(log.indexOf('B ends after quick'));
    expect(log.findIndex((line) => line.endsWith('starts last'))).toBeGreaterThan(log.indexOf('A ends slow'));
  });

  it('runs everything in list order on one session', async () => {
    const log: string[] = [];
    await runSteps(['A'], [step(log, 'one', 1), step(log, 'two', 1, ['one']), step(log, 'three', 1)]);
    expect(log.filter((l) => l.includes('starts'))).toEqual([
      'A starts one',
      'A starts two',
      'A starts three',
    ]);
  });

  it('starts nothing after a failure, lets the running step finish and throws the error', async () => {
    const log: string[] = [];
    const failing: Step<string> = {
      name: 'fails',
      run: async () => {
        throw new Error('boom');
      },
    };
    await expect(
      runSteps(['A', 'B'], [step(log, 'running', 20), failing, step(log, 'never', 1)]),
    ).rejects.toThrow('boom');
    expect(log).toEqual(['A starts running', 'A ends running']);
  });

  it('refuses a step listed before one it comes after', async () => {
    await expect(runSteps(['A'], [step([], 'two', 1, ['one']), step([], 'one', 1)])).rejects.toThrow(
      'step "two" comes after "one", not listed before it',
    );
  });
});
