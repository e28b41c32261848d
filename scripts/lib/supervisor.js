'use strict';
// Keeps the apps of `npm start` running: an app that stops without being asked is started again
// after a growing pause, while the others keep serving; an app that keeps crashing stops
// everything, so a broken configuration is seen instead of hidden by restarts. An app that exits
// because PostgreSQL or Redis cannot be reached (exit code 69, sysexits' EX_UNAVAILABLE, see
// libs/platform/src/runtime/dependency-outage.ts) is not crashing: it is started again, with a
// pause that grows to 30 s, for as long as the outage lasts (docs/operations.md, "Outages").

/** The exit code of an app that could not reach a dependency (sysexits.h EX_UNAVAILABLE). */
const DEPENDENCY_UNAVAILABLE = 69;

const DEFAULTS = {
  /** Pause before the first restart; doubled for each further crash within the window. */
  firstDelayMs: 500,
  maxDelayMs: 10_000,
  /** This many crashes of one app within `crashWindowMs` stop everything. */
  crashLimit: 5,
  crashWindowMs: 60_000,
  /** After SIGTERM, an app still running this long is killed (the processor drains jobs up to 30 s). */
  stopTimeoutMs: 40_000,
  /** Pause before starting again an app that found a dependency down; doubled each time, up to the max. */
  outageFirstDelayMs: 1_000,
  outageMaxDelayMs: 30_000,
  /** An app that ran this long before exiting for an outage starts again after the first pause. */
  outageResetAfterMs: 60_000,
};

/** `exited with code 1`, `was killed by SIGKILL`. */
function describeExit(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts every app and watches it.
 *
 * apps: [{ name, start }] where `start()` returns a started ChildProcess (or anything with `pid`,
 * `kill(signal)` and an 'exit' event giving `(code, signal)`).
 *
 * Any exit the supervisor did not ask for counts as a crash: a non-zero code, a signal, and also
 * code 0 (a service that stops by itself is down all the same, e.g. someone sent it SIGTERM).
 *
 * Returns { stop, done }: `stop()` sends SIGTERM to every app and waits for them; `done` resolves
 * with `{ code, message }` once every app is gone: code 0 after a requested stop where every app
 * exited 0, 1 when an app crashed too often or an app failed to stop cleanly.
 */
function supervise(apps, options = {}) {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now || Date.now;
  const timers = options.timers || { setTimeout, clearTimeout };
  const log = options.log || ((line) => console.log(line));

  const states = apps.map((app) => ({
    app,
    child: null,
    crashes: [],
    restartTimer: null,
    stopExit: null,
    startedAt: 0,
    outageExits: 0,
  }));
  let stopping = false;
  let giveUpMessage = null;
  let killTimer = null;
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });

  function launch(state) {
    const child = state.app.start();
    state.child = child;
    state.startedAt = now();
    log(`${state.app.name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => onExit(state, code, signal));
  }

  function onExit(state, code, signal) {
    state.child = null;
    if (stopping) {
      state.stopExit = { code, signal };
      return finishWhenAllGone();
    }

    const at = now();
    if (code === DEPENDENCY_UNAVAILABLE && !signal) return restartAfterOutage(state, at);
    state.crashes = state.crashes.filter((t) => at - t < settings.crashWindowMs).concat(at);
    const crashes = state.crashes.length;
    const what = `${state.app.name} ${describeExit(code, signal)}`;
    const window = `${settings.crashWindowMs / 1000} s`;
    if (crashes >= settings.crashLimit) {
      giveUpMessage = `${what}: ${crashes} crashes within ${window}, so everything is stopped. See its log above.`;
      log(giveUpMessage);
      stopAll();
      return;
    }
    const delay = Math.min(settings.firstDelayMs * 2 ** (crashes - 1), settings.maxDelayMs);
    log(
      `${what}; restarting it in ${delay / 1000} s (crash ${crashes} of ${settings.crashLimit} within ${window})`,
    );
    schedule(state, delay);
  }

  /** Not a crash: the app said PostgreSQL or Redis is away. Try again, more and more slowly. */
  function restartAfterOutage(state, at) {
    if (at - state.startedAt >= settings.outageResetAfterMs) state.outageExits = 0;
    state.outageExits += 1;
    const delay = Math.min(
      settings.outageFirstDelayMs * 2 ** (state.outageExits - 1),
      settings.outageMaxDelayMs,
    );
    log(
      `${state.app.name} cannot reach PostgreSQL or Redis (exit code ${DEPENDENCY_UNAVAILABLE}); starting it again in ${delay / 1000} s (not counted as a crash)`,
    );
    schedule(state, delay);
  }

  function schedule(state, delay) {
    state.restartTimer = timers.setTimeout(() => {
      state.restartTimer = null;
      if (!stopping) launch(state);
    }, delay);
  }

  function stopAll() {
    if (!stopping) {
      stopping = true;
      for (const state of states) {
        if (state.restartTimer) timers.clearTimeout(state.restartTimer);
        state.restartTimer = null;
        if (state.child) state.child.kill('SIGTERM');
      }
      killTimer = timers.setTimeout(() => {
        for (const state of states) {
          if (!state.child) continue;
          log(`${state.app.name} did not stop within ${settings.stopTimeoutMs / 1000} s: killing it`);
          state.child.kill('SIGKILL');
        }
      }, settings.stopTimeoutMs);
      finishWhenAllGone();
    }
    return done;
  }

  function finishWhenAllGone() {
    if (states.some((state) => state.child)) return;
    timers.clearTimeout(killTimer);
    if (giveUpMessage) return finish({ code: 1, message: giveUpMessage });
    // Only how the apps answered the stop counts: one waiting for its restart was already reported.
    const unclean = states.filter((s) => s.stopExit && (s.stopExit.signal || s.stopExit.code !== 0));
    if (unclean.length === 0) return finish({ code: 0, message: 'Stopped.' });
    const how = unclean.map((s) => `${s.app.name} ${describeExit(s.stopExit.code, s.stopExit.signal)}`);
    finish({ code: 1, message: `Stopped, but not cleanly: ${how.join('; ')}.` });
  }

  states.forEach(launch);
  return { stop: stopAll, done };
}

module.exports = { supervise, SUPERVISOR_DEFAULTS: DEFAULTS, DEPENDENCY_UNAVAILABLE };
