/**
 * The port of the HTTP side of a webhook delivery (docs/integrators.md). The domain says what a delivery
 * asks and what it learns back; the adapter (libs/adapters/src/webhooks: an HTTP client with its
 * timeout, its address guard and its connection pool) does it. The processor injects
 * `WebhookSender` and never knows which.
 */

/** What one attempt learned. */
export interface SendResult {
  /** The status the receiver answered; null when no HTTP answer came. */
  httpStatus: number | null;
  /** Why the attempt failed; null on success (a 2xx in time). */
  error: string | null;
}

/** The port (an abstract class, so that it is also the injection token). */
export abstract class WebhookSender {
  /**
   * One POST of `body` (the signed event envelope) with `headers` to `url`. Never throws: a refused
   * address, a timeout or a non-2xx answer is a result with its error.
   */
  abstract post(url: string, body: string, headers: Record<string, string>): Promise<SendResult>;
}
