import { Observable } from 'rxjs';

/**
 * An audited operation's answers, each let go only once `record(success, answer)` resolved, and its
 * error only once `record(statusOf(error))` did (docs/security.md, "Audit log"). An answer whose
 * event could not be recorded is replaced by that error, recorded in turn if it can be, as if the
 * operation had thrown it. One Observable rather than a chain of operators: this runs on every
 * audited request.
 */
export function afterRecorded<T>(
  answers: Observable<T>,
  record: (status: number, answer: T | undefined) => Promise<void>,
  success: number,
  statusOf: (error: unknown) => number,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    const failed = (error: unknown) =>
      void record(statusOf(error), undefined).then(
        () => subscriber.error(error),
        (recordError: unknown) => subscriber.error(recordError),
      );
    let pending = 0;
    let completed = false;
    const subscription = answers.subscribe({
      next: (answer) => {
        pending += 1;
        record(success, answer).then(() => {
          subscriber.next(answer);
          pending -= 1;
          if (completed && pending === 0) subscriber.complete();
        }, failed);
      },
      error: failed,
      complete: () => {
        completed = true;
        if (pending === 0) subscriber.complete();
      },
    });
    return () => subscription.unsubscribe();
  });
}
