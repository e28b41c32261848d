import type { SecretCipher } from './secret-cipher';

/**
 * SecretCipher in the clear, for use-case specs: a sealed secret is `<endpointId>|<secret>`, so a
 * spec can read what was stored, and opening one under another endpoint throws as the real cipher
 * does (the endpoint id is bound in: secret-cipher.ts).
 */
export class FakeSecretCipher implements Pick<SecretCipher, 'encrypt' | 'decrypt'> {
  encrypt(plaintext: string, endpointId: string): Buffer {
    return Buffer.from(`${endpointId}|${plaintext}`);
  }

  decrypt(box: Buffer, endpointId: string): string {
    const text = box.toString();
    if (!text.startsWith(`${endpointId}|`)) throw new Error('Sealed for another endpoint');
    return text.slice(endpointId.length + 1);
  }

  /** This, as the SecretCipher a use case's constructor takes. */
  asCipher(): SecretCipher {
    return this as unknown as SecretCipher;
  }
}
