import { createHmac } from 'node:crypto';
import {
  BoundedCache,
  signedContent,
  signingKeyBase64,
  signingSecrets,
  webhookHeaders,
  WebhookSender,
} from '@app/domain';
import type { DeliveryAttempt, DeliveryForAttempt } from '@app/persistence';
import type { SecretCipher } from '@app/platform';
import type { DeliveryPacer } from './delivery-pacer';

/** Secrets kept decrypted (see `secret`); past this many the oldest kept is dropped. */
export const MAX_DECRYPTED_SECRETS = 1_000;

/**
 * What goes on the wire for one attempt (docs/integrators.md, "Webhooks"): it waits for its
 * client's turn (DeliveryPacer: attempts yield to screenings), signs the event envelope with the
 * endpoint's secrets and POSTs it through the WebhookSender port, and answers the attempt as the
 * deliveries list shows it. Never throws: what the receiver did not do is the attempt's error.
 */
export class SignedPoster {
  /** Decrypted secrets by endpoint and ciphertext (a rotation is a new ciphertext). */
  private readonly secrets = new BoundedCache<string, string>({ maxEntries: MAX_DECRYPTED_SECRETS });

  constructor(
    private readonly sender: WebhookSender,
    private readonly cipher: Pick<SecretCipher, 'decrypt'>,
    private readonly pacer: Pick<DeliveryPacer, 'turn'>,
  ) {}

  async post(delivery: DeliveryForAttempt): Promise<DeliveryAttempt> {
    await this.pacer.turn(delivery.clientId);
    const at = Date.now();
    const body = JSON.stringify(delivery.event);
    const result = await this.sender.post(delivery.url, body, this.headers(delivery, body, at));
    return { at, durationMs: Date.now() - at, ...result };
  }

  /**
   * Signed with every secret valid now (two during a rotation's overlap): the Standard Webhooks
   * signature, HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret's base64 part, by
   * Node's crypto (the `standardwebhooks` library signs the same in plain JavaScript, slower).
   */
  private headers(delivery: DeliveryForAttempt, body: string, at: number): Record<string, string> {
    const timestampSeconds = Math.floor(at / 1000);
    const secrets = signingSecrets(
      {
        secret: this.secret(delivery.secret, delivery.endpointId),
        previousSecret: delivery.previousSecret && this.secret(delivery.previousSecret, delivery.endpointId),
        previousSecretUntil: delivery.previousSecretUntil,
      },
      at,
    );
    const signed = signedContent(delivery.event.id, timestampSeconds, body);
    const signatures = secrets.map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(signingKeyBase64(secret), 'base64'))
          .update(signed)
          .digest('base64')}`,
    );
    return webhookHeaders({ eventId: delivery.event.id, timestampSeconds, signatures });
  }

  /**
   * An endpoint's secret in clear. Decrypting it (AES-GCM) on every attempt cost more than the
   * signature; the endpoint id stays bound in (the cipher checks it on the first decryption).
   */
  private secret(sealed: Buffer, endpointId: string): string {
    return this.secrets.getOrSet(`${endpointId}:${sealed.toString('base64')}`, () =>
      this.cipher.decrypt(sealed, endpointId),
    );
  }
}
