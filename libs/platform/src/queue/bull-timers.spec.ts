import { countBullTimers, countedTimers, TimerManagerState } from './bull-timers';

type Manager = TimerManagerState & {
  set(name: string, delay: number, fn: () => void): string;
  clear(id: string): void;
  clearAll(): void;
  whenIdle(): Promise<void>;
};

// Bull's own class, patched as the queue module patches it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TimerManager = require('bull/lib/timer-manager') as new () => Manager;

describe('Bull timers counted instead of listed (bull-timers)', () => {
  beforeAll(() => {
    expect(countBullTimers()).toBe(true);
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("replaces Bull's set and clear on its class", () => {
    expect(TimerManager.prototype.set).toBe(countedTimers.set);
    expect(TimerManager.prototype.clear).toBe(countedTimers.clear);
  });

  it('stays busy until the last timer is cleared, then runs every whenIdle listener once', async () => {
    const timers = new TimerManager();
    const ids = [0, 1, 2].map(() => timers.set('lockExtender', 1_000, () => undefined));
    expect(new Set(ids).size).toBe(3);
    expect(timers.idle).toBe(false);
    let idleCalls = 0;
    const idle = timers.whenIdle().then(() => (idleCalls += 1));
    timers.clear(ids[0]);
    timers.clear(ids[1]);
    timers.clear(ids[1]); // an id cleared twice counts once
    await Promise.resolve();
    expect(idleCalls).toBe(0);
    expect(timers.idle).toBe(false);
    timers.clear(ids[2]);
    await idle;
    expect(idleCalls).toBe(1);
    expect(timers.idle).toBe(true);
    expect(timers.active).toBe(0);
    expect(Object.keys(timers.timers)).toEqual([]);
  });

  it('runs a timer that expires, forgets it first, and survives a throwing function', () => {
    const timers = new TimerManager();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ran: string[] = [];
    timers.set('a', 100, () => ran.push('a'));
    timers.set('b', 200, () => {
      throw new Error('boom');
    });
    jest.advanceTimersByTime(100);
    expect(ran).toEqual(['a']);
    expect(timers.active).toBe(1);
    jest.advanceTimersByTime(100);
    expect(errors).toHaveBeenCalledWith(new Error('boom'));
    expect(timers.idle).toBe(true);
    errors.mockRestore();
  });

  it('cancels every timer on clearAll, as a closing queue does', async () => {
    const timers = new TimerManager();
    const fn = jest.fn();
    for (let i = 0; i < 5; i++) timers.set('lockExtender', 1_000, fn);
    timers.clearAll();
    await timers.whenIdle();
    jest.advanceTimersByTime(5_000);
    expect(fn).not.toHaveBeenCalled();
    expect(timers.active).toBe(0);
  });

  it('counts the timers a manager held before the patch from its object', () => {
    const old: TimerManagerState = {
      idle: false,
      listeners: [],
      timers: { x: { name: 'x', timer: setTimeout(() => undefined, 1_000) } },
    };
    const id = countedTimers.set.call(old, 'y', 1_000, () => undefined);
    expect(old.active).toBe(2);
    countedTimers.clear.call(old, 'x');
    expect(old.idle).toBe(false);
    countedTimers.clear.call(old, id);
    expect(old.idle).toBe(true);
  });

  it('leaves a class of another shape alone', () => {
    const other = { prototype: { set: () => '1' } };
    expect(countBullTimers(other as never)).toBe(false);
    expect(other.prototype.set).not.toBe(countedTimers.set);
  });
});
