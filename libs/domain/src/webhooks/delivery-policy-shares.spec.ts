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

  it('refuses a share below one slot, or above the slots in all', () => {
    expect(() => new ClientShares(0)).toThrow(RangeError);
    expect(() => new ClientShares(4, 3)).toThrow(RangeError);
  });

  it('lends a client past its share the free slots, as long as a share’s worth stays free', () => {
    const shares = new ClientShares(2, 6);
    const taken = Array.from({ length: 5 }, () => shares.tryTake('a'));
    expect(taken).toEqual([true, true, true, true, false]);
    expect(shares.holding('a')).toBe(4);
    // The share kept free is there for the next client, at once.
    expect([shares.tryTake('b'), shares.tryTake('b'), shares.tryTake('b')]).toEqual([true, true, false]);
  });

  it('gives a borrower no further slot while only a share’s worth is free, and its own share always', () => {
    const shares = new ClientShares(2, 6);
    for (let i = 0; i < 4; i++) shares.tryTake('a');
    shares.tryTake('b');
    shares.release('a');
    // a holds 3 (one past its share), b one: 2 free, a share's worth, kept for the others.
    expect(shares.tryTake('a')).toBe(false);
    expect(shares.tryTake('b')).toBe(true);
    expect(shares.tryTake('c')).toBe(true);
    shares.release('a');
    shares.release('a');
    // Back within its share, a takes a slot whatever the others hold.
    expect(shares.holding('a')).toBe(1);
    expect(shares.tryTake('a')).toBe(true);
  });

  it('lends nothing without the slots in all: each client its share only', () => {
    const shares = new ClientShares(1);
    expect([shares.tryTake('a'), shares.tryTake('a')]).toEqual([true, false]);
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
