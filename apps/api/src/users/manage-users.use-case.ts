import { ClientRole, membershipChangeRefusal, NotFoundError, offsetOf } from '@app/domain';
import type { InviteUser } from '@app/application';
import type { MembershipRepository } from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';
import { actingClient } from '../auth/acting-client';
import type { SessionAuthority } from '../auth/session-authority';
import { isUuid } from '../screening/read-requests.use-case';
import type { InvitationDto, UserDto, UserPageDto } from './dto/users.dto';

/** Which page of a client's people (`page`, `limit` already numbers). */
export interface UsersQuery {
  clientId?: string;
  page: number;
  limit: number;
}

/** Whom to invite, with which role, into which client (the default one without `clientId`). */
export interface InviteUserCommand {
  email: string;
  role: string;
  clientId?: string;
}

/** A member's new role or status in the client (either or both). */
export interface UpdateUserCommand {
  role?: string;
  status?: string;
}

const USER_NOT_FOUND = 'User not found in this client.';

/** The one log line of this use case: a mail that could not be sent (wired to a Nest Logger). */
export interface WarningLog {
  warn(message: string): void;
}

/**
 * A client's people, managed by its admins (the role guard lets no one else, and no API key, in):
 * the list, invitations mailed with their link, role changes and disabling (which ends the user's
 * sessions at once here, within seconds elsewhere).
 */
export class ManageUsersUseCase {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly inviter: InviteUser,
    private readonly sessions: Pick<SessionAuthority, 'markRevoked'>,
    private readonly log: WarningLog,
  ) {}

  async list(user: AuthUser, query: UsersQuery): Promise<UserPageDto> {
    const clientId = actingClient(user, query.clientId);
    const { data, total } = await this.memberships.page(
      clientId,
      query.limit,
      offsetOf(query.page, query.limit),
    );
    return { data, page: query.page, limit: query.limit, total };
  }

  async invite(user: AuthUser, body: InviteUserCommand): Promise<InvitationDto> {
    const clientId = actingClient(user, body.clientId);
    const sent = await this.inviter.invite({ clientId, email: body.email, role: body.role as ClientRole });
    if (!sent) throw new NotFoundError(`Client ${clientId} not found.`);
    // The answer does not wait for the mail server; a mail that cannot go is said in the log
    // (without the link: whoever reads logs must not be able to accept it), and inviting again
    // sends a new link.
    void sent.mail.then((outcome) => {
      if (!outcome.sent)
        this.log.warn(
          `The invitation of user ${sent.invitation.userId} to ${clientId} was not mailed: ${outcome.reason}.`,
        );
    });
    const { invitation } = sent;
    return {
      id: invitation.userId,
      email: invitation.email,
      role: invitation.role,
      status: 'invited',
      expiresAt: invitation.expiresAt,
    };
  }

  /** Another client's user, or an unknown id, answers 404. */
  async change(
    user: AuthUser,
    id: string,
    body: UpdateUserCommand,
    clientIdNamed?: string,
  ): Promise<UserDto> {
    const clientId = actingClient(user, clientIdNamed);
    if (!isUuid(id)) throw new NotFoundError(USER_NOT_FOUND);
    const change = {
      role: body.role as ClientRole | undefined,
      status: body.status as 'active' | 'disabled' | undefined,
    };
    const changed = await this.memberships.change(id, clientId, change, (current, otherActiveAdmins) =>
      membershipChangeRefusal(current, change, otherActiveAdmins),
    );
    if (!changed) throw new NotFoundError(USER_NOT_FOUND);
    for (const session of changed.endedSessions) this.sessions.markRevoked(session);
    return changed.member;
  }
}
