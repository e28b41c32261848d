import { randomBytes } from 'node:crypto';
import {
  estimatedEntropyBits,
  MIN_SECRET_ENTROPY_BITS,
  shortestRepeatingUnit,
  weakSecretReason,
} from './secret-strength';

const chars = (text: string) => [...text];

describe('shortestRepeatingUnit', () => {
  it.each([
    ['aaaa', 'a'],
    ['abab', 'ab'],
    ['abcabcab', 'abc'], // the last repetition cut short
    ['abcdabcdabcd', 'abcd'],
    ['abcab', 'abcab'], // repeated less than twice: nothing to give away
    ['abcd', 'abcd'],
    ['', ''],
  ])('%j -> %j', (text, unit) => {
    expect(shortestRepeatingUnit(chars(text)).join('')).toBe(unit);
  });
});

describe('estimatedEntropyBits', () => {
  it.each([
    ['one letter 32 times', 'a'.repeat(32), 0, 1],
    ['two letters alternating', 'ab'.repeat(32), 1, 4],
    ['a word repeated', 'Password123'.repeat(4), 30, 50],
    ['a 16-character unit twice', 'k3J9xQ2mPz7LwR4v'.repeat(2), 60, 90],
    ['three letters, unevenly', 'aab'.repeat(5) + 'bba'.repeat(6), 25, 40],
  ])('%s: %j', (_label, text, low, high) => {
    const bits = estimatedEntropyBits(chars(text));
    expect(bits).toBeGreaterThanOrEqual(low);
    expect(bits).toBeLessThanOrEqual(high);
  });

  it.each<[string, () => ReadonlyArray<string | number>]>([
    ['32 characters of base64', () => chars(randomBytes(24).toString('base64'))],
    ['openssl rand -base64 48', () => chars(randomBytes(48).toString('base64'))],
    ['32 random bytes', () => [...randomBytes(32)]],
    ['64 hexadecimal characters', () => chars(randomBytes(32).toString('hex'))],
  ])('reads %s as random (200 draws)', (_label, draw) => {
    for (let i = 0; i < 200; i++)
      expect(estimatedEntropyBits(draw())).toBeGreaterThanOrEqual(MIN_SECRET_ENTROPY_BITS);
  });
});

describe('weakSecretReason', () => {
  it('says how predictable the secret is and how to make one', () => {
    expect(weakSecretReason(chars('x'.repeat(40)), 'characters', 'openssl rand -base64 48')).toBe(
      'is too predictable for production: its characters carry about 0 bits of entropy, a random value at least 128 (repeated or few distinct characters give it away): generate one (openssl rand -base64 48)',
    );
  });

  it('has nothing to say about a random secret', () => {
    expect(weakSecretReason([...randomBytes(32)], 'bytes', 'openssl rand -base64 32')).toBeNull();
  });
});
