import { Injectable } from '@nestjs/common';
import type { ClientRole, DomainError, Membership, MemberStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement, type RowOf } from './read-sql';

/** A time as epoch milliseconds, with their fraction (as the memberships' reads always gave it). */
const ms = (column: string) => col('float8', `(extract(epoch FROM ${column}) * 1000)::float8`);

/** A user as a client's list shows them. */
const MEMBER_VIEW_FIELDS = {
  id: col('uuid', 'u.id'),
  email: col('text', 'u.email'),
  role: col('text', 'uc.role').as<ClientRole>(),
  status: col('text', 'uc.status').as<MemberStatus>(),
  lastSignInAt: ms('u.last_sign_in_at').orNull(),
  createdAt: ms('u.created_at'),
};
export type MemberView = RowOf<typeof MEMBER_VIEW_FIELDS>;

export interface InvitationRecord {
  /** The invited person's user id (new, or theirs already in another client). */
  userId: string;
  email: string;
  role: ClientRole;
  clientId: string;
  clientName: string;
  expiresAt: number;
}

/** A page of a client's members, by e-mail. */
export const READ_MEMBER_PAGE = readStatement(
  'membership-page',
  { clientId: scalar('text'), limit: scalar('int8'), offset: scalar('int8') },
  MEMBER_VIEW_FIELDS,
  (q, select) => `SELECT ${select} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
 WHERE uc.client_id = ${q.clientId} ORDER BY u.email LIMIT ${q.limit} OFFSET ${q.offset}`,
);

/** How many members a client has. */
export const COUNT_MEMBERS = readStatement(
  'membership-count',
  { clientId: scalar('text') },
  { total: col('int', 'count(*)::int') },
  (q, select) => `SELECT ${select} FROM user_client WHERE client_id = ${q.clientId}`,
);

/** Every member of a client, by e-mail. */
export const READ_ALL_MEMBERS = readStatement(
  'membership-all',
  { clientId: scalar('text') },
  MEMBER_VIEW_FIELDS,
  (q, select) => `SELECT ${select} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
 WHERE uc.client_id = ${q.clientId} ORDER BY u.email`,
);

/** One member of a client, by `where` on its first parameter. */
const oneMember = <P extends 'uuid' | 'text'>(name: string, type: P, where: (ref: string) => string) =>
  readStatement(
    name,
    { value: scalar(type), clientId: scalar('text') },
    MEMBER_VIEW_FIELDS,
    (q, select) => `SELECT ${select} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
 WHERE ${where(q.value)} AND uc.client_id = ${q.clientId}`,
  );
export const READ_MEMBER = oneMember('membership-member', 'uuid', (userId) => `uc.user_id = ${userId}`);
export const READ_MEMBER_BY_EMAIL = oneMember(
  'membership-member-by-email',
  'text',
  (email) => `u.email = ${email}`,
);

/** A client's name. */
export const READ_CLIENT_NAME = readStatement(
  'membership-client-name',
  { clientId: scalar('text') },
  { name: col('text', 'name') },
  (q, select) => `SELECT ${select} FROM client WHERE id = ${q.clientId}`,
);

/** A person new to the service, without a password; their name is their address until they have a profile. */
export const INSERT_INVITED_USER = hotStatement<never>()(
  'membership-insert-invited-user',
  { email: scalar('text'), clientId: scalar('text') },
  (q) => `INSERT INTO app_user (email, password_hash, name, profile, default_client_id)
VALUES (${q.email}, NULL, ${q.email}, 'Usuario', ${q.clientId}) ON CONFLICT (email) DO NOTHING`,
);

/** The person with this e-mail, locked. */
export const LOCK_USER_BY_EMAIL = readStatement(
  'membership-lock-user',
  { email: scalar('text') },
  { id: col('uuid', 'id') },
  (q, select) => `SELECT ${select} FROM app_user WHERE email = ${q.email} FOR UPDATE`,
);

/** A person's membership of a client, locked. */
export const LOCK_MEMBERSHIP = readStatement(
  'membership-lock',
  { userId: scalar('uuid'), clientId: scalar('text') },
  { role: col('text', 'role').as<ClientRole>(), status: col('text', 'status').as<MemberStatus>() },
  (q, select) =>
    `SELECT ${select} FROM user_client WHERE user_id = ${q.userId} AND client_id = ${q.clientId} FOR UPDATE`,
);

/** The membership invited with this role (made, or kept with the role changed). */
export const UPSERT_INVITED_MEMBERSHIP = hotStatement<never>()(
  'membership-upsert-invited',
  { userId: scalar('uuid'), clientId: scalar('text'), role: scalar('text') },
  (
    q,
  ) => `INSERT INTO user_client (user_id, client_id, role, status) VALUES (${q.userId}, ${q.clientId}, ${q.role}, 'invited')
ON CONFLICT (user_id, client_id) DO UPDATE SET role = EXCLUDED.role`,
);

/** A new invitation, by its token's hash. */
export const INSERT_INVITATION = hotStatement<never>()(
  'membership-insert-invitation',
  {
    tokenHash: scalar('text'),
    userId: scalar('uuid'),
    clientId: scalar('text'),
    role: scalar('text'),
    expiresAt: scalar('float8'),
  },
  (q) => `INSERT INTO user_invitation (token_hash, user_id, client_id, role, expires_at)
VALUES (${q.tokenHash}, ${q.userId}, ${q.clientId}, ${q.role}, to_timestamp(${q.expiresAt} / 1000))`,
);

/** A stored invitation as its link finds it. */
export const READ_INVITATION_BY_TOKEN = readStatement(
  'membership-invitation-by-token',
  { tokenHash: scalar('text') },
  {
    userId: col('uuid', 'i.user_id'),
    email: col('text', 'u.email'),
    clientId: col('text', 'i.client_id'),
    usedAt: ms('i.used_at').orNull(),
    expiresAt: ms('i.expires_at'),
    /** The membership's status now (an admin may have disabled it since). */
    memberStatus: col('text', 'uc.status').as<MemberStatus>(),
  },
  (q, select) => `SELECT ${select}
  FROM user_invitation i JOIN app_user u ON u.id = i.user_id
  JOIN user_client uc ON uc.user_id = i.user_id AND uc.client_id = i.client_id
 WHERE i.token_hash = ${q.tokenHash}`,
);
export type InvitationByToken = RowOf<typeof READ_INVITATION_BY_TOKEN.fields>;

/** An invitation used, if it is unused, unexpired and its membership still invited. */
export const USE_INVITATION = readStatement(
  'membership-use-invitation',
  { tokenHash: scalar('text') },
  {
    userId: col('uuid', 'user_id'),
    clientId: col('text', 'client_id'),
    role: col('text', 'role').as<ClientRole>(),
  },
  (q, select) => `UPDATE user_invitation i SET used_at = now()
 WHERE token_hash = ${q.tokenHash} AND used_at IS NULL AND expires_at > now()
   AND EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = i.user_id AND uc.client_id = i.client_id
                AND uc.status = 'invited')
 RETURNING ${select}`,
);

/** An invited membership made active with the invited role. */
export const ACTIVATE_MEMBERSHIP = hotStatement<never>()(
  'membership-activate',
  { userId: scalar('uuid'), clientId: scalar('text'), role: scalar('text') },
  (q) =>
    `UPDATE user_client SET status = 'active', role = ${q.role} WHERE user_id = ${q.userId} AND client_id = ${q.clientId}`,
);

/**
 * The password a person chose on accepting; a person new to the service gets this client as
 * default, one with other clients keeps theirs.
 */
export const SET_PASSWORD_AND_DEFAULT_CLIENT = hotStatement<never>()(
  'membership-set-password-and-default-client',
  { userId: scalar('uuid'), passwordHash: scalar('text'), clientId: scalar('text') },
  (q) => `UPDATE app_user u SET password_hash = ${q.passwordHash},
       default_client_id = CASE WHEN EXISTS (
         SELECT 1 FROM user_client uc WHERE uc.user_id = u.id AND uc.client_id = u.default_client_id
            AND uc.status = 'active') THEN u.default_client_id ELSE ${q.clientId} END
 WHERE id = ${q.userId}`,
);

/** Every membership of a client, locked (in one order, so two changes wait instead of deadlocking). */
export const LOCK_CLIENT_MEMBERSHIPS = readStatement(
  'membership-lock-client',
  { clientId: scalar('text') },
  {
    userId: col('uuid', 'user_id'),
    role: col('text', 'role').as<ClientRole>(),
    status: col('text', 'status').as<MemberStatus>(),
  },
  (q, select) =>
    `SELECT ${select} FROM user_client WHERE client_id = ${q.clientId} ORDER BY user_id FOR UPDATE`,
);

/** A membership's role or status changed (null: kept). */
export const CHANGE_MEMBERSHIP = hotStatement<never>()(
  'membership-change',
  { userId: scalar('uuid'), clientId: scalar('text'), role: scalar('text'), status: scalar('text') },
  (q) => `UPDATE user_client SET role = COALESCE(${q.role}, role), status = COALESCE(${q.status}, status)
 WHERE user_id = ${q.userId} AND client_id = ${q.clientId}`,
);

/** Every membership of a person disabled; the clients whose membership changed come back. */
export const DISABLE_MEMBERSHIPS = readStatement(
  'membership-disable-everywhere',
  { userId: scalar('uuid') },
  { clientId: col('text', 'client_id') },
  (q, select) =>
    `UPDATE user_client SET status = 'disabled' WHERE user_id = ${q.userId} AND status <> 'disabled' RETURNING ${select}`,
);

/** The clients a person is a member of, in any status. */
export const READ_CLIENTS_OF_USER = readStatement(
  'membership-clients-of-user',
  { userId: scalar('uuid') },
  { clientId: col('text', 'client_id') },
  (q, select) => `SELECT ${select} FROM user_client WHERE user_id = ${q.userId} ORDER BY client_id`,
);

/** Every open invitation of a person ends. */
export const RETIRE_ALL_INVITATIONS = hotStatement<never>()(
  'membership-retire-all-invitations',
  { userId: scalar('uuid') },
  (q) => `UPDATE user_invitation SET used_at = now() WHERE user_id = ${q.userId} AND used_at IS NULL`,
);

/** The open invitations of a person to a client end (a new one replaces them, or the member is disabled). */
export const RETIRE_INVITATIONS = hotStatement<never>()(
  'membership-retire-invitations',
  { userId: scalar('uuid'), clientId: scalar('text') },
  (q) =>
    `UPDATE user_invitation SET used_at = now() WHERE user_id = ${q.userId} AND client_id = ${q.clientId} AND used_at IS NULL`,
);

/** Every live session of a person revoked, saying why; their ids come back. */
export const END_SESSIONS = readStatement(
  'membership-end-sessions',
  { userId: scalar('uuid'), reason: scalar('text') },
  { id: col('uuid', 'id') },
  (q, select) => `UPDATE auth_session SET revoked_at = now(), revoked_reason = ${q.reason}
 WHERE user_id = ${q.userId} AND revoked_at IS NULL RETURNING ${select}`,
);

/**
 * A client's people (docs/behaviour.md, "Users"): memberships with their role and status,
 * invitations. The rules (who may be invited, which change leaves a client without an admin) are
 * the domain's: each method that changes a membership takes them as `decide` and runs them inside
 * its transaction, on rows it has locked, so that two admins acting at once cannot both pass.
 */
@Injectable()
export class MembershipRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(
    clientId: string,
    limit: number,
    offset: number,
  ): Promise<{ data: MemberView[]; total: number }> {
    const [data, [{ total }]] = await Promise.all([
      READ_MEMBER_PAGE.query(this.dataSource, { clientId, limit, offset }),
      COUNT_MEMBERS.query(this.dataSource, { clientId }),
    ]);
    return { data, total };
  }

  /** Every member of a client, by e-mail (the operator's list). */
  all(clientId: string): Promise<MemberView[]> {
    return READ_ALL_MEMBERS.query(this.dataSource, { clientId });
  }

  async member(userId: string, clientId: string): Promise<MemberView | null> {
    const [row] = await READ_MEMBER.query(this.dataSource, { value: userId, clientId });
    return row ?? null;
  }

  async memberByEmail(email: string, clientId: string): Promise<MemberView | null> {
    const [row] = await READ_MEMBER_BY_EMAIL.query(this.dataSource, { value: email, clientId });
    return row ?? null;
  }

  async clientName(clientId: string): Promise<string | null> {
    const [row] = await READ_CLIENT_NAME.query(this.dataSource, { clientId });
    return row?.name ?? null;
  }

  /**
   * Invites `email` to a client with `role`: creates the user when the e-mail is new (no password
   * until they accept), makes the membership `invited` (an invitation sent before stops working),
   * and keeps the new link's token hash. `decide` sees the membership held now, if any, and may
   * refuse (a member already). Null when the client does not exist.
   */
  async invite(
    invitation: { email: string; clientId: string; role: ClientRole; tokenHash: string; expiresAt: number },
    decide: (existing: Membership | null) => DomainError | null,
  ): Promise<InvitationRecord | null> {
    return this.dataSource.transaction(async (tx) => {
      const { email, clientId, role } = invitation;
      const [client] = await READ_CLIENT_NAME.query(tx, { clientId });
      if (!client) return null;
      // A new person's name is their address until they have a profile of their own.
      await INSERT_INVITED_USER.query(tx, { email, clientId });
      const [user] = await LOCK_USER_BY_EMAIL.query(tx, { email });
      const [existing] = await LOCK_MEMBERSHIP.query(tx, { userId: user.id, clientId });
      const refusal = decide(existing ?? null);
      if (refusal) throw refusal;
      await UPSERT_INVITED_MEMBERSHIP.query(tx, { userId: user.id, clientId, role });
      await RETIRE_INVITATIONS.query(tx, { userId: user.id, clientId });
      await INSERT_INVITATION.query(tx, {
        tokenHash: invitation.tokenHash,
        userId: user.id,
        clientId,
        role,
        expiresAt: invitation.expiresAt,
      });
      return {
        userId: user.id,
        email: invitation.email,
        role: invitation.role,
        clientId: invitation.clientId,
        clientName: client.name,
        expiresAt: invitation.expiresAt,
      };
    });
  }

  async invitationByToken(tokenHash: string): Promise<InvitationByToken | null> {
    const [row] = await READ_INVITATION_BY_TOKEN.query(this.dataSource, { tokenHash });
    return row ?? null;
  }

  /**
   * Accepts an invitation: the membership becomes active with the invited role and the person's
   * password is the one they chose. Conditional on the link being unused, unexpired and the
   * membership still invited, so two acceptances of one link make one. The user's id, or null
   * when the link no longer works.
   */
  async accept(tokenHash: string, passwordHash: string): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      const [used] = await USE_INVITATION.query(tx, { tokenHash });
      if (!used) return null;
      await ACTIVATE_MEMBERSHIP.query(tx, used);
      // A person new to the service gets this client as default; one with other clients keeps theirs.
      await SET_PASSWORD_AND_DEFAULT_CLIENT.query(tx, {
        userId: used.userId,
        passwordHash,
        clientId: used.clientId,
      });
      return used.userId;
    });
  }

  /**
   * Changes a member's role or status. `decide` sees the membership and how many other active
   * admins the client has (its memberships locked meanwhile) and may refuse. Disabling ends the
   * user's sessions and any invitation still open: the ids of the sessions ended come back.
   * Null when the user is not a member of the client.
   */
  async change(
    userId: string,
    clientId: string,
    change: { role?: ClientRole; status?: 'active' | 'disabled' },
    decide: (current: Membership, otherActiveAdmins: number) => DomainError | null,
  ): Promise<{ member: MemberView; endedSessions: string[] } | null> {
    return this.dataSource.transaction(async (tx) => {
      const members = await LOCK_CLIENT_MEMBERSHIPS.query(tx, { clientId });
      const current = members.find((m) => m.userId === userId);
      if (!current) return null;
      const otherActiveAdmins = members.filter(
        (m) => m.userId !== userId && m.status === 'active' && m.role === 'admin',
      ).length;
      const refusal = decide({ role: current.role, status: current.status }, otherActiveAdmins);
      if (refusal) throw refusal;
      await CHANGE_MEMBERSHIP.query(tx, {
        userId,
        clientId,
        role: change.role ?? null,
        status: change.status ?? null,
      });
      let endedSessions: string[] = [];
      if (change.status === 'disabled' && current.status !== 'disabled') {
        await RETIRE_INVITATIONS.query(tx, { userId, clientId });
        endedSessions = await endSessions(tx, userId, 'user disabled');
      }
      const [member] = await READ_MEMBER.query(tx, { value: userId, clientId });
      return { member, endedSessions };
    });
  }

  /**
   * The operator's `user:disable`: every membership of the person disabled, their sessions and open
   * invitations ended. Null for an unknown e-mail; `changed` false when all were disabled already.
   */
  async disableEverywhere(
    email: string,
  ): Promise<{ userId: string; clientIds: string[]; changed: boolean; endedSessions: string[] } | null> {
    return this.dataSource.transaction(async (tx) => {
      const [user] = await LOCK_USER_BY_EMAIL.query(tx, { email });
      if (!user) return null;
      const changed = await DISABLE_MEMBERSHIPS.query(tx, { userId: user.id });
      const all = await READ_CLIENTS_OF_USER.query(tx, { userId: user.id });
      await RETIRE_ALL_INVITATIONS.query(tx, { userId: user.id });
      const endedSessions = await endSessions(tx, user.id, 'user disabled');
      return {
        userId: user.id,
        clientIds: all.map((row) => row.clientId),
        changed: changed.length > 0,
        endedSessions,
      };
    });
  }
}

/** Revokes every live session of a user; their ids come back (for the caches that hold them). */
export async function endSessions(tx: SqlExecutor, userId: string, reason: string): Promise<string[]> {
  const rows = await END_SESSIONS.query(tx, { userId, reason });
  return rows.map((row) => row.id);
}
