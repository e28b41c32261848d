import { setFlagsFromString } from 'node:v8';

/**
 * After each full collection V8 lets the old generation grow to at most this much more than what
 * survived, per app:
 * - the api, 50 % (1.5 times): under 20 connections of registrations its live heap stays near 60 MB
 *   while with V8's defaults its RSS climbed to 258-289 MB; capped it held 181 MB (163-169 MB with
 *   the api's smaller young generation, scripts/lib/app-runtime.js) at the same api CPU per
 *   registration within the noise (0.59-0.70 against 0.56-0.64 ms; api restarted with each setting
 *   in turn on one stack);
 * - the processor, 100 % (2 times): it keeps more objects alive (1,024 jobs in flight), and at 50 %
 *   it collected so often that a process job cost 35 % more CPU (0.37 against 0.27 ms). Uncapped,
 *   with the real-size watch lists active (their index adds 12 MB of live heap and 43 MB of typed
 *   arrays) its RSS after drains of BASIC jobs went 255-344 MB depending on when the last full
 *   collection ran, over the 300 MB of issue 24; at 100 % it stayed at 260-278 MB, for 6-7 % more CPU
 *   per job (0.229 against 0.213 ms, medians of six warm drains each, the two alternated).
 */
export const HEAP_GROWING_PERCENT = { api: 50, processor: 100 } as const;

/**
 * Bounds how far V8 lets the heap grow between full collections: by default it lets the old
 * generation grow to several times the live size while allocation is fast, and keeps those pages
 * once the load is gone. V8 reads the flag on every full collection, so setting it first thing in
 * `main` applies it however the app was started.
 */
export function boundHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
