import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '@app/domain';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Webhook secrets at rest. Signing needs the secret itself (HMAC), so it cannot be hashed like a
 * password; it is encrypted with AES-256-GCM under WEBHOOKS_SECRET_KEY, which lives in the
 * environment and never in the database: a dump alone (a backup, a replica, an injected SELECT)
 * holds ciphertext that signs nothing. GCM also authenticates: a ciphertext altered in the
 * database fails to decrypt instead of yielding some other key. The endpoint id is bound in as
 * associated data, so a ciphertext copied onto another endpoint's row does not decrypt there.
 * Layout: version (1 byte, room for a later key rotation) | IV (12) | tag (16) | ciphertext.
 */
export class SecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('The webhooks secret key must be 32 bytes');
  }

  encrypt(plaintext: string, endpointId: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(endpointId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  /** Throws when the box was altered, belongs to another endpoint or was sealed with another key. */
  decrypt(box: Buffer, endpointId: string): string {
    if (box[0] !== VERSION) throw new Error(`Unknown webhook secret format ${box[0]}`);
    const iv = box.subarray(1, 1 + IV_BYTES);
    const tag = box.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(box.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}
