import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { forbiddenAddressesMessage, webhookHost } from '@app/domain';

/** Error code of a connection the SSRF guard refused (the failed attempt says why). */
export const FORBIDDEN_ADDRESS = 'EWEBHOOKFORBIDDEN';

function resolveAll(name: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(name, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/**
 * SSRF at registration (docs/integrators.md): why a URL may not be registered, or null. A literal address
 * is judged as it stands, a name by every address it resolves to (one private address among public
 * ones is enough to refuse). A name that does not exist is refused; a DNS failure of another kind
 * is not (the check is made again before every delivery).
 */
export async function registrationRefusal(url: string): Promise<string | null> {
  const host = webhookHost(url);
  if ('address' in host) return forbiddenAddressesMessage(host.address, [host.address]);
  try {
    const addresses = await resolveAll(host.name);
    return forbiddenAddressesMessage(
      host.name,
      addresses.map((a) => a.address),
    );
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTFOUND' ? `${host.name} does not resolve.` : null;
  }
}

/** SSRF at delivery, for a literal address (no DNS lookup happens for it). */
export function literalAddressRefusal(url: string): string | null {
  const host = webhookHost(url);
  return 'address' in host ? forbiddenAddressesMessage(host.address, [host.address]) : null;
}

/**
 * SSRF at delivery, for a name: a `lookup` for `http.request` that resolves the name, refuses it
 * when any address is forbidden, and hands the socket exactly the addresses it checked, so a DNS
 * answer that changes between the check and the connection (rebinding) cannot slip through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
    const refusal = error
      ? null
      : forbiddenAddressesMessage(
          hostname,
          addresses.map((a) => a.address),
        );
    const failure =
      error ?? (refusal ? Object.assign(new Error(refusal), { code: FORBIDDEN_ADDRESS }) : null);
    // The callback's shape depends on `all` (net asks for every address when it races IPv4 and IPv6).
    const answer = callback as (
      error: Error | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    if (failure) answer(failure, '', 0);
    else if (options.all) answer(null, addresses);
    else answer(null, addresses[0].address, addresses[0].family);
  });
};
