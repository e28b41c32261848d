import { ClientShares, deferralDelayMs, MAX_DEFERRAL_MS } from './delivery-policy';

describe('ClientShares', () => {
  it('lets each client hold at most its share of slots, independently of the others', () => {
    const shares = new ClientShares(2);
    expect([shares.tryTake('a'), shares.tryTake('a'), shares.tryTake('a')]).toEqual([true, true, false]);
    expect(shares.tryTake('b')).toBe(true);
    expect(shares.holding('a')).toBe(2);
    shares.release('a');
    expect(shares.tryTake('a')).toBe(true);
    expect(shares.tryTake('a')).toBe(false);
  });

  it('forgets a client that holds nothing', () => {
    const shares = new ClientShares(1);
    shares.tryTake('a');
    shares.release('a');
    shares.release('a');
    expect(shares.holding('a')).toBe(0);
    expect(shares.tryTake('a')).toBe(true);
  });

  it('refuses a share below one slot', () => {
    expect(() => new ClientShares(0)).toThrow(RangeError);
  });
});

describe('deferralDelayMs', () => {
  it.each([
    [1, 250],
    [2, 500],
    [3, 1_000],
    [4, 2_000],
    [5, MAX_DEFERRAL_MS],
    [50, MAX_DEFERRAL_MS],
  ])('deferral %p waits %p ms', (deferrals, ms) => {
    expect(deferralDelayMs(deferrals)).toBe(ms);
  });
});
