import { AccessTokens, bearerToken, VerifiedClaims } from './access-tokens';
import type { SessionAuthority } from './session-authority';

const claims = (extra: Partial<VerifiedClaims> = {}): VerifiedClaims =>
  ({ sub: 'u1', sid: 's1', client: 'acme', clients: ['acme'], ...extra }) as VerifiedClaims;
const grant = {
  userId: 'u1',
  client: 'acme',
  clients: ['acme'],
  roles: { acme: 'analyst' },
  email: 'u1@acme.test',
};
const now = () => Math.floor(Date.now() / 1000);

function tokens(confirm: SessionAuthority['confirm'] = () => Promise.resolve(grant as never)) {
  return new AccessTokens({ confirm });
}

describe('AccessTokens', () => {
  it('knows a remembered token until it expires, then forgets it', () => {
    const memo = tokens();
    memo.remember('live', claims({ exp: now() + 60 }));
    memo.remember('expired', claims({ exp: now() }));
    memo.remember('not-yet', claims({ nbf: now() + 60 }));
    expect(memo.knownClaims('live')).toEqual(expect.objectContaining({ sid: 's1' }));
    expect(memo.knownClaims('expired')).toBeNull();
    expect(memo.knownClaims('not-yet')).toBeNull();
    expect(memo.knownClaims('never-seen')).toBeNull();
  });

  it('treats time limits of the wrong type as failing, as jsonwebtoken does', () => {
    const memo = tokens();
    memo.remember('odd-exp', claims({ exp: 'soon' }));
    memo.remember('odd-nbf', claims({ nbf: 'now' }));
    expect(memo.knownClaims('odd-exp')).toBeNull();
    expect(memo.knownClaims('odd-nbf')).toBeNull();
  });

  it('keeps at most 10,000 tokens, dropping the oldest first', () => {
    const memo = tokens();
    for (let i = 0; i <= 10_000; i++) memo.remember(`t${i}`, claims());
    expect(memo.knownClaims('t0')).toBeNull();
    expect(memo.knownClaims('t1')).not.toBeNull();
    expect(memo.knownClaims('t10000')).not.toBeNull();
  });

  it('answers the user of claims its session still grants, and null otherwise', async () => {
    const { email: _email, ...granted } = grant;
    await expect(tokens().userFor(claims())).resolves.toEqual({
      ...granted,
      sessionId: 's1',
      actor: { type: 'user', id: 'u1', email: 'u1@acme.test' },
    });
    await expect(tokens(() => Promise.resolve(null)).userFor(claims())).resolves.toBeNull();
    await expect(tokens().userFor(claims({ sid: '' }))).resolves.toBeNull();
    await expect(tokens().userFor(claims({ clients: 'acme' as never }))).resolves.toBeNull();
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER   abc', 'abc'],
    ['Basic abc', null],
    ['Bearer', null],
    [undefined, null],
    [['Bearer abc'], null],
  ])('%j -> %j', (header, token) => {
    expect(bearerToken(header as string | string[] | undefined)).toBe(token);
  });
});
