/**
 * How often an endpoint may be sent a test event (`POST /webhook-endpoints/{id}/test`,
 * docs/integrators.md, "Webhooks"). Each one is an event in the client's log and a delivery the
 * processor signs and POSTs: unthrottled, 200 calls at once were 200 deliveries, a way to make the
 * service flood a receiver or to crowd other clients' deliveries. A person checking a receiver
 * sends a few; past `max` in `windowSeconds` the api answers 429 with Retry-After. Counted per
 * endpoint: a client has at most its quota of endpoints, so its test events are bounded too.
 */
export const TEST_EVENT_LIMIT = { max: 10, windowSeconds: 60 } as const;

/** The 429's message, with the seconds to wait. */
export function testEventLimitMessage(waitSeconds: number): string {
  return `At most ${TEST_EVENT_LIMIT.max} test events per endpoint every ${TEST_EVENT_LIMIT.windowSeconds} seconds: try again in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`;
}
