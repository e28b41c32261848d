/** One unit of a load: it runs on whichever session is free once the steps it comes `after` are done. */
export interface Step<S> {
  name: string;
  after?: string[];
  run(session: S): Promise<void>;
}

/**
 * Runs the steps on the sessions, one step per session at a time; a free session takes the first
 * ready step in list order. Every step must come after steps listed before it, so one session runs
 * them in list order and no step can wait forever. After a failure no step starts; the running
 * ones finish (a session is never released mid-statement) and the first error is thrown.
 */
export async function runSteps<S>(
  sessions: S[],
  steps: Array<Step<S>>,
  onDone?: (step: Step<S>) => void,
): Promise<void> {
  checkOrder(steps);
  const pending = [...steps];
  const done = new Set<string>();
  let failure: { error: unknown } | undefined;
  let wake = () => undefined as void;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    const previous = wake;
    changed = new Promise<void>((resolve) => (wake = resolve));
    previous();
  };
  const work = async (session: S) => {
    while (!failure && pending.length > 0) {
      const i = pending.findIndex((step) => (step.after ?? []).every((name) => done.has(name)));
      if (i < 0) {
        await changed;
        continue;
      }
      const [step] = pending.splice(i, 1);
      try {
        await step.run(session);
        done.add(step.name);
        onDone?.(step);
      } catch (error) {
        failure ??= { error };
      }
      signal();
    }
  };
  await Promise.all(sessions.map(work));
  if (failure) throw failure.error;
}

function checkOrder<S>(steps: Array<Step<S>>): void {
  const seen = new Set<string>();
  for (const step of steps) {
    const missing = (step.after ?? []).find((name) => !seen.has(name));
    if (missing !== undefined)
      throw new Error(`step "${step.name}" comes after "${missing}", not listed before it`);
    seen.add(step.name);
  }
}
