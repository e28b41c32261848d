import { FieldViolation } from '../errors';
import { characterCount, requiredTextViolations } from '../request-shape';

export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_REFRESH_TOKEN_LENGTH = 512;

/** The body of `POST /signin` as a client sends it (JSON types unchecked). */
export interface SignInInput {
  email?: unknown;
  password?: unknown;
}

/**
 * docs/behaviour.md sign-in body: an e-mail address of at most 254 characters and a password of 1 to 256.
 * A refused shape answers 400 before any account is looked up (and before any attempt counts
 * against the throttle); a well-formed but wrong pair is the service's 401.
 */
export function signInViolations(input: SignInInput): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const email = input.email;
  if (typeof email !== 'string' || characterCount(email) > MAX_EMAIL_LENGTH)
    violations.push({
      field: 'email',
      message: `email must be shorter than or equal to ${MAX_EMAIL_LENGTH} characters.`,
    });
  if (typeof email !== 'string' || !isEmailAddress(email))
    violations.push({ field: 'email', message: 'email must be an e-mail address.' });
  return [...violations, ...requiredTextViolations(input, 'password', MAX_PASSWORD_LENGTH)];
}

/** The body of `POST /signin/refresh` and `POST /signout`: the refresh token, 1 to 512 characters. */
export function refreshTokenViolations(input: { refreshToken?: unknown }): FieldViolation[] {
  return requiredTextViolations(input, 'refreshToken', MAX_REFRESH_TOKEN_LENGTH);
}

// The address rules the api has always applied (those of validator.js's isEmail with its defaults):
// no display name, a dotted local part (UTF-8 letters allowed) or a quoted one, at most 64 bytes
// before the @ and 254 characters in all, and a domain name with a top-level domain (no IP).
const LOCAL_PART = /^[a-z\d!#$%&'*+\-/=?^_`{|}~\u00A1-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+$/i;
const QUOTED_LOCAL_PART =
  // eslint-disable-next-line no-control-regex -- the quoted local part allows control characters
  /^([\s\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x21\x23-\x5b\x5d-\x7e\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]|(\\[\x01-\x09\x0b\x0c\x0d-\x7f\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]))*$/i;
const TOP_LEVEL_DOMAIN = /^([a-z\u00A1-\u00A8\u00AA-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}|xn[a-z0-9-]{2,})$/i;
const DOMAIN_LABEL = /^[a-z\u00a1-\uffff0-9-]+$/i;

/** Bytes of the UTF-8 encoding (a lone surrogate throws, as encodeURI does). */
function byteLength(value: string): number {
  return encodeURI(value).split(/%..|./).length - 1;
}

function isDomainName(domain: string): boolean {
  const labels = domain.split('.');
  const tld = labels[labels.length - 1];
  if (labels.length < 2 || !TOP_LEVEL_DOMAIN.test(tld) || /\s/.test(tld) || /^\d+$/.test(tld)) return false;
  return labels.every(
    (label) =>
      label.length <= 63 &&
      DOMAIN_LABEL.test(label) &&
      !/[\uff01-\uff5e]/.test(label) &&
      !/^-|-$/.test(label) &&
      !label.includes('_'),
  );
}

/** Whether `value` is an e-mail address the sign-in accepts (see the rules above). */
export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const parts = value.split('@');
  const domain = parts.pop() as string;
  const local = parts.join('@');
  if (byteLength(local) > 64 || byteLength(domain) > MAX_EMAIL_LENGTH || !isDomainName(domain)) return false;
  if (local[0] === '"' && local[local.length - 1] === '"') return QUOTED_LOCAL_PART.test(local.slice(1, -1));
  return local.split('.').every((part) => LOCAL_PART.test(part));
}
