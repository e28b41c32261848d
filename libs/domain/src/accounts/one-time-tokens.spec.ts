import {
  looksLikeOneTimeToken,
  newOneTimeToken,
  ONE_TIME_TOKEN_TTL_MS,
  oneTimeLink,
  oneTimeTokenHash,
  oneTimeTokenState,
} from './one-time-tokens';

const NOW = Date.UTC(2026, 10, 28, 12);

describe('one-time tokens', () => {
  it('makes 32 random bytes in base64url, keeps their SHA-256 and an expiry by kind', () => {
    const invitation = newOneTimeToken('invitation', NOW, () => Buffer.alloc(32, 7));
    expect(invitation.token).toBe(Buffer.alloc(32, 7).toString('base64url'));
    expect(invitation.hash).toBe(oneTimeTokenHash(invitation.token));
    expect(invitation.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation.expiresAt).toBe(NOW + 7 * 86_400_000);
    expect(newOneTimeToken('password-reset', NOW).expiresAt).toBe(NOW + 3_600_000);
    expect(ONE_TIME_TOKEN_TTL_MS['password-reset']).toBe(60 * 60_000);
    expect(newOneTimeToken('invitation', NOW).token).not.toBe(newOneTimeToken('invitation', NOW).token);
  });

  it('recognises the shape it issues and nothing else', () => {
    expect(looksLikeOneTimeToken(newOneTimeToken('invitation', NOW).token)).toBe(true);
    expect(looksLikeOneTimeToken('a'.repeat(42))).toBe(false);
    expect(looksLikeOneTimeToken('a'.repeat(44))).toBe(false);
    expect(looksLikeOneTimeToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('builds links under PUBLIC_URL without doubling its slash', () => {
    expect(oneTimeLink('https://app.example.com', 'invitation', 'T')).toBe(
      'https://app.example.com/invitations/T',
    );
    expect(oneTimeLink('https://app.example.com/rh/', 'password-reset', 'T')).toBe(
      'https://app.example.com/rh/password-resets/T',
    );
  });

  it.each([
    [{ usedAt: null, expiresAt: NOW + 1 }, 'usable'],
    [{ usedAt: null, expiresAt: NOW }, 'expired'],
    [{ usedAt: NOW - 5, expiresAt: NOW + 1 }, 'used'],
    [{ usedAt: NOW - 5, expiresAt: NOW - 1 }, 'used'],
  ] as const)('%p is %s', (token, state) => {
    expect(oneTimeTokenState(token, NOW)).toBe(state);
  });
});
