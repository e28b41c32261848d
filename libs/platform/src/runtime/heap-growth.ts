import { setFlagsFromString } from 'node:v8';

/** After each full collection V8 lets the old generation grow to at most 1.5 times what survived. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Bounds how far V8 lets the heap grow between full collections. By default it lets the old
 * generation grow to several times the live size while allocation is fast, and keeps those pages
 * once the load is gone: under 20 connections of registrations the api's live heap stays near
 * 60 MB while its RSS climbed to 258-289 MB. Capped at 1.5 times it held 181 MB (163-169 MB with
 * the api's smaller young generation, scripts/lib/app-runtime.js) at the same api CPU per
 * registration within the noise (0.59-0.70 against 0.56-0.64 ms; api restarted with each setting in
 * turn on one stack).
 *
 * The api only: the processor keeps more objects alive (1,024 jobs in flight), and the cap made it
 * collect so often that a process job cost 35 % more CPU (0.37 against 0.27 ms).
 * V8 reads the flag on every full collection, so setting it first thing in `main` applies it however
 * the app was started.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
