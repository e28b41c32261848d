import { DeliveryPacer } from './delivery-pacer';

describe('DeliveryPacer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Starts `count` attempts of a client; answers how many have been let go so far. */
  function attempts(pacer: DeliveryPacer, count: number, clientId = 'acme'): () => number {
    let started = 0;
    for (let i = 0; i < count; i++) void pacer.turn(clientId).then(() => started++);
    return () => started;
  }

  /** Lets resolved turns run their continuations. */
  const settle = () => Promise.resolve().then(() => undefined);

  it('holds attempts until the backlog has been read once', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    const started = attempts(pacer, 3);
    await settle();
    expect(started()).toBe(0);
    expect(pacer.busy).toBe(true);
    pacer.observe(0);
    await settle();
    expect(started()).toBe(3);
    expect(pacer.busy).toBe(false);
  });

  it('lets every attempt go at once while no process job waits', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(0);
    const started = attempts(pacer, 100);
    await settle();
    expect(started()).toBe(100);
  });

  it('paces attempts while process jobs wait: the allowance at once, then one per 1/rate seconds, in arrival order', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(250);
    const order: number[] = [];
    for (let i = 0; i < 5; i++) void pacer.turn('acme').then(() => order.push(i));
    await settle();
    expect(order).toEqual([0]);
    expect(pacer.holding).toBe(4);
    await jest.advanceTimersByTimeAsync(99);
    expect(order).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    expect(order).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(200);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(pacer.holding).toBe(1);
  });

  it('gives each client its own allowance: a burst held back does not hold back another client', async () => {
    const pacer = new DeliveryPacer(10, 500, 3);
    pacer.observe(250);
    const busy = attempts(pacer, 1_000, 'busy');
    await settle();
    expect(busy()).toBe(3);
    const quiet = attempts(pacer, 3, 'quiet');
    await settle();
    expect(quiet()).toBe(3);
    expect(pacer.clientsHeld).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(busy()).toBe(13);
  });

  it('lets the clients with held attempts take turns as their allowances refill', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(250);
    const order: string[] = [];
    for (const client of ['a', 'a', 'a', 'b', 'b', 'b'])
      void pacer.turn(client).then(() => order.push(client));
    await settle();
    expect(order).toEqual(['a', 'b']);
    await jest.advanceTimersByTimeAsync(200);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('keeps one pace however many busy readings come', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(5);
    const started = attempts(pacer, 10);
    for (let i = 0; i < 9; i++) {
      await jest.advanceTimersByTimeAsync(50);
      pacer.observe(5);
    }
    expect(started()).toBe(5); // 450 ms: one at once, then turns at 100, 200, 300, 400
  });

  it('lets every held attempt go once the backlog has stayed empty for idleAfterMs', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(3);
    const started = attempts(pacer, 20);
    await jest.advanceTimersByTimeAsync(100);
    expect(started()).toBe(2); // the allowance of one, then a turn at 100 ms
    pacer.observe(0);
    await jest.advanceTimersByTimeAsync(450);
    pacer.observe(0);
    expect(started()).toBe(6); // still paced: empty for 450 ms only
    await jest.advanceTimersByTimeAsync(50);
    pacer.observe(0);
    await settle();
    expect(started()).toBe(20);
    expect(pacer.holding).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('counts the empty time again after the backlog comes back in between', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(3);
    const started = attempts(pacer, 20);
    pacer.observe(0);
    await jest.advanceTimersByTimeAsync(400);
    pacer.observe(2);
    await jest.advanceTimersByTimeAsync(400);
    pacer.observe(0);
    expect(pacer.busy).toBe(true);
    await jest.advanceTimersByTimeAsync(500);
    pacer.observe(0);
    await settle();
    expect(started()).toBe(20);
    expect(pacer.busy).toBe(false);
  });

  it('holds nothing when the backlog is unknown (Redis unreachable)', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(7);
    const started = attempts(pacer, 4);
    pacer.observe(null);
    await settle();
    expect(started()).toBe(4);
    expect(pacer.busy).toBe(false);
  });

  it('holds again when a backlog comes back', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    pacer.observe(0);
    pacer.observe(1);
    const started = attempts(pacer, 3);
    await settle();
    expect(started()).toBe(1); // the client's allowance, then its pace
    await jest.advanceTimersByTimeAsync(100);
    expect(started()).toBe(2);
  });

  it('lets everything go on release (shutdown), and holds nothing after it', async () => {
    const pacer = new DeliveryPacer(10, 500, 1);
    const before = attempts(pacer, 3);
    pacer.release();
    await settle();
    expect(before()).toBe(3);
    const after = attempts(pacer, 2);
    await settle();
    expect(after()).toBe(2);
  });
});
