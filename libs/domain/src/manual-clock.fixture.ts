/** A clock a spec moves by hand: `now` for the code under test (epoch ms), `advance` for the spec. */
export interface ManualClock {
  now: () => number;
  advance: (ms: number) => void;
}

/** The one hand-moved clock of the specs (an arbitrary start: no spec relies on the real time). */
export function manualClock(start = 1_000_000): ManualClock {
  let at = start;
  return {
    now: () => at,
    advance: (ms) => {
      at += ms;
    },
  };
}
