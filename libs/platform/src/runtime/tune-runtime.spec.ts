import { countedTimers } from '../queue/bull-timers';
import { HEAP_GROWING_PERCENT } from './heap-growth';
import { tuneRuntime } from './tune-runtime';

/** Bull's internal class, as bull-timers.ts loads it. */
function bullTimerManager(): { prototype: { set: unknown; clear: unknown } } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('bull/lib/timer-manager') as { prototype: { set: unknown; clear: unknown } };
}

describe('tuneRuntime', () => {
  it('changes nothing until a main calls it: Bull keeps its own timer bookkeeping on import', () => {
    expect(bullTimerManager().prototype.set).not.toBe(countedTimers.set);
  });

  it('gives the processor the counted Bull timers and its own heap growth cap', () => {
    expect(tuneRuntime('processor')).toEqual({
      app: 'processor',
      heapGrowingPercent: HEAP_GROWING_PERCENT.processor,
      bullTimersCounted: true,
      nodeFlags: process.execArgv,
    });
    expect(bullTimerManager().prototype.set).toBe(countedTimers.set);
    expect(bullTimerManager().prototype.clear).toBe(countedTimers.clear);
  });

  it('caps the api’s heap growth tighter, and says so', () => {
    expect(HEAP_GROWING_PERCENT.api).toBeLessThan(HEAP_GROWING_PERCENT.processor);
    expect(tuneRuntime('api')).toMatchObject({
      app: 'api',
      heapGrowingPercent: HEAP_GROWING_PERCENT.api,
      bullTimersCounted: true,
    });
  });
});
