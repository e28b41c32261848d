import { DeliveryPacing } from './delivery-pacing';

const rule = { perSecond: 10, burst: 2, idleAfterMs: 500 };

describe('DeliveryPacing (docs/performance.md, "Webhooks yield to screenings")', () => {
  it('holds every attempt until the backlog was first read', () => {
    const pacing = new DeliveryPacing(rule);
    expect(pacing.busy).toBe(true);
    expect(pacing.admit('a', false, 0)).toBe(false);
  });

  it('a first reading with no backlog releases what was held and admits everything after', () => {
    const pacing = new DeliveryPacing(rule);
    expect(pacing.observe(0, 0)).toBe('release');
    expect(pacing.busy).toBe(false);
    expect(Array.from({ length: 100 }, () => pacing.admit('a', false, 0)).every(Boolean)).toBe(true);
  });

  it('an unknown backlog (Redis away) releases: nothing is held on a guess', () => {
    const pacing = new DeliveryPacing(rule);
    pacing.observe(5, 0);
    expect(pacing.observe(null, 10)).toBe('release');
    expect(pacing.busy).toBe(false);
  });

  it('while process jobs wait, each client gets its burst at once, then nothing until its allowance refills', () => {
    const pacing = new DeliveryPacing(rule);
    expect(pacing.observe(3, 0)).toBe('pace');
    expect([0, 0, 0].map((t) => pacing.admit('a', false, t))).toEqual([true, true, false]);
    expect(pacing.admit('b', false, 0)).toBe(true); // another client's allowance is its own
    expect(pacing.admit('a', false, 100)).toBe(true); // 10 a second: one more after 100 ms
  });

  it('a client with attempts already held waits behind them, even with allowance left', () => {
    const pacing = new DeliveryPacing(rule);
    pacing.observe(3, 0);
    expect(pacing.admit('a', true, 0)).toBe(false);
  });

  it('keeps pacing until the backlog has stayed empty for idleAfterMs, counted again after it came back', () => {
    const pacing = new DeliveryPacing(rule);
    pacing.observe(1, 0);
    expect(pacing.observe(0, 100)).toBe('keep');
    expect(pacing.observe(0, 400)).toBe('keep');
    expect(pacing.observe(2, 500)).toBe('pace'); // back: the empty time starts again
    expect(pacing.observe(0, 600)).toBe('keep');
    expect(pacing.observe(0, 1_099)).toBe('keep');
    expect(pacing.observe(0, 1_100)).toBe('release');
    expect(pacing.busy).toBe(false);
  });

  it('lets held attempts go client by client as far as each allowance goes', () => {
    const pacing = new DeliveryPacing(rule);
    pacing.observe(1, 0);
    const held = new Map([
      ['a', 5],
      ['b', 1],
    ]);
    expect(pacing.letGo(held, 0)).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    expect(pacing.letGo(new Map([['a', 3]]), 0)).toEqual(new Map());
    expect(pacing.letGo(new Map([['a', 3]]), 100)).toEqual(new Map([['a', 1]]));
  });

  it('release (shutdown) forgets the allowances: a later backlog starts each client with its burst again', () => {
    const pacing = new DeliveryPacing(rule);
    pacing.observe(1, 0);
    pacing.admit('a', false, 0);
    pacing.admit('a', false, 0);
    expect(pacing.release()).toBe('release');
    expect(pacing.busy).toBe(false);
    pacing.observe(1, 1);
    expect(pacing.admit('a', false, 1)).toBe(true);
  });
});
