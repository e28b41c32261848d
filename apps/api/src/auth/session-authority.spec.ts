// A Nest provider constructed directly: stub decorators, and the persistence barrel (which loads Nest)
// replaced by the one name the class refers to at run time.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/persistence', () => ({ AuthSessionRepository: class {} }));

import type { AuthSessionRepository, SessionGrant } from '@app/persistence';
import { SESSION_CACHE_MS, SessionAuthority } from './session-authority';
import { manualClock } from '@app/domain/manual-clock.fixture';

const GRANT: SessionGrant = {
  userId: 'u-1',
  client: 'acme',
  clients: ['acme', 'globex'],
  roles: { acme: 'admin', globex: 'viewer' },
  email: 'u1@acme.test',
};
const CLAIMS = { sub: 'u-1', client: 'acme', clients: ['acme', 'globex'], sid: 's-1' };

/** The sessions table in memory: active grants by session id; counts the reads. */
class InMemorySessions {
  readonly grants = new Map<string, SessionGrant>([['s-1', GRANT]]);
  reads = 0;

  async findActiveSessionGrant(sessionId: string): Promise<SessionGrant | null> {
    this.reads += 1;
    return this.grants.get(sessionId) ?? null;
  }
}

function setup() {
  const sessions = new InMemorySessions();
  const authority = new SessionAuthority(sessions as unknown as AuthSessionRepository);
  const clock = manualClock();
  authority.now = clock.now;
  return { sessions, authority, advance: clock.advance };
}

describe('SessionAuthority', () => {
  it('confirms matching claims and reads the session once while its answer is fresh', async () => {
    const { sessions, authority, advance } = setup();
    expect(await authority.confirm(CLAIMS)).toEqual(GRANT);
    advance(SESSION_CACHE_MS - 1);
    expect(await authority.confirm(CLAIMS)).toEqual(GRANT);
    expect(sessions.reads).toBe(1);
  });

  it('sees a revocation made elsewhere once its remembered answer is SESSION_CACHE_MS old, not before', async () => {
    const { sessions, authority, advance } = setup();
    await authority.confirm(CLAIMS);
    sessions.grants.delete('s-1'); // signed out through another api instance
    advance(SESSION_CACHE_MS - 1);
    expect(await authority.confirm(CLAIMS)).toEqual(GRANT); // stale, within the contract's bound
    advance(1);
    expect(await authority.confirm(CLAIMS)).toBeNull();
    expect(sessions.reads).toBe(2);
  });

  it('refuses a session this process revoked at once, without asking the database', async () => {
    const { sessions, authority } = setup();
    await authority.confirm(CLAIMS);
    authority.markRevoked('s-1');
    expect(await authority.confirm(CLAIMS)).toBeNull();
    expect(sessions.reads).toBe(1);
  });

  it.each([
    ['another user', { sub: 'u-2' }],
    ['another default client', { client: 'globex' }],
    ['other clients', { clients: ['acme'] }],
    ['the clients in another order', { clients: ['globex', 'acme'] }],
  ])('refuses a token whose claims name %s than its session', async (_what, change) => {
    const { authority } = setup();
    expect(await authority.confirm({ ...CLAIMS, ...change })).toBeNull();
  });

  it('remembers an unknown session as refused, and asks again once that answer is old', async () => {
    const { sessions, authority, advance } = setup();
    const claims = { ...CLAIMS, sid: 's-new' };
    expect(await authority.confirm(claims)).toBeNull();
    sessions.grants.set('s-new', GRANT);
    expect(await authority.confirm(claims)).toBeNull();
    advance(SESSION_CACHE_MS);
    expect(await authority.confirm(claims)).toEqual(GRANT);
  });
});
