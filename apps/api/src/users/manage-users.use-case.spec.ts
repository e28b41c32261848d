import { ConflictError, ForbiddenError, Membership, NotFoundError } from '@app/domain';
import type { SentInvitation } from '@app/application';
import type { MemberView, MembershipRepository } from '@app/persistence';
import type { MailOutcome } from '@app/platform';
import { ACME, testUser } from '../auth/test-users.fixture';
import { ManageUsersUseCase } from './manage-users.use-case';

const USER_ID = '3f0c9a4e-2d1b-4c7e-9f6a-1b2c3d4e5f60';
const MEMBER: MemberView = {
  id: USER_ID,
  email: 'ana@acme.test',
  role: 'analyst',
  status: 'active',
  lastSignInAt: null,
  createdAt: 1,
};

/** The repository as the use case sees it: the change runs the rule it is given on what it holds. */
function setUp(
  held: { membership: Membership; otherAdmins: number } | null,
  mail: MailOutcome = { sent: true },
) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const memberships = {
    page: async (...args: unknown[]) => {
      calls.push({ method: 'page', args });
      return { data: [MEMBER], total: 41 };
    },
    change: async (
      userId: string,
      clientId: string,
      change: unknown,
      decide: (m: Membership, n: number) => unknown,
    ) => {
      calls.push({ method: 'change', args: [userId, clientId, change] });
      if (!held) return null;
      const refusal = decide(held.membership, held.otherAdmins);
      if (refusal) throw refusal;
      return { member: { ...MEMBER, ...(change as object) }, endedSessions: ['s-9', 's-10'] };
    },
  } as unknown as MembershipRepository;
  const inviter = {
    invite: async (request: { clientId: string; email: string }): Promise<SentInvitation | null> =>
      request.clientId === 'gone'
        ? null
        : {
            invitation: {
              userId: USER_ID,
              email: request.email.toLowerCase(),
              role: 'viewer',
              clientId: request.clientId,
              clientName: 'Acme',
              expiresAt: 99,
            },
            link: 'https://app/invitations/t',
            mail: Promise.resolve(mail),
          },
  };
  const revoked: string[] = [];
  const warnings: string[] = [];
  const useCase = new ManageUsersUseCase(
    memberships,
    inviter as never,
    { markRevoked: (id: string) => revoked.push(id) },
    { warn: (message: string) => warnings.push(message) },
  );
  return { useCase, calls, revoked, warnings };
}

describe('ManageUsersUseCase', () => {
  it("pages the users of the caller's client, or of another client it administers", async () => {
    const { useCase, calls } = setUp(null);
    expect(await useCase.list(ACME, { page: 3, limit: 20 })).toEqual({
      data: [MEMBER],
      page: 3,
      limit: 20,
      total: 41,
    });
    expect(calls[0].args).toEqual(['acme', 20, 40]);
    const multi = testUser({ userId: 'u', client: 'acme', clients: ['acme', 'globex'], sessionId: 's' });
    await useCase.list(multi, { page: 1, limit: 5, clientId: 'globex' });
    expect(calls[1].args).toEqual(['globex', 5, 0]);
    await expect(useCase.list(ACME, { page: 1, limit: 5, clientId: 'globex' })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('answers an invitation without its link, and logs a mail that could not go without the link', async () => {
    const { useCase, warnings } = setUp(null, { sent: false, reason: 'connection refused' });
    const answer = await useCase.invite(ACME, { email: 'Ana@Acme.test', role: 'viewer' });
    expect(answer).toEqual({
      id: USER_ID,
      email: 'ana@acme.test',
      role: 'viewer',
      status: 'invited',
      expiresAt: 99,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(warnings).toEqual([
      `The invitation of user ${USER_ID} to acme was not mailed: connection refused.`,
    ]);
    expect(warnings.join()).not.toContain('invitations/t');
  });

  it('ends the sessions a disabling ended, in this process at once', async () => {
    const { useCase, revoked, calls } = setUp({
      membership: { role: 'analyst', status: 'active' },
      otherAdmins: 1,
    });
    const answer = await useCase.change(ACME, USER_ID, { status: 'disabled' });
    expect(answer.status).toBe('disabled');
    expect(calls[0].args).toEqual([USER_ID, 'acme', { role: undefined, status: 'disabled' }]);
    expect(revoked).toEqual(['s-9', 's-10']);
  });

  it('refuses, through the domain rule, to leave a client without an active admin', async () => {
    const { useCase, revoked } = setUp({ membership: { role: 'admin', status: 'active' }, otherAdmins: 0 });
    await expect(useCase.change(ACME, USER_ID, { role: 'viewer' })).rejects.toBeInstanceOf(ConflictError);
    expect(revoked).toEqual([]);
  });

  it('answers 404 for an id that is no uuid or no member of the client', async () => {
    const { useCase, calls } = setUp(null);
    await expect(useCase.change(ACME, 'not-a-uuid', { role: 'viewer' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(calls).toEqual([]);
    await expect(useCase.change(ACME, USER_ID, { role: 'viewer' })).rejects.toBeInstanceOf(NotFoundError);
  });
});
