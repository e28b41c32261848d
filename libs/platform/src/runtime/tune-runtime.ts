import { countBullTimers } from '../queue/bull-timers';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heap-growth';

/** The apps whose runtime is tuned; each has its own measured settings (docs/architecture.md). */
export type TunedApp = 'api' | 'processor';

/** What tuneRuntime did, for the app's first log line. */
export interface RuntimeTuning {
  app: TunedApp;
  /** V8's heap growth cap set in code (heap-growth.ts). */
  heapGrowingPercent: number;
  /** Bull's TimerManager counts its timers; false: Bull's own (not the shape bull-timers.ts knows). */
  bullTimersCounted: boolean;
  /** The Node flags the process was started with (the api's semi-space size: scripts/lib/app-runtime.js). */
  nodeFlags: readonly string[];
}

/**
 * Every deliberate deviation from the runtime's defaults that is made in code, in one place, called
 * first thing by each app's `main.ts` (not at import time, not inside a module's registration: a
 * spec or a script that imports a module changes nothing). The table "Deliberate deviations" in
 * docs/architecture.md says why each is there, what it measured and when it can go. Node flags that
 * V8 reads only at start (the api's `--max-semi-space-size`) are on the command line instead, from
 * scripts/lib/app-runtime.js.
 */
export function tuneRuntime(app: TunedApp): RuntimeTuning {
  // Each app its own cap: the processor's looser one costs less CPU per job (heap-growth.ts).
  const heapGrowingPercent = HEAP_GROWING_PERCENT[app];
  boundHeapGrowth(heapGrowingPercent);
  // Both apps hold Bull queues; only the processor runs jobs, but one Bull behaves the same everywhere.
  const bullTimersCounted = countBullTimers();
  return {
    app,
    heapGrowingPercent,
    bullTimersCounted,
    nodeFlags: [...process.execArgv],
  };
}
