import {
  FORBIDDEN_ADDRESS,
  guardedLookup,
  literalAddressRefusal,
  registrationRefusal,
} from './address-guard';

/** Only names every machine resolves without a network: the test never connects anywhere. */
describe('registrationRefusal (SSRF at registration)', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['http://10.0.0.1/', '10.0.0.1 is a private address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    // docs/integrators.md: an IPv6 literal that carries an IPv4 address is judged by it.
    ['http://[::127.0.0.1]/', '::7f00:1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    ['http://[::7f00:1]/', '::7f00:1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    [
      'http://[::a9fe:a9fe]/',
      '::a9fe:a9fe is a link-local address (it carries the IPv4 address 169.254.169.254)',
    ],
    ['http://[::10.0.0.1]/', '::a00:1 is a private address (it carries the IPv4 address 10.0.0.1)'],
    [
      'http://[64:ff9b::169.254.169.254]/',
      '64:ff9b::a9fe:a9fe is a link-local address (it carries the IPv4 address 169.254.169.254)',
    ],
    ['http://[::ffff:a9fe:a9fe]/', 'a link-local address (it carries the IPv4 address 169.254.169.254)'],
    ['http://localhost:3000/hook', 'localhost is not allowed'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
  ])('refuses %s', async (url, message) => {
    expect(await registrationRefusal(url)).toContain(message);
  });

  it.each([
    'https://8.8.8.8/hook',
    'http://[::1.2.3.4]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[::ffff:8.8.8.8]/',
  ])('allows the public literal address %s', async (url) => {
    expect(await registrationRefusal(url)).toBeNull();
  });
});

describe('literalAddressRefusal (SSRF at delivery)', () => {
  it.each([
    ['http://127.0.0.1:9/x', 'loopback'],
    ['http://[fd00::1]/', 'unique-local'],
    ['http://[::7f00:1]:9/x', 'a loopback address (it carries the IPv4 address 127.0.0.1)'],
    ['http://[64:ff9b::a00:1]/', 'a private address (it carries the IPv4 address 10.0.0.1)'],
    ['http://[::102:304]/', null],
    ['https://8.8.8.8/', null],
    ['https://hooks.example.com/', null], // a name: the guarded lookup checks it
  ])('%s', (url, reason) => {
    const answer = literalAddressRefusal(url);
    if (reason === null) expect(answer).toBeNull();
    else expect(answer).toContain(reason);
  });
});

describe('guardedLookup', () => {
  const lookup = (options: { all?: boolean }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup('localhost', options, (error, address) => resolve({ error, address })),
    );

  it.each([{ all: true }, { all: false }])('refuses a name resolving to loopback (%j)', async (options) => {
    const { error } = await lookup(options);
    expect(error?.code).toBe(FORBIDDEN_ADDRESS);
    expect(error?.message).toContain('localhost is not allowed');
  });
});
