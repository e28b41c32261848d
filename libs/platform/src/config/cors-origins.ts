/**
 * CORS_ORIGINS (docs/integrators.md): which browser origins may call the api. Each entry is an origin
 * (`https://app.example.com`), an origin whose port is `*` (`http://localhost:*`: any port, the
 * default one included), or `*` alone (any origin; refused in production by the configuration).
 */
export const DEVELOPMENT_CORS_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

/** scheme://host[:port|:*], host a DNS name, an IPv4 address or a bracketed IPv6 address. */
const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/;

/**
 * The entries of a comma-separated list, each normalised as a browser writes an `Origin` header
 * (lower case, no default port). Throws with the reason when an entry is not an origin.
 */
export function parseCorsOrigins(list: string): string[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (entry === '*') return entry;
    const match = ORIGIN_PATTERN.exec(entry.toLowerCase());
    if (!match)
      throw new Error(
        `must list origins such as https://app.example.com or http://localhost:* (no path, no trailing slash), got "${entry}"`,
      );
    const [, scheme, host, port] = match;
    if (port === '*') return `${scheme}://${host}:*`;
    if (port !== undefined && Number(port) > 65535) throw new Error(`has a port above 65535: "${entry}"`);
    // new URL() drops a default port (http://x:80 -> http://x), as browsers do in Origin.
    return new URL(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`).origin;
  });
}

/** Whether a request's `Origin` is one the patterns allow. No `Origin` (not a browser) is never "allowed". */
export function corsOriginMatcher(patterns: readonly string[]): (origin: string | undefined) => boolean {
  if (patterns.includes('*')) return (origin) => Boolean(origin);
  const exact = new Set(patterns.filter((pattern) => !pattern.endsWith(':*')));
  const anyPort = patterns.filter((pattern) => pattern.endsWith(':*')).map((pattern) => pattern.slice(0, -2));
  return (origin) => {
    if (!origin) return false;
    if (exact.has(origin)) return true;
    return anyPort.some(
      (base) =>
        origin === base || (origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1))),
    );
  };
}
