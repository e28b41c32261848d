import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * A full garbage collection, now. For the rare moments a process has just dropped a great deal at
 * once (a watch list's previous segment and everything its successor's build left behind): V8's
 * memory reducer would give those pages back only once allocation has calmed down, 30-75 s later,
 * and meanwhile RSS stays at the build's high-water mark (the processor 282-316 MB after loading the
 * real-size lists, 190 MB once the reducer ran). `gc` is reached at run time (the flag set with
 * `v8.setFlagsFromString`, then a new context's `gc`), so the apps need no extra flag however they
 * are started. Answers false where that fails (nothing is collected then; nothing depends on it).
 */
export function collectGarbageNow(): boolean {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  if (!collect) return false;
  collect();
  return true;
}
