import {
  changedMembership,
  emailViolations,
  invitationRefusal,
  invitationViolations,
  Membership,
  membershipChangeRefusal,
  membershipChangeViolations,
  normalisedEmail,
} from './memberships';

const fields = (violations: Array<{ field: string; message: string }>) => violations.map((v) => v.field);

describe('memberships', () => {
  it('keeps e-mails lower-cased and trimmed', () => {
    expect(normalisedEmail('  Ana.Ruiz@ACME.test ')).toBe('ana.ruiz@acme.test');
  });

  it.each([
    [{ email: 'ana@acme.test', role: 'viewer' }, []],
    [{ email: ' Ana@Acme.test ', role: 'admin' }, []],
    [{ email: 'ana', role: 'analyst' }, ['email']],
    [{ role: 'analyst' }, ['email']],
    [{ email: 'ana@acme.test', role: 'owner' }, ['role']],
    [{ email: 7, role: undefined }, ['email', 'role']],
    [{ email: `${'a'.repeat(250)}@a.mx`, role: 'viewer' }, ['email']],
  ])('invitation %p breaks %p', (input, expected) => {
    expect(fields(invitationViolations(input))).toEqual(expected);
  });

  it('explains each refused address', () => {
    expect(emailViolations('').map((v) => v.message)).toEqual(['email is required.']);
    expect(emailViolations('x@').map((v) => v.message)).toEqual(['email must be an e-mail address.']);
  });

  it.each([
    [{ role: 'viewer' }, []],
    [{ status: 'disabled' }, []],
    [{ role: 'admin', status: 'active' }, []],
    [{}, ['role']],
    [{ status: 'invited' }, ['status']],
    [{ role: 'root', status: 'gone' }, ['role', 'status']],
  ])('change %p breaks %p', (change, expected) => {
    expect(fields(membershipChangeViolations(change))).toEqual(expected);
  });

  it('refuses to invite a member again, not someone invited already', () => {
    expect(invitationRefusal(null, 'a@b.mx')).toBeNull();
    expect(invitationRefusal({ role: 'viewer', status: 'invited' }, 'a@b.mx')).toBeNull();
    expect(invitationRefusal({ role: 'viewer', status: 'active' }, 'a@b.mx')?.message).toBe(
      'a@b.mx is already a member of this client.',
    );
    expect(invitationRefusal({ role: 'viewer', status: 'disabled' }, 'a@b.mx')?.message).toMatch(
      /disabled: enable them/,
    );
  });

  const activeAdmin: Membership = { role: 'admin', status: 'active' };

  it('keeps a client with an active admin', () => {
    const last = /last active admin/;
    expect(membershipChangeRefusal(activeAdmin, { role: 'analyst' }, 0)?.message).toMatch(last);
    expect(membershipChangeRefusal(activeAdmin, { status: 'disabled' }, 0)?.message).toMatch(last);
    expect(membershipChangeRefusal(activeAdmin, { role: 'viewer' }, 1)).toBeNull();
    expect(membershipChangeRefusal(activeAdmin, { role: 'admin', status: 'active' }, 0)).toBeNull();
    // A disabled admin is not what keeps the client managed.
    expect(membershipChangeRefusal({ role: 'admin', status: 'disabled' }, { role: 'viewer' }, 0)).toBeNull();
  });

  it('lets an invitation become active only by its acceptance', () => {
    const invited: Membership = { role: 'analyst', status: 'invited' };
    expect(membershipChangeRefusal(invited, { status: 'active' }, 3)?.message).toMatch(/not accepted/);
    expect(membershipChangeRefusal(invited, { status: 'disabled' }, 3)).toBeNull();
    expect(membershipChangeRefusal(invited, { role: 'viewer' }, 3)).toBeNull();
  });

  it('applies a change field by field', () => {
    expect(changedMembership(activeAdmin, { role: 'viewer' })).toEqual({ role: 'viewer', status: 'active' });
    expect(changedMembership(activeAdmin, { status: 'disabled' })).toEqual({
      role: 'admin',
      status: 'disabled',
    });
  });
});
