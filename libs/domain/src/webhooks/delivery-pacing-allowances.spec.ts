import { AttemptAllowances } from './delivery-pacing';

describe('AttemptAllowances (each client’s attempts while screenings wait)', () => {
  /** Steps written as `<client>@<ms>`; answers whether each attempt was allowed. */
  const run = (allowances: AttemptAllowances, steps: string[]) =>
    steps.map((step) => {
      const [client, ms] = step.split('@');
      return allowances.take(client, Number(ms));
    });

  it.each([
    [
      'a burst goes at once, then nothing until it refills',
      ['a@0', 'a@0', 'a@0', 'a@0'],
      [true, true, true, false],
    ],
    [
      'refilled at the rate: one per 100 ms at 10/s',
      ['a@0', 'a@0', 'a@0', 'a@50', 'a@100', 'a@150'],
      [true, true, true, false, true, false],
    ],
    [
      'another client’s burst takes nothing of this one’s',
      ['busy@0', 'busy@0', 'busy@0', 'busy@0', 'quiet@0', 'busy@10', 'quiet@10'],
      [true, true, true, false, true, false, true],
    ],
    [
      'never more than the burst, however long idle',
      ['a@0', 'a@100000', 'a@100000', 'a@100000', 'a@100000'],
      [true, true, true, true, false],
    ],
  ])('%s', (_name, steps, allowed) => {
    expect(run(new AttemptAllowances({ perSecond: 10, burst: 3 }), steps)).toEqual(allowed);
  });

  it('forgets clients whose allowance is full again, keeps the others', () => {
    const allowances = new AttemptAllowances({ perSecond: 10, burst: 3 });
    run(allowances, ['a@0', 'b@0', 'b@0', 'b@0']);
    allowances.forgetFull(150);
    expect(allowances.tokensAt('a', 150)).toBe(3);
    expect(allowances.tokensAt('b', 150)).toBeCloseTo(1.5);
  });

  it('refuses a rule that could never let an attempt go', () => {
    expect(() => new AttemptAllowances({ perSecond: 0, burst: 3 })).toThrow(RangeError);
    expect(() => new AttemptAllowances({ perSecond: 5, burst: 0 })).toThrow(RangeError);
  });
});
