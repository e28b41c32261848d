import { Observable, of, throwError } from 'rxjs';
import { afterRecorded } from './after-recorded';

/** A record whose calls the test settles; it notes each call's status and answer in order. */
function manualRecord() {
  const calls: Array<[number, unknown]> = [];
  const settle: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const record = (status: number, answer: unknown) =>
    new Promise<void>((resolve, reject) => {
      calls.push([status, answer]);
      settle.push({ resolve, reject });
    });
  return { record, calls, settle };
}

const statusOf = (error: unknown) => (error as { status?: number }).status ?? 500;

/** Subscribes and notes what the observable emitted, its error, and whether it completed. */
function watch<T>(observable: Observable<T>) {
  const seen: { values: T[]; error?: unknown; completed: boolean } = { values: [], completed: false };
  observable.subscribe({
    next: (value) => seen.values.push(value),
    error: (error: unknown) => (seen.error = error),
    complete: () => (seen.completed = true),
  });
  return seen;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('afterRecorded', () => {
  it('lets the answer go, and completes, only once its event is recorded with the success status', async () => {
    const { record, calls, settle } = manualRecord();
    const seen = watch(afterRecorded(of({ ok: true }), record, 200, statusOf));
    expect(calls).toEqual([[200, { ok: true }]]);
    expect(seen).toEqual({ values: [], completed: false });
    settle[0].resolve();
    await flush();
    expect(seen).toEqual({ values: [{ ok: true }], completed: true });
  });

  it("records a refused operation with its error's status, then answers that error", async () => {
    const { record, calls, settle } = manualRecord();
    const refused = Object.assign(new Error('Not Found'), { status: 404 });
    const seen = watch(
      afterRecorded(
        throwError(() => refused),
        record,
        200,
        statusOf,
      ),
    );
    expect(calls).toEqual([[404, undefined]]);
    await flush();
    expect(seen.error).toBeUndefined();
    settle[0].resolve();
    await flush();
    expect(seen).toEqual({ values: [], error: refused, completed: false });
  });

  it('answers the error of an event that could not be kept instead of the answer, recording it if it can', async () => {
    const { record, calls, settle } = manualRecord();
    const seen = watch(afterRecorded(of('answer'), record, 201, statusOf));
    const outage = Object.assign(new Error('connect ECONNREFUSED'), { status: 503 });
    settle[0].reject(outage);
    await flush();
    expect(calls).toEqual([
      [201, 'answer'],
      [503, undefined],
    ]);
    settle[1].resolve();
    await flush();
    expect(seen).toEqual({ values: [], error: outage, completed: false });
  });

  it('answers the error of the second record when that one fails too', async () => {
    const { record, settle } = manualRecord();
    const seen = watch(afterRecorded(of('answer'), record, 200, statusOf));
    settle[0].reject(new Error('first'));
    await flush();
    settle[1].reject(new Error('second'));
    await flush();
    expect(seen.error).toEqual(new Error('second'));
    expect(seen.values).toEqual([]);
  });

  it('records each answer of a stream and completes after the last is recorded', async () => {
    const { record, calls, settle } = manualRecord();
    const seen = watch(afterRecorded(of(1, 2), record, 200, statusOf));
    expect(calls).toEqual([
      [200, 1],
      [200, 2],
    ]);
    settle[0].resolve();
    await flush();
    expect(seen).toEqual({ values: [1], completed: false });
    settle[1].resolve();
    await flush();
    expect(seen).toEqual({ values: [1, 2], completed: true });
  });
});
