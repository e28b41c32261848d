import { FailureLogger, RepeatingFailure } from '../logging/repeating-failure';

export interface PeriodicTaskOptions {
  /** What runs, as a sentence subject for its failure lines: "Outbox sweep" (RepeatingFailure). */
  name: string;
  /** Milliseconds from one tick to the next (not from the end of a pass). */
  everyMs: number;
  /** One pass; a pass that throws is logged and the next tick tries again. */
  run: () => Promise<unknown>;
  logger: FailureLogger;
  /** Also one pass at start, rather than the first only after one period. */
  runAtStart?: boolean;
}

/**
 * Work an app does every so often by itself (the outbox, retention and ARCO sweeps, the monitoring
 * sweep, the heartbeat, the duration medians): one pass per tick, never two at once (a tick that
 * finds the previous pass still running skips), a pass that throws said through RepeatingFailure
 * (its first failure at warn, then once a minute while it keeps failing, and when it works again:
 * docs/operations.md, "Outages"), so the work resumes by itself once PostgreSQL or Redis is back.
 * Its timer is unref'd: the app's connections and server hold the process, not a sweep. Its owner
 * starts and stops it from its own lifecycle hooks; `runNow` runs a pass at once (tests, or work
 * that cannot wait for the next tick).
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private readonly failure: RepeatingFailure;

  constructor(private readonly options: PeriodicTaskOptions) {
    if (!(options.everyMs > 0)) throw new RangeError(`${options.name}: everyMs must be above 0`);
    this.failure = new RepeatingFailure(options.logger, options.name);
  }

  /** Starts the ticks (again after `stop`); answers once the pass at start, if any, has settled. */
  start(): Promise<void> {
    if (this.timer) return Promise.resolve();
    const atStart = this.options.runAtStart ? this.runNow() : Promise.resolve();
    this.timer = setInterval(() => void this.runNow(), this.options.everyMs);
    this.timer.unref();
    return atStart;
  }

  /** No further tick; a pass under way finishes by itself (it is not awaited, as before). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A pass now, or the one under way; settles when it ends and never rejects (failures are logged). */
  runNow(): Promise<void> {
    this.current ??= this.pass().finally(() => (this.current = null));
    return this.current;
  }

  /** Whether a pass is under way. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Whether the ticks are on (between `start` and `stop`). */
  get started(): boolean {
    return this.timer !== null;
  }

  private async pass(): Promise<void> {
    try {
      await this.options.run();
      this.failure.succeeded();
    } catch (error) {
      this.failure.failed(error);
    }
  }
}
