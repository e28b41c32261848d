import { Injectable } from '@nestjs/common';
import type { ClientRole, DomainError, Membership, MemberStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { queryRows, SqlExecutor } from './executor';

/** A user as a client's list shows them. */
export interface MemberView {
  id: string;
  email: string;
  role: ClientRole;
  status: MemberStatus;
  lastSignInAt: number | null;
  createdAt: number;
}

export interface InvitationRecord {
  /** The invited person's user id (new, or theirs already in another client). */
  userId: string;
  email: string;
  role: ClientRole;
  clientId: string;
  clientName: string;
  expiresAt: number;
}

/** A stored invitation as its link finds it. */
export interface InvitationByToken {
  userId: string;
  email: string;
  clientId: string;
  usedAt: number | null;
  expiresAt: number;
  /** The membership's status now (an admin may have disabled it since). */
  memberStatus: MemberStatus;
}

const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

const MEMBER_VIEW = `u.id, u.email, uc.role, uc.status,
  ${MS('u.last_sign_in_at')} AS "lastSignInAt", ${MS('u.created_at')} AS "createdAt"`;

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
      queryRows<MemberView>(
        this.dataSource,
        `SELECT ${MEMBER_VIEW} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
          WHERE uc.client_id = $1 ORDER BY u.email LIMIT $2 OFFSET $3`,
        [clientId, limit, offset],
      ),
      queryRows<{ total: number }>(
        this.dataSource,
        `SELECT count(*)::int AS total FROM user_client WHERE client_id = $1`,
        [clientId],
      ),
    ]);
    return { data, total };
  }

  /** Every member of a client, by e-mail (the operator's list). */
  all(clientId: string): Promise<MemberView[]> {
    return queryRows<MemberView>(
      this.dataSource,
      `SELECT ${MEMBER_VIEW} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
        WHERE uc.client_id = $1 ORDER BY u.email`,
      [clientId],
    );
  }

  member(userId: string, clientId: string): Promise<MemberView | null> {
    return this.findMember('uc.user_id = $1', userId, clientId);
  }

  memberByEmail(email: string, clientId: string): Promise<MemberView | null> {
    return this.findMember('u.email = $1', email, clientId);
  }

  private async findMember(who: string, value: string, clientId: string): Promise<MemberView | null> {
    const [row] = await queryRows<MemberView>(
      this.dataSource,
      `SELECT ${MEMBER_VIEW} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
        WHERE ${who} AND uc.client_id = $2`,
      [value, clientId],
    );
    return row ?? null;
  }

  async clientName(clientId: string): Promise<string | null> {
    const [row] = await queryRows<{ name: string }>(
      this.dataSource,
      `SELECT name FROM client WHERE id = $1`,
      [clientId],
    );
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
      const [client] = await queryRows<{ name: string }>(tx, `SELECT name FROM client WHERE id = $1`, [
        invitation.clientId,
      ]);
      if (!client) return null;
      // A new person's name is their address until they have a profile of their own.
      await tx.query(
        `INSERT INTO app_user (email, password_hash, name, profile, default_client_id)
         VALUES ($1, NULL, $1, 'Usuario', $2) ON CONFLICT (email) DO NOTHING`,
        [invitation.email, invitation.clientId],
      );
      const [user] = await queryRows<{ id: string }>(
        tx,
        `SELECT id FROM app_user WHERE email = $1 FOR UPDATE`,
        [invitation.email],
      );
      const [existing] = await queryRows<Membership>(
        tx,
        `SELECT role, status FROM user_client WHERE user_id = $1 AND client_id = $2 FOR UPDATE`,
        [user.id, invitation.clientId],
      );
      const refusal = decide(existing ?? null);
      if (refusal) throw refusal;
      await tx.query(
        `INSERT INTO user_client (user_id, client_id, role, status) VALUES ($1, $2, $3, 'invited')
         ON CONFLICT (user_id, client_id) DO UPDATE SET role = EXCLUDED.role`,
        [user.id, invitation.clientId, invitation.role],
      );
      await retireInvitations(tx, user.id, invitation.clientId);
      await tx.query(
        `INSERT INTO user_invitation (token_hash, user_id, client_id, role, expires_at)
         VALUES ($1, $2, $3, $4, to_timestamp($5::float8 / 1000))`,
        [invitation.tokenHash, user.id, invitation.clientId, invitation.role, invitation.expiresAt],
      );
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
    const [row] = await queryRows<InvitationByToken>(
      this.dataSource,
      `SELECT i.user_id AS "userId", u.email, i.client_id AS "clientId", ${MS('i.used_at')} AS "usedAt",
              ${MS('i.expires_at')} AS "expiresAt", uc.status AS "memberStatus"
         FROM user_invitation i JOIN app_user u ON u.id = i.user_id
         JOIN user_client uc ON uc.user_id = i.user_id AND uc.client_id = i.client_id
        WHERE i.token_hash = $1`,
      [tokenHash],
    );
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
      const [used] = await queryRows<{ user_id: string; client_id: string; role: ClientRole }>(
        tx,
        `UPDATE user_invitation i SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
            AND EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = i.user_id AND uc.client_id = i.client_id
                         AND uc.status = 'invited')
          RETURNING user_id, client_id, role`,
        [tokenHash],
      );
      if (!used) return null;
      await tx.query(
        `UPDATE user_client SET status = 'active', role = $3 WHERE user_id = $1 AND client_id = $2`,
        [used.user_id, used.client_id, used.role],
      );
      // A person new to the service gets this client as default; one with other clients keeps theirs.
      await tx.query(
        `UPDATE app_user u SET password_hash = $2,
                default_client_id = CASE WHEN EXISTS (
                  SELECT 1 FROM user_client uc WHERE uc.user_id = u.id AND uc.client_id = u.default_client_id
                     AND uc.status = 'active') THEN u.default_client_id ELSE $3 END
          WHERE id = $1`,
        [used.user_id, passwordHash, used.client_id],
      );
      return used.user_id;
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
      const members = await queryRows<{ user_id: string; role: ClientRole; status: MemberStatus }>(
        tx,
        `SELECT user_id, role, status FROM user_client WHERE client_id = $1 ORDER BY user_id FOR UPDATE`,
        [clientId],
      );
      const current = members.find((m) => m.user_id === userId);
      if (!current) return null;
      const otherActiveAdmins = members.filter(
        (m) => m.user_id !== userId && m.status === 'active' && m.role === 'admin',
      ).length;
      const refusal = decide({ role: current.role, status: current.status }, otherActiveAdmins);
      if (refusal) throw refusal;
      await tx.query(
        `UPDATE user_client SET role = COALESCE($3, role), status = COALESCE($4, status)
          WHERE user_id = $1 AND client_id = $2`,
        [userId, clientId, change.role ?? null, change.status ?? null],
      );
      let endedSessions: string[] = [];
      if (change.status === 'disabled' && current.status !== 'disabled') {
        await retireInvitations(tx, userId, clientId);
        endedSessions = await endSessions(tx, userId, 'user disabled');
      }
      const [member] = await queryRows<MemberView>(
        tx,
        `SELECT ${MEMBER_VIEW} FROM user_client uc JOIN app_user u ON u.id = uc.user_id
          WHERE uc.user_id = $1 AND uc.client_id = $2`,
        [userId, clientId],
      );
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
      const [user] = await queryRows<{ id: string }>(
        tx,
        `SELECT id FROM app_user WHERE email = $1 FOR UPDATE`,
        [email],
      );
      if (!user) return null;
      const changed = await queryRows<{ client_id: string }>(
        tx,
        `UPDATE user_client SET status = 'disabled' WHERE user_id = $1 AND status <> 'disabled' RETURNING client_id`,
        [user.id],
      );
      const all = await queryRows<{ client_id: string }>(
        tx,
        `SELECT client_id FROM user_client WHERE user_id = $1 ORDER BY client_id`,
        [user.id],
      );
      await tx.query(`UPDATE user_invitation SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        user.id,
      ]);
      const endedSessions = await endSessions(tx, user.id, 'user disabled');
      return {
        userId: user.id,
        clientIds: all.map((row) => row.client_id),
        changed: changed.length > 0,
        endedSessions,
      };
    });
  }
}

async function retireInvitations(tx: SqlExecutor, userId: string, clientId: string): Promise<void> {
  await tx.query(
    `UPDATE user_invitation SET used_at = now() WHERE user_id = $1 AND client_id = $2 AND used_at IS NULL`,
    [userId, clientId],
  );
}

/** Revokes every live session of a user; their ids come back (for the caches that hold them). */
export async function endSessions(tx: SqlExecutor, userId: string, reason: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    `UPDATE auth_session SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
    [userId, reason],
  );
  return rows.map((row) => row.id);
}
