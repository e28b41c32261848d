/**
 * Bull 4's TimerManager (one per queue) tracks the lock-renewal timer of every job being processed,
 * and on each clear counts the timers left with `_.size(timers)`: `Object.keys` of an object holding
 * one entry per job in flight. At our processor's concurrency of 1,024 that count, repeated for every
 * job, was 10 % of the processor's CPU in a profile of the bench's drain (lodash's `baseKeys` under
 * `TimerManager.clear`). Bull 4.16.5 is its last release, so the fix lives here: the same class
 * with a running count, applied by QueueModule.register before any queue exists.
 *
 * The replacement keeps what Bull relies on: `timers` keyed by id, `idle`, and the `whenIdle`
 * listeners, which run when the last timer goes (a closing queue waits for them).
 */

interface BullTimer {
  name: string;
  timer: NodeJS.Timeout;
}

/** The fields of Bull's TimerManager that its prototype methods use. */
export interface TimerManagerState {
  idle: boolean;
  listeners: Array<() => void>;
  timers: Record<string, BullTimer>;
  /** Added here: timers in `timers`, counted as they come and go. */
  active?: number;
  /** Added here: the last id handed out (a counter is enough to be unique within one manager). */
  lastId?: number;
}

interface TimerManagerPrototype {
  set(this: TimerManagerState, name: string, delay: number, fn: () => void): string;
  clear(this: TimerManagerState, id: string): void;
}

export const countedTimers: TimerManagerPrototype = {
  set(name, delay, fn) {
    const id = String((this.lastId = (this.lastId ?? 0) + 1));
    const timer = setTimeout(() => {
      countedTimers.clear.call(this, id);
      try {
        fn();
      } catch (error) {
        // What Bull's own set does with a throwing timer function.
        console.error(error);
      }
    }, delay);
    // A manager that held timers before the patch has no count yet: take it once from the object.
    this.active = (this.active ?? Object.keys(this.timers).length) + 1;
    this.timers[id] = { name, timer };
    this.idle = false;
    return id;
  },

  clear(id) {
    const entry = this.timers[id];
    if (!entry) return;
    clearTimeout(entry.timer);
    this.active = (this.active ?? Object.keys(this.timers).length) - 1;
    delete this.timers[id];
    if (!this.idle && this.active === 0) {
      while (this.listeners.length) this.listeners.pop()!();
      this.idle = true;
    }
  },
};

/**
 * Gives Bull's TimerManager the counted `set` and `clear`. Returns false (and changes nothing) if
 * the class is not the shape this was written for, so a Bull upgrade falls back to Bull's own.
 */
export function countBullTimers(
  TimerManager: { prototype: Partial<TimerManagerPrototype> & { whenIdle?: unknown } } = loadTimerManager(),
): boolean {
  const proto = TimerManager.prototype;
  if (typeof proto.set !== 'function' || typeof proto.clear !== 'function') return false;
  if (typeof proto.whenIdle !== 'function') return false;
  proto.set = countedTimers.set;
  proto.clear = countedTimers.clear;
  return true;
}

function loadTimerManager(): { prototype: Partial<TimerManagerPrototype> & { whenIdle?: unknown } } {
  // Bull's internal module: no types, and not part of its public API (hence the shape check above).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('bull/lib/timer-manager') as { prototype: Partial<TimerManagerPrototype> };
}
