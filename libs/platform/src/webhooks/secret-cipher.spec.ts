import { randomBytes } from 'node:crypto';
import { newWebhookSecret, SecretCipher } from './secret-cipher';

const key = randomBytes(32).toString('base64');
const ENDPOINT = '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f';

describe('SecretCipher (webhook secrets at rest)', () => {
  const cipher = new SecretCipher(key);
  const secret = newWebhookSecret();

  it('round-trips a secret and never stores it in clear', () => {
    const box = cipher.encrypt(secret, ENDPOINT);
    expect(cipher.decrypt(box, ENDPOINT)).toBe(secret);
    expect(box.includes(Buffer.from(secret))).toBe(false);
    expect(box.includes(Buffer.from(secret.slice(6), 'base64'))).toBe(false);
  });

  it('draws a fresh IV each time', () => {
    expect(cipher.encrypt(secret, ENDPOINT).equals(cipher.encrypt(secret, ENDPOINT))).toBe(false);
  });

  it.each([
    [
      'another key',
      (box: Buffer) => new SecretCipher(randomBytes(32).toString('base64')).decrypt(box, ENDPOINT),
    ],
    ['another endpoint', (box: Buffer) => cipher.decrypt(box, '00000000-0000-4000-8000-000000000000')],
    [
      'an altered ciphertext',
      (box: Buffer) => {
        const altered = Buffer.from(box);
        altered[altered.length - 1] ^= 1;
        return cipher.decrypt(altered, ENDPOINT);
      },
    ],
    [
      'an unknown format',
      (box: Buffer) => cipher.decrypt(Buffer.concat([Buffer.from([9]), box.subarray(1)]), ENDPOINT),
    ],
  ])('refuses to decrypt with %s', (_what, open) => {
    expect(() => open(cipher.encrypt(secret, ENDPOINT))).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretCipher(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes (docs/integrators.md: 24 or more)', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
