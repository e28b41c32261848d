import * as ipaddr from 'ipaddr.js';
import type { FieldViolation } from '../errors';

/** docs/integrators.md: a webhook URL is at most this long. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * docs/integrators.md, the shape of a webhook URL: absolute `http`/`https`, at most 2,048 characters,
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
 * ranges are refused. An IPv6 address that carries an IPv4 address (docs/integrators.md, see
 * {@link embeddedIPv4}) is judged as that IPv4 address: `[::7f00:1]` is 127.0.0.1 and refused,
 * `[64:ff9b::808:808]` is 8.8.8.8 and allowed. An allowlist (rather than a list of bad ranges)
 * also refuses the ranges we did not think of.
 */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const ownRange = parsed.range();
  // `::` and `::1` sit in ::/96 too, but are IPv6's own unspecified and loopback addresses.
  const embedded = ownRange === 'loopback' || ownRange === 'unspecified' ? null : embeddedIPv4(parsed);
  if (embedded) {
    const range = embedded.range();
    return range === 'unicast'
      ? null
      : `${address} is ${rangeName(range)} (it carries the IPv4 address ${embedded.toString()})`;
  }
  return ownRange === 'unicast' ? null : `${address} is ${rangeName(ownRange)}`;
}

/** "a loopback address", "an unspecified address". */
function rangeName(range: string): string {
  const name = RANGE_NAMES[range] ?? range;
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} address`;
}

/**
 * The IPv4 address in the last 32 bits of an IPv6 address of the prefixes that carry one
 * (docs/integrators.md): IPv4-compatible `::/96` (deprecated, still routed to the IPv4 address by some
 * stacks), IPv4-mapped `::ffff:0:0/96`, and the NAT64 well-known prefix `64:ff9b::/96` (a NAT64
 * gateway connects to the IPv4 address). Read from the 16-bit words, not from ipaddr's range
 * names: it calls `::7f00:1` plain unicast.
 */
function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.kind() !== 'ipv6') return null;
  const words = (address as ipaddr.IPv6).parts;
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  const carriesIPv4 =
    zeros(0, 6) ||
    (zeros(0, 5) && words[5] === 0xffff) ||
    (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6));
  if (!carriesIPv4) return null;
  const [high, low] = [words[6], words[7]];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
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
