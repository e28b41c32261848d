import { COMMON_PASSWORDS } from './common-passwords';
import { isCommonPassword, MIN_PASSWORD_LENGTH, newPasswordViolations } from './passwords';

const messages = (password: unknown, email = 'maria.lopez@acme.test') =>
  newPasswordViolations(password, email).map((v) => `${v.field}: ${v.message}`);

describe('new passwords', () => {
  it('ships the 10,000 most common passwords, most common first, without repeats', () => {
    expect(COMMON_PASSWORDS).toHaveLength(10_000);
    expect(new Set(COMMON_PASSWORDS).size).toBe(10_000);
    expect(COMMON_PASSWORDS.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('accepts a long password that is neither common nor the address', () => {
    expect(messages('Tres-tristes-tigres-26')).toEqual([]);
    expect(messages('x'.repeat(MIN_PASSWORD_LENGTH))).toEqual([]);
  });

  it.each([
    ['', ['password: password is required.']],
    [undefined, ['password: password is required.']],
    [42, ['password: password is required.']],
    ['x'.repeat(11), ['password: password must be at least 12 characters long.']],
    ['x'.repeat(257), ['password: password must be at most 256 characters long.']],
  ])('refuses %p', (password, expected) => {
    expect(messages(password)).toEqual(expected);
  });

  it('counts characters, not UTF-16 units: 11 emoji are 11 characters', () => {
    expect(messages('😀'.repeat(11))).toEqual(['password: password must be at least 12 characters long.']);
  });

  it('refuses a password holding the local part or the whole address, whatever the case', () => {
    const local = ['password: password must not contain your e-mail address or the part of it before the @.'];
    expect(messages('2026-Maria.Lopez-!')).toEqual(local);
    expect(messages('x-maria.lopez@acme.test-x')).toEqual(local);
    // A local part of two letters says nothing; the whole address still counts.
    expect(messages('al-is-a-long-pass', 'al@acme.test')).toEqual([]);
    expect(messages('AL@ACME.TEST-2026', 'al@acme.test')).toEqual(local);
  });

  it('refuses the common passwords of 12 characters or more, whatever the case, and names every rule broken', () => {
    const longCommon = COMMON_PASSWORDS.filter((p) => p.length >= MIN_PASSWORD_LENGTH);
    expect(longCommon.length).toBeGreaterThan(0);
    for (const password of longCommon) {
      expect(isCommonPassword(password.toUpperCase())).toBe(true);
      expect(messages(password)).toEqual([
        'password: password is one of the 10,000 most common passwords: choose another.',
      ]);
    }
    expect(messages('password')).toEqual([
      'password: password must be at least 12 characters long.',
      'password: password is one of the 10,000 most common passwords: choose another.',
    ]);
    expect(isCommonPassword('Tres-tristes-tigres-26')).toBe(false);
  });
});
