import {
  forbiddenAddressesMessage,
  forbiddenAddressReason,
  webhookHost,
  webhookUrlViolations,
} from './url-policy';

describe('webhookUrlViolations (docs/integrators.md)', () => {
  it.each([
    ['https://hooks.example.com/screening', []],
    ['http://hooks.example.com:8080/a?b=c', []],
    ['http://127.0.0.1:3000/hook', []], // where it points is another rule
    [`https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`, []],
    [`https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`, ['at most 2048']],
    ['/relative/path', ['absolute http or https']],
    ['example.com/hook', ['absolute http or https']],
    ['ftp://example.com/hook', ['http or https, not ftp']],
    ['javascript:alert(1)', ['http or https, not javascript']],
    ['https://user:pass@example.com/hook', ['credentials']],
    ['https://user@example.com/hook', ['credentials']],
    ['file:///etc/passwd', ['http or https, not file']],
    ['http://[::1', ['absolute http or https']],
    [42, ['must be a string']],
    [undefined, ['must be a string']],
  ])('%p', (url, expected) => {
    const messages = webhookUrlViolations(url).map((v) => v.message);
    expect(messages).toHaveLength(expected.length);
    expected.forEach((part, i) => expect(messages[i]).toContain(part));
  });

  it('names the field it checks', () => {
    expect(webhookUrlViolations('nope', 'target')[0].field).toBe('target');
  });
});

describe('webhookHost', () => {
  it.each([
    ['https://hooks.example.com/x', { name: 'hooks.example.com' }],
    ['http://localhost:3000/', { name: 'localhost' }],
    ['http://127.0.0.1/', { address: '127.0.0.1' }],
    ['http://[::1]:8080/', { address: '::1' }],
    ['http://[::ffff:10.0.0.1]/', { address: '::ffff:a00:1' }],
    // The URL parser normalises the numeric spellings of an IPv4 address.
    ['http://2130706433/', { address: '127.0.0.1' }],
    ['http://0x7f.1/', { address: '127.0.0.1' }],
    ['http://169.254.169.254/latest/meta-data', { address: '169.254.169.254' }],
  ])('%s -> %j', (url, host) => {
    expect(webhookHost(url)).toEqual(host);
  });
});

describe('forbiddenAddressReason (SSRF)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a00:1', 'private'],
    ['2002:7f00:1::1', '6to4'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenAddressReason(address)).toContain(reason);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe('forbiddenAddressReason: an IPv6 address that carries an IPv4 address is judged by it (docs/integrators.md)', () => {
  it.each([
    // ::/96, IPv4-compatible: the URL parser writes [::127.0.0.1] as [::7f00:1].
    ['::7f00:1', '::7f00:1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    ['::127.0.0.1', '::127.0.0.1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    ['::a9fe:a9fe', '::a9fe:a9fe is a link-local address (it carries the IPv4 address 169.254.169.254)'],
    ['::a00:1', '::a00:1 is a private address (it carries the IPv4 address 10.0.0.1)'],
    ['::c0a8:101', '::c0a8:101 is a private address (it carries the IPv4 address 192.168.1.1)'],
    ['::6440:1', '::6440:1 is a carrier-grade NAT address (it carries the IPv4 address 100.64.0.1)'],
    ['::e000:1', '::e000:1 is a multicast address (it carries the IPv4 address 224.0.0.1)'],
    ['::5', '::5 is an unspecified address (it carries the IPv4 address 0.0.0.5)'],
    // ::ffff:0:0/96, IPv4-mapped.
    ['::ffff:7f00:1', '::ffff:7f00:1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    [
      '::ffff:a9fe:a9fe',
      '::ffff:a9fe:a9fe is a link-local address (it carries the IPv4 address 169.254.169.254)',
    ],
    [
      '0:0:0:0:0:ffff:ac10:1',
      '0:0:0:0:0:ffff:ac10:1 is a private address (it carries the IPv4 address 172.16.0.1)',
    ],
    // 64:ff9b::/96, the NAT64 well-known prefix.
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1 is a loopback address (it carries the IPv4 address 127.0.0.1)'],
    [
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::a9fe:a9fe is a link-local address (it carries the IPv4 address 169.254.169.254)',
    ],
    ['64:ff9b::a00:1', '64:ff9b::a00:1 is a private address (it carries the IPv4 address 10.0.0.1)'],
    // IPv6's own unspecified and loopback addresses keep their names.
    ['::', ':: is an unspecified address'],
    ['::1', '::1 is a loopback address'],
  ])('refuses %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    ['::102:304', '1.2.3.4'],
    ['::808:808', '8.8.8.8'],
    ['::ffff:808:808', '8.8.8.8'],
    ['64:ff9b::808:808', '8.8.8.8'],
    ['64:ff9b::5db8:d822', '93.184.216.34'],
  ])('allows %s (%s is public)', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe('forbiddenAddressesMessage', () => {
  it.each([
    [['8.8.8.8'], null],
    [['8.8.8.8', '10.1.2.3'], 'hooks.test is not allowed: 10.1.2.3 is a private address'],
    [['::1', '127.0.0.1'], 'hooks.test is not allowed: ::1 is a loopback address'],
    [[], null],
  ])('%j', (addresses, message) => {
    const answer = forbiddenAddressesMessage('hooks.test', addresses);
    if (message === null) expect(answer).toBeNull();
    else expect(answer).toContain(message);
  });
});
