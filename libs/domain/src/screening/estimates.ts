import { ProcessName } from './catalog';
import { effectiveDependency } from './process-graph';
import { ProcessState } from './process-lifecycle';

/** docs/behaviour.md: estimates come from the last 100 finished processes of a name, and need 5 of them. */
export const ESTIMATE_SAMPLE_SIZE = 100;
export const ESTIMATE_MIN_SAMPLES = 5;

/** The median of the newest durations given (newest first), or null with too few. */
export function medianDuration(newestFirstMs: readonly number[]): number | null {
  const sample = newestFirstMs.slice(0, ESTIMATE_SAMPLE_SIZE);
  if (sample.length < ESTIMATE_MIN_SAMPLES) return null;
  const sorted = [...sample].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
}

export interface Estimates {
  /** Per process (package order): epoch ms, or null (finished, waiting for the candidate, no history). */
  perProcess: Array<number | null>;
  /** The latest estimate when every unfinished process has one, else null. */
  global: number | null;
}

/**
 * When each unfinished process should end: a running one at its start plus the median (not before
 * now), a queued one now plus the median, one waiting for another when that one should end plus
 * its own median. A process waiting for the candidate cannot be estimated, nor what waits for it.
 */
export function estimateEnds(
  processes: readonly ProcessState[],
  medianOf: (name: ProcessName) => number | null,
  now: number,
): Estimates {
  const names = processes.map((p) => p.name);
  const byName = new Map(processes.map((p) => [p.name, p]));
  const memo = new Map<ProcessName, number | null>();
  const estimate = (p: ProcessState): number | null => {
    if (memo.has(p.name)) return memo.get(p.name)!;
    const median = medianOf(p.name);
    let end: number | null = null;
    if (p.status === 'En proceso' && median !== null)
      end = p.startDate === null ? now + median : Math.max(now, p.startDate + median);
    if (p.status === 'Con dependencia' && median !== null) {
      const dependency = byName.get(effectiveDependency(p.name, names)!);
      const dependencyEnd = dependency ? finishedOrEstimated(dependency) : null;
      end = dependencyEnd === null ? null : Math.max(now, dependencyEnd) + median;
    }
    memo.set(p.name, end);
    return end;
  };
  const finishedOrEstimated = (p: ProcessState) => (p.status === 'Finalizado' ? p.endDate : estimate(p));
  const perProcess = processes.map((p) => (p.status === 'Finalizado' ? null : estimate(p)));
  const unfinished = perProcess.filter((_, i) => processes[i].status !== 'Finalizado');
  const global =
    unfinished.length > 0 && unfinished.every((end) => end !== null)
      ? Math.max(...(unfinished as number[]))
      : null;
  return { perProcess, global };
}
