import { alertParts, AlertPacingPorts, ALERTS_PER_PART, raiseAlertsInParts } from './alert-pacing';

/**
 * A store and a clock played by hand: the test decides when each part's webhooks have left
 * (`leftAfterPolls` polls after it was asked first), and sleeping advances the clock.
 */
function fakes(leftAfterPolls: (part: number) => number = () => 0) {
  let clock = 0;
  const log: string[] = [];
  const polls = new Map<number, number>();
  const ports: AlertPacingPorts<number, number> = {
    raise: async (part) => {
      const index = log.filter((line) => line.startsWith('raise')).length;
      log.push(`raise ${index} (${part.length})`);
      return { raised: part.length, position: index };
    },
    webhooksLeft: async (position) => {
      const seen = (polls.get(position) ?? 0) + 1;
      polls.set(position, seen);
      const left = seen > leftAfterPolls(position);
      if (left) log.push(`left ${position}`);
      return left;
    },
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  };
  return { ports, log, clock: () => clock };
}

const alerts = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('alertParts', () => {
  it('cuts the alerts in order into parts of the given size, the last one shorter', () => {
    expect(alertParts(alerts(7), 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('makes a small activation one part, and none of no alerts', () => {
    expect(alertParts(alerts(ALERTS_PER_PART))).toHaveLength(1);
    expect(alertParts(alerts(ALERTS_PER_PART + 1))).toHaveLength(2);
    expect(alertParts([])).toEqual([]);
  });

  it('refuses a part size that is not a whole number above zero', () => {
    expect(() => alertParts(alerts(3), 0)).toThrow(RangeError);
    expect(() => alertParts(alerts(3), 1.5)).toThrow(RangeError);
  });
});

describe('raiseAlertsInParts', () => {
  it('raises one and two parts without waiting for any webhook', async () => {
    for (const n of [0, 5, 10]) {
      const { ports, log } = fakes();
      const result = await raiseAlertsInParts(alerts(n), ports, { perPart: 5 });
      expect(result).toEqual({ raised: n, parts: Math.ceil(n / 5), waitedMs: 0 });
      expect(log.every((line) => line.startsWith('raise'))).toBe(true);
    }
  });

  it('before each later part, waits for the webhooks of the part two places back', async () => {
    const { ports, log } = fakes();
    await raiseAlertsInParts(alerts(9), ports, { perPart: 2 });
    expect(log).toEqual([
      'raise 0 (2)',
      'raise 1 (2)',
      'left 0',
      'raise 2 (2)',
      'left 1',
      'raise 3 (2)',
      'left 2',
      'raise 4 (1)',
    ]);
  });

  it('polls a part that has not left yet, sleeping between looks, and counts the wait', async () => {
    const { ports, log } = fakes((part) => (part === 0 ? 3 : 0));
    const result = await raiseAlertsInParts(alerts(3), ports, { perPart: 1, pollMs: 40 });
    expect(log).toEqual(['raise 0 (1)', 'raise 1 (1)', 'left 0', 'raise 2 (1)']);
    expect(result.waitedMs).toBe(120);
  });

  it('stops waiting once the budget is spent, and raises the rest at once', async () => {
    const { ports, log, clock } = fakes(() => Number.POSITIVE_INFINITY);
    const result = await raiseAlertsInParts(alerts(6), ports, { perPart: 1, budgetMs: 100, pollMs: 30 });
    expect(result).toEqual({ raised: 6, parts: 6, waitedMs: 100 });
    expect(log.filter((line) => line.startsWith('raise'))).toHaveLength(6);
    // Never slept past the budget's end.
    expect(clock()).toBe(100);
  });

  it('counts only the alerts the store found new (a retry of a part already committed)', async () => {
    const { ports } = fakes();
    const raise = ports.raise;
    ports.raise = async (part) => ({ ...(await raise(part)), raised: part[0] < 4 ? 0 : part.length });
    expect((await raiseAlertsInParts(alerts(10), ports, { perPart: 2 })).raised).toBe(6);
  });
});
