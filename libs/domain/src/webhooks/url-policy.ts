import * as ipaddr from 'ipaddr.js';
import type { FieldViolation } from '../errors';

/** CONTRACT 7.3: a webhook URL is at most this long. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * CONTRACT 7.3, the shape of a webhook URL: absolute `http`/`https`, at most 2,048 characters,
 * no credentials (they would sit in our database and logs in clear, and travel on every delivery).
 * Where it points is {@link forbiddenAddressReason}'s question.
 */
export function webhookUrlViolations(value: unknown, field = 'url'): FieldViolation[] {
  if (typeof value !== 'string') return [{ field, message: `${field} must be a string.` }];
  if (value.length > MAX_WEBHOOK_URL_LENGTH)
    return [{ field, message: `${field} must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.` }];
  const url = parseUrl(value);
  if (!url) return [{ field, message: `${field} must be an absolute http or https URL.` }];
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return [{ field, message: `${field} must use http or https, not ${url.protocol.slice(0, -1)}.` }];
  if (url.username || url.password)
    return [{ field, message: `${field} must not carry credentials (user:password@).` }];
  return [];
}

/**
 * The host a URL connects to: a literal address (checked as it stands) or a name (checked after
 * DNS resolution). The WHATWG parser has already turned `0x7f.1` or `2130706433` into 127.0.0.1.
 */
export function webhookHost(url: string): { address: string } | { name: string } {
  const hostname = new URL(url).hostname;
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? { address: bare } : { name: bare };
}

/**
 * Why a webhook may not connect to `address`, or null when it may: only public unicast addresses
 * are allowed, so loopback, private (RFC 1918), link-local (169.254.169.254, the cloud metadata
 * service, is one), unique-local, carrier-grade NAT, unspecified, multicast, broadcast and reserved
 * ranges are refused, and an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 * An allowlist (rather than a list of bad ranges) also refuses the ranges we did not think of.
 */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 address it carries.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : `${address} is a ${RANGE_NAMES[range] ?? range} address`;
}

/** The first refused address of a host's addresses, as the message of a 400 or a failed attempt. */
export function forbiddenAddressesMessage(host: string, addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) return `${host} is not allowed: ${reason}; webhooks may only reach public addresses.`;
  }
  return null;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
