'use strict';
const { EventEmitter } = require('node:events');
const { supervise, DEPENDENCY_UNAVAILABLE } = require('./supervisor');

/** A child process stand-in: records the signals it gets; `exit()` plays its end. */
function fakeChild(pid) {
  const child = new EventEmitter();
  child.pid = pid;
  child.signals = [];
  child.kill = (signal) => child.signals.push(signal);
  child.exit = (code, signal = null) => child.emit('exit', code, signal);
  return child;
}

/** Two apps whose every start is recorded, on a clock and timers the test moves by hand. */
function harness(options = {}) {
  let clock = 0;
  let nextPid = 100;
  const pending = [];
  const started = { api: [], processor: [] };
  const lines = [];
  const app = (name) => ({
    name,
    start: () => {
      const child = fakeChild(nextPid++);
      started[name].push(child);
      return child;
    },
  });
  const timers = {
    setTimeout: (fn, ms) => {
      const timer = { at: clock + ms, fn };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      const i = pending.indexOf(timer);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  const supervisor = supervise([app('api'), app('processor')], {
    ...options,
    now: () => clock,
    timers,
    log: (line) => lines.push(line),
  });
  const advance = (ms) => {
    clock += ms;
    for (const timer of pending.filter((t) => t.at <= clock)) {
      timers.clearTimeout(timer);
      timer.fn();
    }
  };
  const latest = (name) => started[name][started[name].length - 1];
  return { supervisor, started, lines, advance, latest, pendingTimers: () => pending.length };
}

describe('supervise', () => {
  it('restarts only the app that crashed, after 0.5 s, 1 s, 2 s, 4 s', () => {
    const h = harness();
    const delays = [];
    for (let crash = 1; crash <= 4; crash++) {
      h.latest('processor').exit(null, 'SIGKILL');
      const before = h.started.processor.length;
      let waited = 0;
      while (h.started.processor.length === before) {
        h.advance(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(h.started.api).toHaveLength(1);
    expect(h.latest('api').signals).toEqual([]);
    expect(h.lines[0]).toBe('api started (pid 100)');
    expect(h.lines).toContain(
      'processor was killed by SIGKILL; restarting it in 0.5 s (crash 1 of 5 within 60 s)',
    );
  });

  it('forgets crashes older than the window: the pause starts again at 0.5 s', () => {
    const h = harness();
    h.latest('processor').exit(1);
    h.advance(500);
    h.advance(61_000);
    h.latest('processor').exit(1);
    expect(h.lines[h.lines.length - 1]).toMatch(/restarting it in 0.5 s \(crash 1 of 5/);
  });

  it('stops everything and ends with code 1 after 5 crashes of one app within 60 s', async () => {
    const h = harness();
    for (let crash = 1; crash < 5; crash++) {
      h.latest('processor').exit(1);
      h.advance(10_000);
    }
    h.latest('processor').exit(1);
    expect(h.latest('api').signals).toEqual(['SIGTERM']);
    h.latest('api').exit(0);
    await expect(h.supervisor.done).resolves.toEqual({
      code: 1,
      message:
        'processor exited with code 1: 5 crashes within 60 s, so everything is stopped. See its log above.',
    });
    expect(h.started.processor).toHaveLength(5);
  });

  it('on stop, forwards SIGTERM, waits for every app and ends with code 0', async () => {
    const h = harness();
    h.supervisor.stop();
    expect(h.latest('api').signals).toEqual(['SIGTERM']);
    expect(h.latest('processor').signals).toEqual(['SIGTERM']);
    h.latest('api').exit(0);
    let settled = false;
    void h.supervisor.done.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // the processor is still draining
    h.latest('processor').exit(0);
    await expect(h.supervisor.done).resolves.toEqual({ code: 0, message: 'Stopped.' });
    expect(h.pendingTimers()).toBe(0);
  });

  it('does not restart an app waiting for its restart once stopped', async () => {
    const h = harness();
    h.latest('processor').exit(1);
    h.supervisor.stop();
    h.latest('api').exit(0);
    h.advance(60_000);
    expect(h.started.processor).toHaveLength(1);
    await expect(h.supervisor.done).resolves.toEqual({ code: 0, message: 'Stopped.' });
  });

  it('kills an app that does not stop in time and reports the unclean stop', async () => {
    const h = harness({ stopTimeoutMs: 40_000 });
    h.supervisor.stop();
    h.latest('api').exit(0);
    h.advance(40_000);
    expect(h.latest('processor').signals).toEqual(['SIGTERM', 'SIGKILL']);
    h.latest('processor').exit(null, 'SIGKILL');
    await expect(h.supervisor.done).resolves.toEqual({
      code: 1,
      message: 'Stopped, but not cleanly: processor was killed by SIGKILL.',
    });
  });

  describe('an app that cannot reach PostgreSQL or Redis (exit code 69)', () => {
    /** The pause before each restart of the processor after it exits with `code`, `times` times. */
    function restartDelays(h, times, code = DEPENDENCY_UNAVAILABLE) {
      const delays = [];
      for (let exit = 1; exit <= times; exit++) {
        h.latest('processor').exit(code);
        const before = h.started.processor.length;
        let waited = 0;
        while (h.started.processor.length === before && waited < 120_000) {
          h.advance(100);
          waited += 100;
        }
        delays.push(waited);
      }
      return delays;
    }

    it('is started again for as long as the outage lasts, the pause growing to 30 s, and nothing stops', async () => {
      const h = harness();
      // Twenty exits in a row: over eight minutes of outage, far past the crash limit of 5 in 60 s.
      const delays = restartDelays(h, 20);
      expect(delays.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
      expect(delays.slice(7).every((d) => d === 30000)).toBe(true);
      expect(h.started.processor).toHaveLength(21);
      expect(h.latest('api').signals).toEqual([]); // the api was never stopped
      expect(h.lines).toContain(
        'processor cannot reach PostgreSQL or Redis (exit code 69); starting it again in 1 s (not counted as a crash)',
      );
      expect(h.lines.some((line) => line.includes('everything is stopped'))).toBe(false);
    });

    it('starts from the first pause again once the app ran for a minute', () => {
      const h = harness();
      restartDelays(h, 4);
      h.advance(60_000); // the fifth start ran for a minute before the next outage
      expect(restartDelays(h, 1)).toEqual([1000]);
    });

    it('does not hide a crash loop of the code: other exit codes still count, and stop everything at 5', async () => {
      const h = harness();
      restartDelays(h, 3); // an outage first: not counted
      for (let crash = 1; crash <= 5; crash++) {
        h.latest('processor').exit(1);
        h.advance(10_000);
      }
      expect(h.latest('api').signals).toEqual(['SIGTERM']);
      h.latest('api').exit(0);
      await expect(h.supervisor.done).resolves.toEqual({
        code: 1,
        message: expect.stringContaining('processor exited with code 1: 5 crashes within 60 s'),
      });
    });

    it('an app killed by a signal is a crash, whatever else', () => {
      const h = harness();
      h.latest('processor').exit(DEPENDENCY_UNAVAILABLE, 'SIGKILL');
      expect(h.lines.at(-1)).toContain('crash 1 of 5');
    });
  });
});
