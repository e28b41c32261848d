import { ConflictError, FieldViolation } from '../errors';
import { characterCount } from '../request-shape';
import { CLIENT_ROLES, ClientRole, isClientRole } from '../auth/roles';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '../auth/sign-in';

/**
 * A person's membership of a client (docs/behaviour.md, "Users"): invited until they accept the
 * invitation, then active; an admin may disable it and enable it again. Only active memberships
 * sign in or act.
 */
export const MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** What `PATCH /users/{id}` may set: an invitation becomes active only by being accepted. */
export const SETTABLE_MEMBER_STATUSES = ['active', 'disabled'] as const;

export interface Membership {
  role: ClientRole;
  status: MemberStatus;
}

/** E-mails are compared and kept lower-cased, without surrounding blanks. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailViolations(email: unknown): FieldViolation[] {
  if (typeof email !== 'string' || email.trim() === '')
    return [{ field: 'email', message: 'email is required.' }];
  if (characterCount(email) > MAX_EMAIL_LENGTH)
    return [{ field: 'email', message: `email must be at most ${MAX_EMAIL_LENGTH} characters.` }];
  if (!isEmailAddress(email.trim())) return [{ field: 'email', message: 'email must be an e-mail address.' }];
  return [];
}

function roleViolations(role: unknown): FieldViolation[] {
  return isClientRole(role)
    ? []
    : [{ field: 'role', message: `role must be one of ${CLIENT_ROLES.join(', ')}.` }];
}

/** The body of an invitation: whom, with which role. */
export function invitationViolations(input: { email?: unknown; role?: unknown }): FieldViolation[] {
  return [...emailViolations(input.email), ...roleViolations(input.role)];
}

/** The body of a change of membership: a role, a status or both. */
export function membershipChangeViolations(change: { role?: unknown; status?: unknown }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (change.role === undefined && change.status === undefined)
    violations.push({ field: 'role', message: 'Send role, status or both.' });
  if (change.role !== undefined) violations.push(...roleViolations(change.role));
  if (
    change.status !== undefined &&
    !(SETTABLE_MEMBER_STATUSES as readonly unknown[]).includes(change.status)
  )
    violations.push({
      field: 'status',
      message: `status must be one of ${SETTABLE_MEMBER_STATUSES.join(', ')}.`,
    });
  return violations;
}

/** An invitation of someone who is already a member (active or disabled) is refused. */
export function invitationRefusal(existing: Membership | null, email: string): ConflictError | null {
  if (existing === null || existing.status === 'invited') return null;
  return new ConflictError(
    existing.status === 'active'
      ? `${email} is already a member of this client.`
      : `${email} is already a member of this client, disabled: enable them with PATCH /users/{id} instead.`,
  );
}

function isActiveAdmin(membership: Membership): boolean {
  return membership.status === 'active' && membership.role === 'admin';
}

/** The membership a change leaves. */
export function changedMembership(
  current: Membership,
  change: { role?: ClientRole; status?: 'active' | 'disabled' },
): Membership {
  return { role: change.role ?? current.role, status: change.status ?? current.status };
}

/**
 * Why a change may not be made: an invitation cannot be made active by hand, and a client must
 * keep an active admin (else no one could manage its users again). `otherActiveAdmins` counts the
 * client's active admins besides this member.
 */
export function membershipChangeRefusal(
  current: Membership,
  change: { role?: ClientRole; status?: 'active' | 'disabled' },
  otherActiveAdmins: number,
): ConflictError | null {
  if (current.status === 'invited' && change.status === 'active')
    return new ConflictError(
      'This user has not accepted the invitation yet: they become active by accepting it.',
    );
  const after = changedMembership(current, change);
  if (isActiveAdmin(current) && !isActiveAdmin(after) && otherActiveAdmins === 0)
    return new ConflictError(
      'This user is the last active admin of the client: make another user admin first.',
    );
  return null;
}
