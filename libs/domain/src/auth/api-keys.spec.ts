import { apiKeyHash, apiKeyInputViolations, apiKeyUsable, looksLikeApiKey, newApiKey } from './api-keys';

const NOW = Date.UTC(2026, 10, 28);

describe('API keys', () => {
  it('makes sk_ and 32 random bytes in base64url, shows 8 characters, stores the SHA-256', () => {
    const made = newApiKey(() => Buffer.alloc(32, 0xab));
    expect(made.key).toBe(`sk_${Buffer.alloc(32, 0xab).toString('base64url')}`);
    expect(made.key).toHaveLength(3 + 43);
    expect(made.prefix).toBe(made.key.slice(0, 8));
    expect(made.hash).toBe(apiKeyHash(made.key));
    expect(made.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newApiKey().key).not.toBe(newApiKey().key);
  });

  it.each([
    [newApiKey().key, true],
    [`sk_${'A'.repeat(43)}`, true],
    [`sk_${'A'.repeat(42)}`, false],
    ['sk_short', false],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', false],
    [`pk_${'A'.repeat(43)}`, false],
    [`sk_${'A'.repeat(42)}=`, false],
  ])('%s looks like a key: %s', (token, expected) => {
    expect(looksLikeApiKey(token)).toBe(expected);
  });

  it.each([
    [{ name: 'ATS backend', role: 'analyst' }, []],
    [{ name: 'Reports', role: 'viewer', expiresAt: NOW + 1 }, []],
    [{ name: 'Reports', role: 'viewer', expiresAt: null }, []],
    [{ role: 'analyst' }, ['name']],
    [{ name: '   ', role: 'analyst' }, ['name']],
    [{ name: 'x'.repeat(101), role: 'analyst' }, ['name']],
    [{ name: 'ok', role: 'admin' }, ['role']],
    [{ name: 'ok' }, ['role']],
    [{ name: 'ok', role: 'analyst', expiresAt: NOW }, ['expiresAt']],
    [{ name: 'ok', role: 'analyst', expiresAt: '2027-01-01' }, ['expiresAt']],
    [{ name: 7, role: 'owner', expiresAt: 1.5 }, ['name', 'role', 'expiresAt']],
  ])('%j: violations on %j', (input, fields) => {
    expect(apiKeyInputViolations(input, NOW).map((v) => v.field)).toEqual(fields);
  });

  it('says the role a key may not hold and why', () => {
    expect(apiKeyInputViolations({ name: 'x', role: 'admin' }, NOW)).toEqual([
      { field: 'role', message: 'role must be one of viewer, analyst (a key never administers).' },
    ]);
  });

  it.each([
    [{ revokedAt: null, expiresAt: null }, true],
    [{ revokedAt: null, expiresAt: NOW + 1 }, true],
    [{ revokedAt: null, expiresAt: NOW }, false],
    [{ revokedAt: NOW - 1, expiresAt: null }, false],
  ])('%j usable now: %s', (key, usable) => {
    expect(apiKeyUsable(key, NOW)).toBe(usable);
  });
});
