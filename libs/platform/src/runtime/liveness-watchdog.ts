import { url as inspectorUrl } from 'node:inspector';
import { Worker } from 'node:worker_threads';

/** How often the main thread proves that its event loop turns. */
const BEAT_MS = 1_000;

/**
 * The watchdog thread: it sees the main thread's beat counter move, or, once it has not moved for
 * `maxBlockMs`, writes one log line straight to the file descriptor (the main thread, blocked, would
 * never flush a line handed to it) and kills the whole process with SIGKILL. SIGTERM would not do:
 * its graceful handler runs on the blocked loop. Plain JavaScript, evaluated as the worker's source.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { hostname } = require('node:os');
const beats = new Int32Array(workerData.beats);
let seen = Atomics.load(beats, 0);
let movedAt = performance.now();
let tickedAt = movedAt;
setInterval(() => {
  const now = performance.now();
  // This thread was held up too: the whole process was paused (SIGSTOP, a host asleep), which
  // is no fault of the main thread's. Count from now.
  const paused = now - tickedAt > 3 * workerData.checkMs;
  tickedAt = now;
  const current = Atomics.load(beats, 0);
  if (current !== seen || paused) {
    seen = current;
    movedAt = now;
    return;
  }
  const blockedMs = Math.round(now - movedAt);
  if (blockedMs < workerData.maxBlockMs) return;
  const line = {
    level: 60,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    context: 'LivenessWatchdog',
    blockedMs,
    msg: 'The event loop has not turned for ' + blockedMs + ' ms (LIVENESS_MAX_BLOCK_MS=' +
      workerData.maxBlockMs + '): killing the process so that it is restarted',
  };
  try { writeSync(workerData.fd, JSON.stringify(line) + '\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, workerData.checkMs);
`;

export interface LivenessWatchdogOptions {
  /** LIVENESS_MAX_BLOCK_MS: how long the event loop may stay blocked; 0 starts nothing. */
  maxBlockMs: number;
  /** Where the watchdog writes its last line: standard output by default, like pino. */
  fd?: number;
  /** Told when the watchdog thread itself fails (it is then gone; the process goes on). */
  onError?: (error: Error) => void;
}

/**
 * Liveness means "answers": a process whose event loop is stuck (an endless loop, a pathological
 * regular expression, a synchronous call that never returns) answers nothing, yet stays alive for
 * any supervisor that only watches for exits. A worker thread, which keeps running while the main
 * thread is blocked, kills such a process so that `npm start`, compose or an orchestrator starts a
 * fresh one. The beat is a counter in shared memory: neither thread trusts the other's clock.
 *
 * Not started under a debugger (`--inspect`): a breakpoint stops the loop on purpose.
 *
 * Returns a function that stops the watchdog (tests; a graceful shutdown need not call it, the
 * worker is unreferenced and never keeps the process alive).
 */
export function startLivenessWatchdog(options: LivenessWatchdogOptions): () => Promise<void> {
  if (options.maxBlockMs <= 0 || inspectorUrl() !== undefined) return () => Promise.resolve();
  const beats = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const periodMs = Math.min(BEAT_MS, options.maxBlockMs / 4);
  const beat = setInterval(() => Atomics.add(beats, 0, 1), periodMs);
  beat.unref();
  const worker = new Worker(WATCHDOG_SOURCE, {
    eval: true,
    workerData: {
      beats: beats.buffer,
      maxBlockMs: options.maxBlockMs,
      checkMs: periodMs,
      fd: options.fd ?? 1,
    },
    // It allocates next to nothing: a small heap keeps the thread's cost to its isolate.
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  worker.on('error', (error) => options.onError?.(error));
  worker.unref();
  return async () => {
    clearInterval(beat);
    await worker.terminate();
  };
}
