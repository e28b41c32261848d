import {
  ClientRole,
  invitationMail,
  invitationRefusal,
  newOneTimeToken,
  normalisedEmail,
  oneTimeLink,
} from '@app/domain';
import type { InvitationRecord, MembershipRepository } from '@app/persistence';
import type { MailOutcome, Mailer } from '@app/platform';

export interface SentInvitation {
  invitation: InvitationRecord;
  /** `<PUBLIC_URL>/invitations/<token>`: the only place the token exists besides the mail. */
  link: string;
  /** The mail's fate; the api does not wait for it, the operator's command does. */
  mail: Promise<MailOutcome>;
}

/**
 * Invites a person to a client with a role (docs/behaviour.md, "Users"), for an admin through the
 * api and for the operator's `npm run admin -- user:invite`: the membership is `invited`, a link
 * that works for 7 days is mailed in Spanish, and a link sent before stops working.
 */
export class InviteUser {
  constructor(
    private readonly memberships: Pick<MembershipRepository, 'invite'>,
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when the client does not exist; throws the domain's refusal for a member already. */
  async invite(request: {
    clientId: string;
    email: string;
    role: ClientRole;
  }): Promise<SentInvitation | null> {
    const email = normalisedEmail(request.email);
    const token = newOneTimeToken('invitation', this.now());
    const invitation = await this.memberships.invite(
      {
        email,
        clientId: request.clientId,
        role: request.role,
        tokenHash: token.hash,
        expiresAt: token.expiresAt,
      },
      (existing) => invitationRefusal(existing, email),
    );
    if (!invitation) return null;
    const link = oneTimeLink(this.publicUrl, 'invitation', token.token);
    const mail = this.mailer.send({
      to: email,
      ...invitationMail({
        clientName: invitation.clientName,
        role: invitation.role,
        link,
        expiresAt: invitation.expiresAt,
      }),
    });
    return { invitation, link, mail };
  }
}
