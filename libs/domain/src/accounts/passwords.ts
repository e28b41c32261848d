import type { FieldViolation } from '../errors';
import { characterCount } from '../request-shape';
import { MAX_PASSWORD_LENGTH } from '../auth/sign-in';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * The password a person chooses (an accepted invitation, a reset; docs/security.md, "Passwords"):
 * long enough to resist guessing offline, not their own address, not one attackers try first.
 * Sign-in checks none of this: a password chosen before a rule changed still signs in.
 */
export const MIN_PASSWORD_LENGTH = 12;
/**
 * A local part shorter than this is not looked for in the password: "al" inside a passphrase says
 * nothing about guessability, and refusing it would refuse most passwords of al@example.com.
 */
const MIN_LOCAL_PART_LOOKED_FOR = 3;

let common: ReadonlySet<string> | undefined;

/** Whether the password is among the 10,000 most common (compared without regard to case). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(password.toLowerCase());
}

/** Every rule a new password breaks, each naming `password`; none when it may be chosen. */
export function newPasswordViolations(password: unknown, email: string): FieldViolation[] {
  if (typeof password !== 'string' || password === '')
    return [{ field: 'password', message: 'password is required.' }];
  const violations: FieldViolation[] = [];
  const length = characterCount(password);
  if (length < MIN_PASSWORD_LENGTH)
    violations.push({
      field: 'password',
      message: `password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    });
  if (length > MAX_PASSWORD_LENGTH)
    violations.push({
      field: 'password',
      message: `password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
    });
  const lowered = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.slice(0, address.lastIndexOf('@'));
  if (
    (address !== '' && lowered.includes(address)) ||
    (localPart.length >= MIN_LOCAL_PART_LOOKED_FOR && lowered.includes(localPart))
  )
    violations.push({
      field: 'password',
      message: 'password must not contain your e-mail address or the part of it before the @.',
    });
  if (isCommonPassword(password))
    violations.push({
      field: 'password',
      message: 'password is one of the 10,000 most common passwords: choose another.',
    });
  return violations;
}
