import { getSchemaPath } from '@nestjs/swagger';
import { EVENT_ENVELOPE_SCHEMA } from '../events/event-envelope.docs';
import { ApiTagName } from '../docs/tags';

const WEBHOOKS_TAG: ApiTagName = 'Events and webhooks';

/** How deliveries work, for the operation that registers an endpoint (docs/integrators.md). */
export const DELIVERY_DESCRIPTION =
  'Every event of the endpoint\'s client it subscribes to is POSTed to its `url` as the event envelope (`EventEnvelopeDto`: one variant per event type, told apart by `type`), with the Standard Webhooks headers `webhook-id` (the event id, the same on every attempt), `webhook-timestamp` (unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` per valid secret, space-separated), verifiable as they stand with the `standardwebhooks` libraries. ' +
  'A 2xx within 10 seconds is a success; redirects are not followed. Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (+-10%), then the delivery is `failed`; an endpoint whose deliveries all failed for 5 days is disabled. ' +
  'Delivery is at least once: drop an id you have already processed. Events of one candidate request arrive in `createdAt` order as long as the earlier ones succeed.';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/**
 * The delivery itself, as an OpenAPI callback of `createWebhookEndpoint`: the request we send to
 * the registered `url`, so integrators read the envelope schema and the headers where they register.
 */
export const WEBHOOK_CALLBACK = {
  event: {
    '{$request.body#/url}': {
      post: {
        operationId: 'receiveWebhookEvent',
        tags: [WEBHOOKS_TAG],
        summary: 'An event delivered to your endpoint',
        description:
          'Verify the signature (e.g. `new Webhook(secret).verify(rawBody, headers)` of the `standardwebhooks` package) before trusting the body, and drop a `webhook-id` you have already processed (delivery is at least once).',
        parameters: [
          header('webhook-id', 'The event id: the same on every attempt of this event', 'evt_7731_1042'),
          header('webhook-timestamp', 'Unix seconds of this attempt (signed: refuse old ones)', '1795440000'),
          header(
            'webhook-signature',
            'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, one per valid secret (two for 24 hours after a rotation)',
            'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
          ),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: getSchemaPath(EVENT_ENVELOPE_SCHEMA) } } },
        },
        responses: {
          '2XX': { description: 'Acknowledged (within 10 seconds; the answer body is ignored)' },
          '4XX': { description: 'Not acknowledged: the delivery is tried again on the retry schedule' },
          '5XX': { description: 'Not acknowledged: the delivery is tried again on the retry schedule' },
        },
      },
    },
  },
};
