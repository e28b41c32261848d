import { ForbiddenError } from '../errors';
import { clientsAllowing, isClientRole, roleAllows, roleRefusal, CLIENT_ROLES } from './roles';

describe('roles', () => {
  it.each([
    ['viewer', 'viewer', true],
    ['viewer', 'analyst', false],
    ['viewer', 'admin', false],
    ['analyst', 'viewer', true],
    ['analyst', 'analyst', true],
    ['analyst', 'admin', false],
    ['admin', 'viewer', true],
    ['admin', 'analyst', true],
    ['admin', 'admin', true],
    [undefined, 'viewer', false],
  ] as const)('%s may do what needs %s: %s', (held, needed, allowed) => {
    expect(roleAllows(held, needed)).toBe(allowed);
  });

  it('knows its roles, lowest first, and nothing else', () => {
    expect(CLIENT_ROLES).toEqual(['viewer', 'analyst', 'admin']);
    expect(CLIENT_ROLES.every(isClientRole)).toBe(true);
    expect(['Admin', 'owner', '', null, 3].some(isClientRole)).toBe(false);
  });

  it('keeps the clients, in order, where the role held is enough', () => {
    const roles = { acme: 'viewer', globex: 'admin', initech: 'analyst' } as const;
    expect(clientsAllowing(['acme', 'globex', 'initech'], roles, 'analyst')).toEqual(['globex', 'initech']);
    expect(clientsAllowing(['acme', 'globex', 'initech'], roles, 'viewer')).toEqual([
      'acme',
      'globex',
      'initech',
    ]);
    expect(clientsAllowing(['acme', 'unknown'], roles, 'viewer')).toEqual(['acme']);
  });

  it.each([
    ['analyst', undefined, 'This operation needs the analyst role or admin.'],
    ['analyst', 'viewer', 'This operation needs the analyst role or admin (your role is viewer).'],
    ['admin', 'analyst', 'This operation needs the admin role (your role is analyst).'],
  ] as const)('refuses what needs %s to a %s with a 403 naming the role', (needed, held, message) => {
    const refusal = roleRefusal(needed, held);
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect(refusal.message).toBe(message);
  });
});
