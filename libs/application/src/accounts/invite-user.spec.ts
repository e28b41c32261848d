import { ConflictError, Membership, oneTimeTokenHash } from '@app/domain';
import type { MembershipRepository } from '@app/persistence';
import type { OutgoingMail } from '@app/platform';
import { InviteUser } from './invite-user';

const NOW = Date.UTC(2026, 10, 28, 18);

function setUp(existing: Membership | null, clientExists = true) {
  const stored: Array<Parameters<MembershipRepository['invite']>[0]> = [];
  const memberships: Pick<MembershipRepository, 'invite'> = {
    async invite(invitation, decide) {
      stored.push(invitation);
      const refusal = decide(existing);
      if (refusal) throw refusal;
      if (!clientExists) return null;
      return {
        userId: 'u-7',
        email: invitation.email,
        role: invitation.role,
        clientId: invitation.clientId,
        clientName: 'Acme RH',
        expiresAt: invitation.expiresAt,
      };
    },
  };
  const sent: OutgoingMail[] = [];
  const mailer = { send: async (mail: OutgoingMail) => (sent.push(mail), { sent: true as const }) };
  return { inviter: new InviteUser(memberships, mailer, 'https://rh.example.com/', () => NOW), stored, sent };
}

describe('InviteUser', () => {
  it('keeps only the hash of a 7-day link and mails the link, in Spanish, to the address lower-cased', async () => {
    const { inviter, stored, sent } = setUp(null);
    const result = await inviter.invite({ clientId: 'acme', email: '  Ana@Acme.TEST ', role: 'viewer' });
    const token = /\/invitations\/([A-Za-z0-9_-]{43})$/.exec(result!.link)![1];
    expect(result!.link).toBe(`https://rh.example.com/invitations/${token}`);
    expect(stored).toEqual([
      {
        email: 'ana@acme.test',
        clientId: 'acme',
        role: 'viewer',
        tokenHash: oneTimeTokenHash(token),
        expiresAt: NOW + 7 * 86_400_000,
      },
    ]);
    expect(await result!.mail).toEqual({ sent: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ana@acme.test', subject: 'Invitación a Acme RH' });
    expect(sent[0].text).toContain(result!.link);
  });

  it('invites someone invited again, and refuses a member, through the domain rule', async () => {
    expect(
      await setUp({ role: 'viewer', status: 'invited' }).inviter.invite({
        clientId: 'acme',
        email: 'a@b.mx',
        role: 'admin',
      }),
    ).not.toBeNull();
    await expect(
      setUp({ role: 'viewer', status: 'active' }).inviter.invite({
        clientId: 'acme',
        email: 'a@b.mx',
        role: 'admin',
      }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('sends nothing for a client that does not exist', async () => {
    const { inviter, sent } = setUp(null, false);
    expect(await inviter.invite({ clientId: 'nope', email: 'a@b.mx', role: 'admin' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
