import { SecretCipher } from '@app/platform';
import { AnswerCodec, AnswerCodecs } from '../common/idempotency';
import { CreatedWebhookEndpointDto } from './dto/webhook-endpoint.dto';

/** An answer that shows a secret must not sit in any cache (docs/security.md says so of tokens). */
export const SECRET_ANSWER_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store' };

/** How the Idempotency-Key record keeps a created endpoint: its secret sealed, never in clear. */
type KeptEndpoint = Omit<CreatedWebhookEndpointDto, 'secret'> & { sealedSecret: string };

/** The secret is sealed for the record of this endpoint's creation, not for the endpoint's own row. */
const sealedFor = (endpointId: string) => `idempotency:${endpointId}`;

/**
 * `POST /webhook-endpoints` as an Idempotency-Key record keeps it. A replay must show the same
 * secret, so the record holds it, encrypted as endpoint secrets are at rest (AES-256-GCM under
 * WEBHOOKS_SECRET_KEY, bound to this creation): a dump of idempotency_record signs nothing.
 */
export function createdEndpointAnswer(
  cipher: SecretCipher,
): AnswerCodec<CreatedWebhookEndpointDto, KeptEndpoint> {
  return {
    answer: ({ secret, ...endpoint }) => ({
      statusCode: 201,
      body: { ...endpoint, sealedSecret: cipher.encrypt(secret, sealedFor(endpoint.id)).toString('base64') },
      headers: { ...SECRET_ANSWER_HEADERS },
    }),
    result: (kept) => {
      const { sealedSecret, ...endpoint } = kept.body as KeptEndpoint;
      return {
        ...endpoint,
        secret: cipher.decrypt(Buffer.from(sealedSecret, 'base64'), sealedFor(endpoint.id)),
      };
    },
  };
}

/** What an Idempotency-Key record of the webhooks module keeps, per operation. */
export function webhookAnswers(cipher: SecretCipher): AnswerCodecs {
  return { createWebhookEndpoint: createdEndpointAnswer(cipher) };
}
