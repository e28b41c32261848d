/**
 * What an operator reads of a failed delivery attempt (docs/operations.md, "The apps: supervisor,
 * shutdown, health, liveness, metrics, logs", under Metrics): which endpoint and delivery, what the
 * receiver answered or why no answer came, the attempt's number and when the next one is due (null
 * once the retry schedule is spent). Ids, a status and the sender's reason only: never the
 * endpoint's URL (a receiver may carry a token in it), a secret or a signature, nor the event itself
 * (the payload names the client's candidates).
 */
export interface FailedAttempt {
  endpointId: string;
  deliveryId: string;
  eventId: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  /** The receiver's status; null when no HTTP answer came (refused address, timeout, reset). */
  httpStatus: number | null;
  error: string;
  /** Epoch milliseconds; null when the delivery ended `failed`. */
  nextAttemptAt: number | null;
}

/**
 * The log line of a failed attempt: its fields (as listed above, the next try as ISO text, and
 * what the delivery is now) and its message.
 */
export function failedAttemptLog(
  outcome: 'retrying' | 'failed',
  failure: FailedAttempt,
): { fields: Record<string, unknown>; message: string } {
  const nextAttemptAt = failure.nextAttemptAt === null ? null : new Date(failure.nextAttemptAt).toISOString();
  const next =
    nextAttemptAt !== null
      ? `next try at ${nextAttemptAt}`
      : outcome === 'failed'
        ? 'no retry left: the delivery failed'
        : 'another attempt recorded meanwhile schedules the next try';
  return {
    fields: {
      endpointId: failure.endpointId,
      deliveryId: failure.deliveryId,
      eventId: failure.eventId,
      attempt: failure.attempt,
      httpStatus: failure.httpStatus,
      error: failure.error,
      nextAttemptAt,
      outcome,
    },
    message: `Webhook attempt ${failure.attempt} failed (${failure.error}); ${next}`,
  };
}
